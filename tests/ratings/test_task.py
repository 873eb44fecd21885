"""How the ratings are triggered and what one rating costs: the ratings' task after the change
commits, one per league and transaction; a match in play order rates that match alone (the same
statements whatever the league's length, its own entries written, nothing else); the periodic
sweep mends a league whose rating of a match never ran."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test import TestCase
from django.test.utils import CaptureQueriesContext

from league.ratings.models import RatingEntry
from league.ratings.services import differences
from league.ratings.tasks import sweep_ratings
from matches.hooks import history_changed
from matches.models import Match
from tests.ratings.helpers import NOW, new_league, place, told

pytestmark = pytest.mark.django_db


def result(league, home, away, when: int, score=(1, 0), n: int = 0) -> Match:
    from datetime import timedelta

    confirmed = NOW + timedelta(minutes=n)
    match = Match.objects.create(
        league=league, home=home, away=away, ruleset="lrb6", ruleset_version="test",
        scheduled_by=league.commissioner, status=Match.Status.PROCESSED, home_score=score[0],
        away_score=score[1], confirmed_at=confirmed, processed_at=confirmed,
    )  # fmt: skip
    place(match, when)
    match.save(update_fields=["played_on", "sequence"])
    return match


def statements_of_an_in_order_rating(played: int) -> int:
    league, teams = new_league()
    for n in range(played):
        told(result(league, teams[n % 3], teams[(n + 1) % 3], 1 + n % 19, n=n))
    before = set(RatingEntry.objects.filter(league=league).values_list("pk", flat=True))
    last = result(league, teams[0], teams[1], 20, n=played)
    with CaptureQueriesContext(connection) as queries:
        told(last)
    after = RatingEntry.objects.filter(league=league)
    assert set(after.exclude(match=last).values_list("pk", flat=True)) == before  # nothing else rewritten
    assert after.filter(match=last).count() == 4
    assert differences(league) == []
    return len(queries)


def test_a_match_in_play_order_rates_that_match_alone_whatever_the_leagues_length():
    assert statements_of_an_in_order_rating(2) == statements_of_an_in_order_rating(40)


def test_the_rating_runs_after_the_commit_each_league_once_per_batch(monkeypatch):
    """Recorded in the writer's transaction (the outbox, league/core/outbox.py), rated after its
    commit by the outbox's batch: each league once, with the matches of the batch."""
    from league.core import outbox
    from league.ratings import services

    sent: list[str] = []
    monkeypatch.setattr(outbox, "dispatch_soon", sent.append)
    rated: list[tuple[int, list[int]]] = []
    rate_league = services.rate_league
    monkeypatch.setattr(
        services,
        "rate_league",
        lambda league_id, ids, **kw: rated.append((league_id, sorted(ids))) or rate_league(league_id, ids, **kw),
    )
    league, teams = new_league()
    other, others = new_league()
    a, b = result(league, teams[0], teams[1], 1), result(league, teams[1], teams[2], 2)
    c = result(other, others[0], others[1], 1)
    with TestCase.captureOnCommitCallbacks(execute=True):
        with transaction.atomic():
            for match in (a, b, c, a):
                history_changed.send(sender=Match, match_id=match.pk, league_id=match.league_id)
            assert not sent and not RatingEntry.objects.exists()  # nothing before the commit
    assert set(sent) == {"ratings"} and not RatingEntry.objects.exists()  # the task sent, not yet run
    outbox.dispatch_all("ratings")
    assert sorted(rated) == sorted([(league.pk, sorted([a.pk, b.pk])), (other.pk, [c.pk])])
    assert differences(league) == [] and differences(other) == []
    assert RatingEntry.objects.filter(match__in=[a, b, c]).count() == 12


def test_the_sweep_mends_a_league_whose_rating_never_ran():
    league, teams = new_league()
    first = result(league, teams[0], teams[1], 1)
    told(first)
    second = result(league, teams[1], teams[2], 2)  # its rating never ran
    Match.objects.filter(pk=first.pk).update(status=Match.Status.VOID)  # voided without telling
    assert differences(league)
    assert league.pk in sweep_ratings()
    assert differences(league) == []
    assert set(RatingEntry.objects.filter(league=league).values_list("match_id", flat=True)) == {second.pk}
    assert league.pk not in sweep_ratings()  # nothing left to mend
