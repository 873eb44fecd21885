"""`manage.py bench_league`'s results during its loads (league/tooling/bench_results.py) and the verdicts
it prints (league/tooling/bench_report.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.db.models import Q

from league.infra.page_versions import ANY, SITE, league_scope, play_scope, versions
from league.tooling.bench_report import report_load, report_results
from league.tooling.bench_serve import AfterResult, Load, Page
from matches.models import Match


# Committed data: the results' thread reads and writes through its own connection.
@pytest.mark.django_db(transaction=True)
def test_the_loads_results_are_real_matches_that_bump_their_league_only():
    from league.tooling.bench_league import build_league
    from league.tooling.bench_results import Results

    big = build_league(teams=4, matches=4, prefix="bench")
    other = build_league(teams=4, matches=2, prefix="small")
    ids = [SITE, ANY, league_scope(big.league.pk), league_scope(other.league.pk)]
    ids += [play_scope(big.league.pk), play_scope(other.league.pk)]
    before = versions(ids)
    results = Results(big, seed=3)
    results.start()
    results.stop()  # at once: the result due at the start is played, and waited for

    assert (results.processed, results.due, results.failures) == (1, 1, [])
    assert not results.behind
    # Its round drawn first (a match of each pair), one of them played.
    played = Match.objects.get(league=big.league, round=None, status=Match.Status.PROCESSED)
    assert played.status == Match.Status.PROCESSED and played.postgame_input is not None
    assert played.season_id == big.season.pk and played.confirmed_by_id == played.away.coach_id
    pair = [big.first_match.home_id, big.first_match.away_id]  # the replay's: left alone
    assert not Match.objects.filter(pk=played.pk).filter(Q(home__in=pair) | Q(away__in=pair)).exists()
    # Bumped as a round drawn and a result played on the site: its league's pages (the draw) and results
    # (the result) and the pages of no league, not the site's nor another league's.
    after = versions(ids)
    assert after[SITE] == before[SITE]
    assert after[ANY] > before.get(ANY, 0)
    assert after[league_scope(big.league.pk)] > before.get(league_scope(big.league.pk), 0)
    assert after[play_scope(big.league.pk)] > before.get(play_scope(big.league.pk), 0)
    for scope in (league_scope(other.league.pk), play_scope(other.league.pk)):
        assert after.get(scope) == before.get(scope)


def _page(name: str, league_id: int, readers: dict[str, tuple[float, float, float]]) -> Page:
    page = Page(name, "/", "", None, league_id=league_id)  # type: ignore[arg-type]
    page.times_ms = [10.0]
    for who, (reread, other, own) in readers.items():
        page.after[who] = AfterResult("", [reread], [own], [other])
    return page


def test_each_page_after_a_result_passes_or_fails_for_each_reader():
    bare = Page("bare view", "/bare/", "", None)  # type: ignore[arg-type]
    bare.times_ms = [2.0]
    # Anonymous: kept 1.5x its re-read, rendered 9x the bare view. Logged in: kept 2.5x (stale), or
    # rendered 11x.
    home = _page("league home", 1, {"anonymous": (4.0, 6.0, 18.0), "logged in": (4.0, 10.0, 18.0)})
    team = _page("team", 1, {"anonymous": (4.0, 6.0, 18.0), "logged in": (4.0, 6.0, 22.0)})
    fixtures = _page("fixtures", 1, {"logged in": (4.0, 6.0, 18.0)})  # not public
    lines: list[str] = []
    missed = report_results(lines.append, [bare, home, fixtures, team], [bare, home, fixtures, team], 2.0, 10.0)

    assert missed == ["league home after a result (logged in)", "team after a result (logged in)"]
    anonymous, logged_in = (n for n, li in enumerate(lines) if li.startswith("first read after a result"))
    assert lines[anonymous].endswith(", anonymous:") and lines[logged_in].endswith(", logged in:")
    assert lines[anonymous + 2].split()[2:6] == ["6.0", "1.50", "18.0", "9.00"]
    assert lines[anonymous + 2].endswith("PASS (other <= 2x, own <= 10x)")
    assert lines[anonymous + 3] == "fixtures       (not a public page)"
    assert lines[anonymous + 4].endswith("PASS (other <= 2x, own <= 10x)")
    assert lines[logged_in + 2].split()[2:6] == ["10.0", "2.50", "18.0", "9.00"]
    assert lines[logged_in + 2].endswith("FAIL (other <= 2x, own <= 10x)")
    assert lines[logged_in + 3].endswith("PASS (other <= 2x, own <= 10x)")
    assert lines[logged_in + 4].split()[3:5] == ["22.0", "11.00"]
    assert lines[logged_in + 4].endswith("FAIL (other <= 2x, own <= 10x)")


def _load(times: list[float], errors: int = 0, processed: int = 10, due: int = 10, failures: int = 0) -> Load:
    results = SimpleNamespace(
        processed=processed,
        due=due,
        behind=processed < due,
        failures=["MatchError: no"] * failures,
        seconds=[0.5, 0.7],
    )
    return Load(50, len(times), 10.0, times, errors, {"league home": len(times)}, results)


@pytest.mark.parametrize(
    ("load", "verdict"),
    [
        (_load([100.0] * 99 + [900.0]), "PASS"),
        (_load([100.0] * 90 + [600.0] * 10), "FAIL"),  # p95 600 ms
        (_load([100.0] * 100, errors=1), "FAIL"),
        (_load([100.0] * 100, failures=1), "FAIL"),  # a result that did not land
        (_load([100.0] * 100, processed=8), "FAIL"),  # fewer than one a second
    ],
)
def test_the_load_passes_under_500_ms_with_no_error_and_a_result_each_second(load, verdict):
    lines: list[str] = []
    missed = report_load(lines.append, "logged-in coaches", load, 500.0)

    assert lines[0].startswith(
        f"load: 50 logged-in coaches, 1 result/s in the league: {load.per_second:.1f} req/s, p95 "
    )
    assert lines[0].endswith(f"  {verdict} (p95 < 500 ms, no error, a result each second)")
    assert missed == ([] if verdict == "PASS" else ["load (logged-in coaches)"])
    assert f"{load.results.processed} results processed ({load.results.due} due, " in lines[1]
