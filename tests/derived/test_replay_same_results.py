"""A correction that leaves every result as it was (a touchdown credited to another player of the
same team) moves the players' figures but no team's: the season's kept table is brought up to date
without ranking again (its rows kept, their version moved), and no rating is computed. One that
changes a score ranks again and rates again. Either way the kept tables equal a computation from
scratch."""

from __future__ import annotations

import pytest

from league.competitions.derived import read as derived
from league.competitions.derived.models import PlayerTotal, StandingRow
from league.ratings.models import RatingEntry
from matches.services import PlayerLine, ReportInput
from matches.services.corrections import correction_confirm, correction_draft, inputs_of
from tests.derived.compare import differences
from tests.history.league import TeamSpec, build_league, listed, prepared, save_sheet, submit_and_confirm

pytestmark = pytest.mark.django_db


def _two_results(commissioner, user_factory, capture):
    coaches = [user_factory("coach-a"), user_factory("coach-b")]
    specs = [TeamSpec("Reavers", "human", 11), TeamSpec("Grey Fangs", "orc", 11)]
    built = build_league("Derived", commissioner, coaches, specs)
    first = prepared(built, "Reavers", "Grey Fangs", commissioner)
    scorers = listed(first)["home"][:2]
    sheet = ReportInput(home_score=2, away_score=0, lines=(PlayerLine(scorers[0].player_id, touchdowns=2),))
    first = submit_and_confirm(save_sheet(first, sheet), capture)
    second = prepared(built, "Reavers", "Grey Fangs", commissioner)
    sheet = ReportInput(home_score=1, away_score=0, lines=(PlayerLine(scorers[0].player_id, touchdowns=1),))
    second = submit_and_confirm(save_sheet(second, sheet), capture)
    return built, first, second, [s.player_id for s in scorers]


def _correct(match, commissioner, capture, **changes):
    inputs = inputs_of(match)
    for line in inputs["lines"]:
        line["touchdowns"] = changes.get("touchdowns", {}).get(line["player_id"], line["touchdowns"])
    inputs["result"].update(changes.get("score", {}))
    correction = correction_draft(match=match, by=commissioner, reason="Credited to the wrong player.", inputs=inputs)
    with capture(execute=True):
        correction_confirm(correction=correction, by=commissioner)
    correction.refresh_from_db()
    assert correction.status == "applied", correction.failure_reason


def _ratings() -> list[tuple]:
    return list(RatingEntry.objects.order_by("pk").values_list("pk", "kind", "subject", "match_id", "before", "after"))


def test_a_credit_moved_ranks_and_rates_nothing_again_a_score_changed_does(
    commissioner, user_factory, django_capture_on_commit_callbacks, monkeypatch
):
    capture = django_capture_on_commit_callbacks
    built, first, second, (scorer, other) = _two_results(commissioner, user_factory, capture)
    league, season = built.league, built.season
    rows, ratings = list(StandingRow.objects.filter(season=season).values_list("pk", flat=True)), _ratings()
    assert len(rows) == 2 and len(ratings) == 8 and differences(league) == []
    rated: list[set[int]] = []
    from league.ratings import services

    real = services.rate_matches
    monkeypatch.setattr(services, "rate_matches", lambda ids: rated.append(set(ids)) or real(ids))

    _correct(first, commissioner, capture, touchdowns={scorer: 1, other: 1})

    assert differences(league) == [] and derived.stats_ready(league)
    kept = PlayerTotal.objects.filter(league=league, season=None)
    assert kept.get(player_id=scorer).touchdowns == 2 and kept.get(player_id=other).touchdowns == 1
    # The same rows, kept for the season's new version: the pages read them.
    assert list(StandingRow.objects.filter(season=season).values_list("pk", flat=True)) == rows
    assert derived.kept_table(season, _version(season)) is not None
    assert rated == [] and _ratings() == ratings

    away = listed(second)["away"][0].player_id
    figures = ("team_id", "won", "drawn", "lost", "td_for", "td_against", "points")
    before = sorted(StandingRow.objects.filter(season=season).values_list(*figures))
    _correct(second, commissioner, capture, score={"away_score": 1}, touchdowns={away: 1})

    assert differences(league) == []
    # Ranked again: the same rows (written where they differ), with the new score's figures.
    assert list(StandingRow.objects.filter(season=season).values_list("pk", flat=True)) == rows
    assert sorted(StandingRow.objects.filter(season=season).values_list(*figures)) != before
    assert rated == [{second.pk}] and _ratings() != ratings


def _version(season):
    from league.competitions.standings.cache import season_version
    from league.competitions.standings.table import season_settings, versioned_settings

    return season_version(season, versioned_settings(season, season_settings(season)))
