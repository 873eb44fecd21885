"""A semi-final entered on the pages: its winnings follow the ruleset's doubling, the Blood Bowl
holder's +20,000 is added after the doubling (LRB6 p.31 L4072-4073, p.33 L4263-4265; spec §9.3 and
A11), and the sheet says the gate is doubled too."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions.challenges.trophies.services import trophy_award, trophy_from_choice
from league.competitions.standings.playoffs.services import BracketChoice, bracket_create
from matches.models import Match
from teams.models import TreasuryEntry
from tests.matches.test_views_support import login, prematch_through_pages, report_data

pytestmark = pytest.mark.django_db

GATE_NOTE = "A semi-final or a final: the gate is multiplied by 2."


def winnings(match: Match) -> dict[int, int]:
    rows = TreasuryEntry.objects.filter(match=match, kind=TreasuryEntry.Kind.WINNINGS)
    return dict(rows.values_list("team_id", "amount"))


def result_on_pages(client, match: Match, capture, **fields) -> Match:
    """The home coach enters 1-0 with the winnings dice (home 3, away 2, no re-roll) and the gate,
    submits it; the away coach confirms; the post-match sequence runs."""
    prematch_through_pages(client, match)
    match.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE
    home = login(client, match.home.coach)
    sheet = home.get(reverse("matches:result", args=[match.pk])).content.decode()
    data = report_data(match, winnings_home=3, winnings_away=2, reroll_home="", **fields)
    assert home.post(reverse("matches:result", args=[match.pk]), data).status_code == 302
    home.post(reverse("matches:submit", args=[match.pk]))
    with capture(execute=True):
        login(client, match.away.coach).post(reverse("matches:confirm", args=[match.pk]))
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    match.sheet = sheet
    return match


def test_semi_final_doubles_then_adds_the_blood_bowl_bonus(
    client, make_season, commissioner, league, django_capture_on_commit_callbacks
):
    season, teams = make_season(4)
    holder = teams[0]
    trophy_award(trophy=trophy_from_choice(league, "blood_bowl"), team=holder, by=commissioner)
    bracket_create(
        season=season,
        choice=BracketChoice(size=4, qualification="standings", seeding="standings"),
        by=commissioner,
    )
    semi = Match.objects.filter(season=season, stage="semi_final").order_by("bracket_game__number").first()
    assert semi.home_id == holder.pk
    semi = result_on_pages(client, semi, django_capture_on_commit_callbacks, gate=54)
    assert GATE_NOTE in semi.sheet
    assert semi.gate == 54
    # Holder, winner: ((D6 3 + FAME 0) x 10,000 + 10,000) x 2 + 20,000 = 100,000 (not 120,000).
    # The other side: (2 + 0) x 10,000 x 2 = 40,000.
    assert winnings(semi) == {holder.pk: 100_000, semi.away_id: 40_000}


def test_a_league_match_sheet_says_nothing_of_doubling(
    client, make_season, commissioner, league, django_capture_on_commit_callbacks
):
    from matches.services import match_schedule

    _season, teams = make_season(4)
    match = match_schedule(league=league, home=teams[0], away=teams[1], by=commissioner)
    match = result_on_pages(client, match, django_capture_on_commit_callbacks, gate=27)
    assert GATE_NOTE not in match.sheet
    assert winnings(match) == {teams[0].pk: 40_000, teams[1].pk: 20_000}
