"""A processed result corrected in Chromium: the commissioner opens the first match of the season
from its page, corrects it on the result sheet (a touchdown was forgotten: 1-1 becomes 2-1), reads
the preview, confirms, and the teams' pages, the standings and the statistics show the corrected
season.

The season is set up by services (three teams, three matches, every result processed, the server's
dice always 4: tests/matches/history_helpers.SteadyDice); everything after goes through the pages.

    Round 1, day 1: Reavers 1-1 Gouged Eye (Reavers #1 H1 and Gouged Eye #1 O1 score), entered as
                    such; in fact Reavers #2 H2 scored a second touchdown: Reavers 2-1.
    Round 2, day 2: Grey Fangs 1-0 Reavers (Grey Fangs #1 H1).
    Round 3, day 3: Gouged Eye 0-0 Grey Fangs.

    Standings (played, won, drawn, lost, TD for, TD against), before -> after:
        Reavers     2 0 1 1 1 2 -> 2 1 0 1 2 2
        Gouged Eye  2 0 2 0 1 1 -> 2 0 1 1 1 2
        Grey Fangs  2 1 1 0 1 0 (unchanged)
    H2's touchdown is worth 3 SPP: 0 -> 3 (the MVP, drawn by a 4, is each side's #4).
    A winner rolls three fan factor dice, a draw two: the commissioner types Reavers' third die.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from tests.browser.result_sheet import add_event
from tests.browser.session import Session, text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

R, G, F = "Reavers", "Gouged Eye", "Grey Fangs"
# (home, away, score, scorers by (side, shirt number)); played on day 1, 2, 3 of September.
RESULTS = (
    (R, G, (1, 1), (("home", 1), ("away", 1))),
    (F, R, (1, 0), (("home", 1),)),
    (G, F, (0, 0), ()),
)
BEFORE = {R: "2 0 1 1 1 2", G: "2 0 2 0 1 1", F: "2 1 1 0 1 0"}
AFTER = {R: "2 1 0 1 2 2", G: "2 0 1 1 1 2", F: "2 1 1 0 1 0"}


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    from tests.matches.history_helpers import SteadyDice

    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


def season_played(django_user_model):
    """The league, its season and its three matches, processed (through the services)."""
    from league.competitions.seasons.fixtures import fixture_add
    from matches.models import Match
    from matches.services import (
        PlayerLine,
        PrematchInput,
        ReportInput,
        prematch_record,
        report_confirm,
        report_save,
        report_submit,
    )
    from tests.builders import human_team, league_of, orc_team
    from tests.seasons.helpers import running_season

    users = {
        name: django_user_model.objects.create_user(username=name, password=f"pw-{name}-1988")
        for name in ("commissioner", "alice", "bob", "carol")
    }
    boss = users["commissioner"]
    league = league_of("lrb6", "Correction League", boss, users["alice"], users["bob"], users["carol"])
    teams = {
        R: human_team(league, users["alice"], R),
        G: orc_team(league, users["bob"], G),
        F: human_team(league, users["carol"], F),
    }
    season = running_season(league, boss, list(teams.values()))
    matches = []
    for day, (home, away, score, scorers) in enumerate(RESULTS, start=1):
        match = fixture_add(season=season, round_number=day, home=teams[home], away=teams[away], by=boss)
        prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=boss)
        lines = tuple(
            PlayerLine(teams[home if side == "home" else away].players.get(number=n).pk, touchdowns=1)
            for side, n in scorers
        )
        report = ReportInput(
            home_score=score[0], away_score=score[1], gate=20, lines=lines, played_on=date(2026, 9, day)
        )
        report_save(match=match, report=report, by=boss)
        report_submit(match=match, by=boss)
        report_confirm(match=match, by=boss)  # the sequence runs in-process once this commits
        match.refresh_from_db()
        assert match.status == Match.Status.PROCESSED, match.failure_reason
        matches.append(match)
    return league, season, teams, matches


def figures(s: Session, league, season, teams) -> dict[str, str]:
    s.go(reverse("league:season_standings", args=[league.slug, season.number]))
    found = {}
    for name, team in teams.items():
        row = s.page.locator(f'#standings tr[data-team="{team.pk}"]')
        found[name] = " ".join(row.get_attribute("data-figures").split()[:6])
    return found


def spp_on_team_page(s: Session, team, number: int) -> str:
    s.go(team.get_absolute_url())
    return text(s.page.locator(f'#roster tr[data-number="{number}"] .roster-spp'))


def test_the_commissioner_corrects_a_result_and_the_season_follows(page, live_server, django_user_model):
    league, season, teams, (first, *_later) = season_played(django_user_model)
    h2 = teams[R].players.get(number=2)
    s = Session(page, live_server)
    s.log_in("commissioner")
    assert figures(s, league, season, teams) == BEFORE
    assert spp_on_team_page(s, teams[R], 2) == "0"

    # The match page offers the correction; the sheet comes filled with what was entered.
    s.go(first.get_absolute_url())
    s.submit("#correct-history-link", live_server.url + reverse("matches:correct", args=[first.pk]))
    assert s.page.locator("#id_home_score").input_value() == "1"
    assert s.page.locator('input[name="die__ff__home"]').input_value() == "4, 4"
    s.page.fill("#id_home_score", "2")
    add_event(s.page, h2.pk)
    s.page.fill(f'input[name="p{h2.pk}_td"]', "1")
    s.page.fill('input[name="die__ff__home"]', "4, 4, 4")  # the winner's three dice
    s.page.fill("#id_reason", "H2's touchdown was forgotten")
    s.submit("#preview-correction")

    # The preview, in words; nothing has moved yet.
    preview_url = s.page.url
    preview = text(s.page.locator("#correction-moved"))
    assert "What it would move" in preview
    assert "#2 H2: SPP 0 → 3" in preview and R in preview
    assert figures(s, league, season, teams) == BEFORE
    s.go(preview_url)
    s.submit("#confirm-correction", live_server.url + first.get_absolute_url())
    assert "Correction applied" in text(s.page.locator(".alert-success").first)
    assert text(s.page.locator("#match-title")).startswith(f"{R} 2 – 1 {G}")
    corrections = text(s.page.locator("#corrections"))
    assert "H2's touchdown was forgotten" in corrections and "#2 H2: SPP 0 → 3" in corrections

    # The teams' pages, the standings and the statistics read the corrected season.
    assert spp_on_team_page(s, teams[R], 2) == "3"
    assert "#2 H2: SPP 0 → 3" in text(s.page.locator("#team-corrections"))
    s.go(teams[G].get_absolute_url())
    assert "H2's touchdown was forgotten" in text(s.page.locator("#team-corrections"))
    assert figures(s, league, season, teams) == AFTER
    s.go(reverse("league:stats", args=[league.slug]) + f"?season={season.number}")
    row = s.page.locator(f'#leaders-table tr[data-player="{h2.pk}"]')
    assert text(row.locator('td[data-column="touchdowns"]')) == "1"
