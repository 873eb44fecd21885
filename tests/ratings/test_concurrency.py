"""Two matches of a league confirmed at the same moment, each run by its own thread (its own
database connection, its own transactions, as two workers): neither rating update is lost, and the
league's entries are still the computation from scratch."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from league.ratings.models import RatingEntry
from league.ratings.services import differences
from matches.models import Match
from matches.services import (
    PrematchInput,
    ReportInput,
    match_schedule,
    prematch_record,
    report_confirm,
    report_save,
    report_submit,
)


def submitted(league, home, away, by, score: tuple[int, int]) -> Match:
    match = match_schedule(league=league, home=home, away=away, by=by)
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=home.coach)
    report = ReportInput(
        home_score=score[0],
        away_score=score[1],
        home_uncredited_touchdowns=score[0],
        away_uncredited_touchdowns=score[1],
    )
    report_save(match=match, report=report, by=home.coach)
    report_submit(match=match, by=home.coach)
    return match


def confirm_together(matches: list[Match]) -> None:
    start = threading.Barrier(len(matches))
    failures: list[BaseException] = []

    def confirm(match: Match) -> None:
        try:
            start.wait()
            report_confirm(match=match, by=match.away.coach)  # the run and its rating follow the commit
        except BaseException as exc:  # reported by the main thread
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=confirm, args=(m,)) for m in matches]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures, failures


@pytest.mark.django_db(transaction=True)
def test_two_matches_processed_at_once_both_rate_and_agree_with_from_scratch(league, commissioner, make_teams):
    a, b, c, d = make_teams(4)
    confirm_together([submitted(league, a, b, commissioner, (2, 0)), submitted(league, c, d, commissioner, (1, 1))])
    confirm_together([submitted(league, a, c, commissioner, (0, 1)), submitted(league, b, d, commissioner, (3, 1))])

    assert Match.objects.filter(league=league, status=Match.Status.PROCESSED).count() == 4
    assert RatingEntry.objects.filter(league=league).count() == 16  # 4 matches x (2 teams + 2 coaches)
    assert differences(league) == []
