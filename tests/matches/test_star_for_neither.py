"""A star player both coaches induce plays for neither, and both pay (PBBL P36/L80, "both pay and
neither gets him"; LRB6's inducement details, p.49-50, are missing from seed 000, so the one text
we have applies: docs/decisions/matches.md, "A star both teams induce")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.core.services import league_join
from matches.models import Match, MatchInducement
from matches.services import match_schedule
from matches.services.snapshot import build_report
from tests.builders import human_team
from tests.matches.test_views_support import declare_petty_cash, prematch_through_pages

pytestmark = pytest.mark.django_db

HELMUT = "Helmut Wulf"  # 110,000: a star both Human teams may induce (star_players.csv)


@pytest.fixture
def human_derby(league, humans, coach_bob, commissioner):
    """Reavers (alice, home) v Altdorf (bob): two Human teams of 550,000 with 450,000 in treasury.
    Altdorf moves 120,000 into petty cash, the Reavers 110,000: Altdorf is the stronger side and
    buys first; the Reavers get 10,000 of inducement money and their 110,000."""
    league_join(league=league, user=coach_bob)
    altdorf = human_team(league, coach_bob, "Altdorf")
    match = match_schedule(league=league, home=humans, away=altdorf, by=commissioner)
    declare_petty_cash(match, home=110_000, away=120_000)
    return match


def test_a_star_both_teams_induce_is_paid_by_both_and_plays_for_neither(client, human_derby, coach_alice):
    match = human_derby
    page = prematch_through_pages(client, match, away_stars="helmut_wulf", home_stars="helmut_wulf")
    assert page.status_code == 200
    match.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE
    rows = list(MatchInducement.objects.filter(match=match).values_list("side", "star", "cost", "plays_for_neither"))
    # Both sides paid his fee; neither fields him.
    assert sorted(rows) == [("away", "helmut_wulf", 110_000, True), ("home", "helmut_wulf", 110_000, True)]
    html = client.get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert html.count(f"{HELMUT} (both teams induced him: paid, he plays for neither)") == 2
    # The result the post-match sequence reads offers him to neither side (no MVP draw, no player).
    report = build_report(match)
    for side in (report.home, report.away):
        assert not [p for p in side.players if p.is_star_or_mercenary]
        assert len(side.players) == 11
        assert side.inducements_cost == 110_000


def test_the_second_coach_is_told_when_he_picks_the_same_star(client, human_derby, coach_alice):
    match = human_derby
    client.force_login(match.away.coach)
    chooser = client.get(reverse("matches:prematch", args=[match.pk])).content.decode()
    assert "A star player both teams choose plays for neither team, and both pay his fee." in chooser
    client.post(reverse("matches:inducements", args=[match.pk]), {"side": "away", "away_stars": "helmut_wulf"})
    client.force_login(coach_alice)
    client.post(reverse("matches:inducements", args=[match.pk]), {"side": "home", "home_stars": "helmut_wulf"})
    html = client.get(reverse("matches:prematch", args=[match.pk])).content.decode()
    assert html.count(f"Star player: {HELMUT} (both teams chose him: both pay, he plays for neither)") == 2


def test_a_star_induced_by_one_side_only_plays(client, human_derby):
    match = human_derby
    prematch_through_pages(client, match, away_stars="helmut_wulf", home_item_bribes="1")
    row = MatchInducement.objects.get(match=match, star="helmut_wulf")
    assert (row.side, row.plays_for_neither) == ("away", False)
    stars = [p for p in build_report(match).away.players if p.is_star_or_mercenary]
    assert len(stars) == 1
