"""`manage.py bench_league` (issue 9 item 7): a small league built and its pages measured."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import NoReverseMatch, reverse

from league.models import Round, Season, SeasonTeam
from matches.models import Match, MatchPlayer
from teams.models import Team

ROW = re.compile(
    r"^(bare view|league home|season standings|stats leaders)\s+([\d.]+)\s+([\d.]+)\s+(\d+(?:-\d+)?)\s+([\d.]+)"
)


def _standings_built() -> bool:
    try:
        reverse("league:season_standings", kwargs={"slug": "x", "number": 1})
    except NoReverseMatch:
        return False
    return True


@pytest.mark.django_db
def test_bench_league_builds_the_league_and_prints_each_page():
    out = StringIO()
    call_command("bench_league", "--teams", "6", "--matches", "10", "--repeat", "2", "--current-database", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("bench_league: 6 teams (")
    assert "10 processed matches" in lines[0]
    assert lines[1].split() == ["page", "median", "ms", "p90", "ms", "queries", "x", "bare", "target"]
    rows = {m[1]: m for m in map(ROW.match, lines[2:]) if m}
    assert float(rows["bare view"][5]) == 1.0
    assert re.search(r"  (PASS|FAIL) \(<= 3x\)$", next(li for li in lines if li.startswith("league home")))
    assert re.search(r"  (PASS|FAIL) \(<= 3x\)$", next(li for li in lines if li.startswith("stats leaders")))
    if _standings_built():
        assert "season standings" in rows
    else:
        assert "season standings  not available (no URL named league:season_standings)" in lines

    # What the pages read: a regular season with every team approved, processed matches in rounds.
    season = Season.objects.get()
    assert season.status == Season.Status.REGULAR
    assert SeasonTeam.objects.filter(season=season, status=SeasonTeam.Status.APPROVED).count() == 6
    teams = Team.objects.filter(status=Team.Status.READY)
    assert teams.count() == 6
    assert all(11 <= t.players.count() <= 12 for t in teams)
    matches = Match.objects.filter(season=season, status=Match.Status.PROCESSED)
    assert matches.count() == 10
    assert Round.objects.filter(season=season).count() == 4  # 3 matches a round
    assert not matches.filter(sequence="").exists()
    assert not matches.filter(confirmed_at=None).exists()
    assert list(matches.order_by("sequence").values_list("round__number", flat=True)) == sorted(
        matches.values_list("round__number", flat=True)
    )
    for match in matches:
        lines_of = MatchPlayer.objects.filter(match=match)
        assert sum(li.touchdowns for li in lines_of if li.side == "home") == match.home_score
        assert sum(li.touchdowns for li in lines_of if li.side == "away") == match.away_score


@pytest.mark.django_db
def test_bench_league_refuses_an_odd_number_of_teams():
    with pytest.raises(CommandError, match="--teams must be even"):
        call_command("bench_league", "--teams", "5", "--current-database", stdout=StringIO())


@pytest.mark.django_db
def test_each_page_gets_its_row_and_check_fails_over_the_target(monkeypatch):
    from league.management.commands import bench_league

    # The standings page stands in for itself with the league home's URL (it may not be merged yet).
    monkeypatch.setattr(bench_league, "_url", lambda name, slug, number: reverse("league:detail", args=[slug]))
    monkeypatch.setattr(bench_league, "TARGET", 0.0)  # nothing is within 0 times the bare view
    out = StringIO()
    args = ["--teams", "4", "--matches", "4", "--repeat", "2", "--current-database"]
    with pytest.raises(
        CommandError, match="over 0 times the bare view or failed: league home, season standings, stats leaders"
    ):
        call_command("bench_league", *args, "--check", stdout=out)
    rows = {m[1]: m for m in map(ROW.match, out.getvalue().splitlines()) if m}
    assert set(rows) == {"bare view", "league home", "season standings", "stats leaders"}
    assert all(int(rows[name][4]) > 0 for name in rows)  # queries counted
