"""`manage.py bench_league` end to end on a tiny size: two leagues built, gunicorn started as the
Procfile runs it, every page measured against the bare view, the load run, a correction replayed,
the targets checked."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Q
from django.test import Client

from league.competitions.seasons.models import Round, Season, SeasonTeam
from league.core.models import League
from league.tooling.bench_urls import BARE_PATH, BASE_PATH
from matches.models import DiceRoll, Match, MatchCorrection, MatchEffect, MatchPlayer
from teams.models import Team, TreasuryEntry

PAGES = [
    "bare view",
    "base.html",
    "league home",
    "season",
    "fixtures",
    "standings",
    "stats leaders",
    "team",
    "player",
    "match",
]
NUMBER = r"\s+([\d.]+)"
QUERIES = r"\s+(\d+(?:-\d+)?)"
# Per league: median ms, x bare, CPU ms, x bare, queries, KB.
ROW = re.compile(rf"^({'|'.join(PAGES)})" + NUMBER * 4 + QUERIES + NUMBER * 5 + QUERIES + NUMBER)


# Committed data: gunicorn's workers read it from their own connections.
@pytest.mark.django_db(transaction=True)
def test_bench_league_serves_every_page_through_gunicorn_and_checks_the_targets(monkeypatch):
    from league.management.commands import bench_league

    monkeypatch.setattr(bench_league, "TARGET", 0.0)  # nothing is within 0 times the bare view
    monkeypatch.setattr(bench_league, "RESULT_OTHER_TARGET", 0.0)  # nor its re-read after a result
    monkeypatch.setattr(bench_league, "RESULT_OWN_TARGET", 0.0)
    monkeypatch.setattr(bench_league, "P95_TARGET_MS", 0.0)  # nor served in no time under load
    monkeypatch.setattr(bench_league, "REPLAY_SECONDS", 0.0)  # nor replayed in no time
    out = StringIO()
    args = ["--teams", "4", "--matches", "4", "--small-teams", "4", "--small-matches", "2", "--repeat", "2"]
    args += ["--clients", "2", "--load-requests", "20", "--current-database", "--check"]
    after = [
        f"{name} after a result ({who})"
        for who in ("anonymous", "logged in")
        for name in PAGES[2:]
        if (name, who) != ("fixtures", "anonymous")  # the commissioner's page: not public
    ]
    missed = [*PAGES[2:], *after, "load (users)", "load (logged-in coaches)", "replay"]
    with pytest.raises(CommandError, match=re.escape("targets missed: " + ", ".join(missed)) + "$"):
        call_command("bench_league", *args, stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("bench_league: small league 4 teams, 2 matches; big league 4 teams (")
    assert "gunicorn as the Procfile runs it, 2 workers" in lines[0]
    header = "page small ms x bare cpu ms x bare queries KB big ms x bare cpu ms x bare queries KB target"
    assert lines[1].split() == header.split()
    rows = {m[1]: m for m in map(ROW.match, lines[2:]) if m}
    assert list(rows) == PAGES
    bare = rows["bare view"]
    assert bare[3] == bare[9] == "1.00" and bare[6] == bare[12] == "0"  # no query at all
    assert float(rows["base.html"][3]) > 0 and not lines[3].endswith(")")  # measured, no target
    for name in PAGES[2:]:
        line = next(li for li in lines if li.startswith(name))
        assert line.endswith("FAIL (<= 0x)"), line
        assert int(rows[name][6].split("-")[0]) > 0 and float(rows[name][7]) > 0  # queries counted, HTML sized
    # The same pages read once after a write (rendered, not kept): every page but the bare view.
    cold = lines[lines.index("first read after a write (rendered, not kept):") + 2 :]
    cold_row = re.compile(rf"^({'|'.join(PAGES[1:])})" + NUMBER * 8 + "$")
    assert [cold_row.match(li)[1] for li in cold[: len(PAGES) - 1]] == PAGES[1:]
    # And after a result in the other league (served kept) and in its own (played, its listeners run): a
    # league's pages, read by an anonymous browser (but the commissioner's fixtures page), then by the
    # page's user.
    result_row = re.compile(rf"^({'|'.join(PAGES[2:])})" + NUMBER * 8 + r"  (PASS|FAIL) \(other <= 0x, own <= 0x\)$")
    for who in ("anonymous", "logged in"):
        title = (
            "first read after a result in another league (x its re-read) / in its own league, played with its"
            f" listeners (x the bare view), {who}:"
        )
        block = lines[lines.index(title) + 2 :][: len(PAGES) - 2]
        assert lines[lines.index(title) + 1].split() == (["page"] + "other ms x reread own ms x bare".split() * 2) + [
            "target",
            "(small,",
            "big)",
        ]
        for name, line in zip(PAGES[2:], block, strict=True):
            if (name, who) == ("fixtures", "anonymous"):
                assert line.split() == ["fixtures", "(not", "a", "public", "page)"]
                continue
            row = result_row.match(line)
            assert row and row[1] == name and row[10] == "FAIL", line
            assert all(float(row[n]) > 0 for n in (2, 3, 4, 5, 6, 7, 8, 9))
    # The loads: anonymous users, then logged-in coaches, while real results land in the big league.
    processed = 0
    for who in ("users", "logged-in coaches"):
        n = next(i for i, li in enumerate(lines) if li.startswith(f"load: 2 {who}, "))
        assert re.match(
            rf"load: 2 {who}, 1 result/s in the league: [\d.]+ req/s, p95 \d+ ms  FAIL "
            r"\(p95 < 0 ms, no error, a result each second\)$",
            lines[n],
        )
        detail = re.match(
            r"  20 requests in [\d.]+ s \(at most 20 or 120 s: league home \d+(?: \(\d+ ms median\))?, season \d+, .*\), "
            r"each client having read each page once; "
            r"p50 \d+ ms, 0 errors; (\d+) results processed \((\d+) due, 0 failed; each [\d.]+ s median, "
            r"[\d.]+ s at most; \d+ pages rendered after them, in a thread of their own\)$",
            lines[n + 1],
        )
        assert detail, lines[n + 1]
        assert int(detail[1]) >= 1 and int(detail[2]) >= 1  # one at the load's start
        processed += int(detail[1])
    # The correction of a round-1 match: every later match of both its teams replayed.
    replay = re.compile(
        r"^replay(, small league)?: (\d+) matches replayed in [\d.]+ s \(([\d.]+) statements per match\)$"
    )
    small_replay, big_replay = (m for m in map(replay.match, lines) if m)
    assert small_replay[1] and not big_replay[1]
    assert int(small_replay[2]) == 1 and int(big_replay[2]) == 3  # round 1's; then round 2's of both teams too
    assert float(small_replay[3]) > 0 and float(big_replay[3]) > 0
    verdict = next(li for li in lines if li.startswith("replay target: "))
    assert re.match(
        r"replay target: FAIL \(under 0 s; statements per match at most 15% above the small league's: [+-]\d+%; "
        r"each further match [\d.]+\)$",
        verdict,
    )
    ratings = next(li for li in lines if li.startswith("ratings: "))
    assert re.match(
        r"ratings: 4 matches rated in [\d.]+ s \(from scratch, 16 entries\); 3 matches played for real rated "
        r"incrementally in [\d.]+ s \(max \d+ ms, \d+ entries updated\), equal to from scratch$",
        ratings,
    )

    # What the pages read: a regular season with every team approved, processed matches in rounds.
    league = League.objects.get(slug__startswith="bench")
    season = Season.objects.get(league=league)
    assert season.status == Season.Status.REGULAR
    assert SeasonTeam.objects.filter(season=season, status=SeasonTeam.Status.APPROVED).count() == 4
    teams = Team.objects.filter(league=league, status=Team.Status.READY)
    assert teams.count() == 4
    # The rosters built (the loads' results may have hired journeymen since).
    assert all(11 <= t.players.filter(name__startswith=f"{t.name} #").count() <= 12 for t in teams)
    matches = Match.objects.filter(season=season, status=Match.Status.PROCESSED, round__isnull=False)
    assert matches.count() == 4
    assert Round.objects.filter(season=season).count() == 2  # 2 matches a round
    assert not matches.filter(sequence="").exists()
    assert not matches.filter(confirmed_at=None).exists()
    assert list(matches.order_by("sequence").values_list("round__number", flat=True)) == sorted(
        matches.values_list("round__number", flat=True)
    )
    for match in matches:
        lines_of = MatchPlayer.objects.filter(match=match)
        assert sum(li.touchdowns for li in lines_of if li.side == "home") == match.home_score
        assert sum(li.touchdowns for li in lines_of if li.side == "away") == match.away_score
        if match.postgame_input is None:  # written in bulk
            assert DiceRoll.objects.filter(match=match, purpose__startswith="improvement:p").count() == 2
    # The last pair of round 1 played all its matches through the real sequence: what a replay reads.
    opening = matches.filter(round__number=1).latest("pk")
    pair = [opening.home_id, opening.away_id]
    real = matches.exclude(postgame_input=None)
    assert set(real) == set(matches.filter(Q(home__in=pair) | Q(away__in=pair))) and real.count() == 3
    assert TreasuryEntry.objects.filter(match__in=real).exists() and MatchEffect.objects.filter(match__in=real).exists()
    assert MatchCorrection.objects.get(match__league=league).status == MatchCorrection.Status.APPLIED
    # The loads' results: real matches of the season (arranged, no round; drawn before each load, as a
    # round is), every one played processed, none of the two teams whose history the replay corrects.
    drawn = Match.objects.filter(league=league, round=None)
    results = drawn.exclude(status=Match.Status.SCHEDULED)
    assert results.count() == processed and drawn.count() > processed
    assert not results.exclude(status=Match.Status.PROCESSED, season=season).exists()
    assert not results.filter(Q(home__in=pair) | Q(away__in=pair)).exists()
    assert not results.filter(postgame_input=None).exists()
    assert Team.objects.filter(league__slug__startswith="small").count() == 4


@pytest.mark.django_db  # the page cache reads the site's revision on every GET
def test_the_bench_views_are_in_no_public_urlconf(client: Client):
    assert client.get(BARE_PATH).status_code == 404
    assert client.get(BASE_PATH).status_code == 404


@pytest.mark.django_db
def test_bench_league_refuses_an_odd_number_of_teams():
    with pytest.raises(CommandError, match="--teams must be even"):
        call_command("bench_league", "--teams", "5", "--current-database", stdout=StringIO())


@pytest.mark.django_db(transaction=True)
def test_bench_league_replay_only_measures_the_replays_without_gunicorn():
    out = StringIO()
    args = ["--teams", "4", "--matches", "4", "--small-teams", "4", "--small-matches", "2", "--replay-only"]
    call_command("bench_league", *args, "--current-database", stdout=out)
    lines = out.getvalue().splitlines()
    assert "; no pages, the replays alone; " in lines[0] and "gunicorn" not in lines[0]
    assert lines[1].startswith("replay, small league: 1 matches replayed in ")
    assert lines[2].startswith("replay: 3 matches replayed in ")
    assert lines[3].startswith("replay target: ")
    assert not any(li.startswith(("page ", "load: ", "first read")) for li in lines)
    assert MatchCorrection.objects.filter(status=MatchCorrection.Status.APPLIED).count() == 2


@pytest.mark.django_db
def test_bench_league_keeps_and_reuses_only_a_postgresql_database_of_its_own():
    # (on PostgreSQL: `--keep` copies the built database, `--reuse` starts from that copy)
    for option in ("--keep", "--reuse"):
        with pytest.raises(CommandError, match="--keep and --reuse copy a PostgreSQL database"):
            call_command("bench_league", option, "--current-database", stdout=StringIO())
