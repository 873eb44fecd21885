"""The post-match sequence's write path: one commit for the claim, the sequence and what its listeners
are to do (outbox rows); then each listener (notifications, webhooks, ratings) in one transaction
of bulk writes, exactly once whatever the retries (docs/decisions/matches.md, 2026-12-07).

Real commits (transactional_db), the tasks in-process; the outbox's task is held back so that the
sequence and the listeners are counted apart.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from league.core import outbox
from league.core.models import OutboxEntry
from league.core.services import league_join
from league.infra.counting import counted
from league.notices.models import Notification
from league.ratings.models import RatingEntry
from league.webhooks.models import Delivery, Webhook
from matches.models import Match
from matches.services import CasualtyLine, PrematchInput, match_schedule, prematch_record, report_save, report_submit
from matches.services.postgame_queue import postgame_sweep
from matches.services.report import report_confirm
from matches.tasks import run_postgame
from tests.builders import human_team, orc_team, worked_report_for

pytestmark = pytest.mark.django_db(transaction=True)

# What one sequence may cost: its statements (24 in this match: the claim, the teams' lock, the
# match read with its late check, who could play with the players joining its sheet, the report's
# reads, the bulk writes, the derived tables' mark, one INSERT of its outbox rows, which carry the
# decisions told, and last the page cache's revision), and its commit: one, the page cache's bump
# in it (league.infra.page_versions.bumped_in_transaction).
STATEMENTS = 24
COMMITS = 1
# A listener's batch: its transaction, and the page cache's bump after it.
BATCH_COMMITS = 2


@pytest.fixture
def confirmed(league, coach_alice, commissioner, user_factory, monkeypatch) -> Match:
    """The worked match (both badly hurt, nobody lost), confirmed with its run not yet sent, in a
    league with an active webhook (never posted here: its task is not run)."""
    bob = user_factory("bob")
    league_join(league=league, user=bob)
    Webhook.objects.create(league=league, url="https://example.com/hook", format=Webhook.Format.JSON)
    home, away = human_team(league, coach_alice), orc_team(league, bob)
    match = match_schedule(league=league, home=home, away=away, by=commissioner)
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)
    h3, o3 = home.players.get(number=3).pk, away.players.get(number=3).pk
    report = replace(
        worked_report_for(home, away), casualties=(CasualtyLine(h3, d6=2, d8=1), CasualtyLine(o3, d6=3, d8=5))
    )
    report_save(match=match, report=report, by=coach_alice)
    report_submit(match=match, by=coach_alice)
    monkeypatch.setattr("matches.services.postgame_queue.queue_postgame", lambda *a, **k: None)
    monkeypatch.setattr("league.webhooks.services._queue", lambda delivery_id: None)
    report_confirm(match=match, by=bob)
    Notification.objects.all().delete()
    Delivery.objects.all().delete()
    return match


@pytest.fixture
def held_back(monkeypatch) -> list[str]:
    """The outbox's task not sent: the listeners it would have run, in order."""
    sent: list[str] = []
    monkeypatch.setattr(outbox, "dispatch_soon", sent.append)
    return sent


def test_one_sequence_commits_once_and_each_listener_does_its_batch_once(confirmed, held_back):
    writes: list[tuple[bool, str]] = []

    def watch(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            writes.append((context["connection"].in_atomic_block, sql.split(" SET ")[0][:60]))
        return execute(sql, params, many, context)

    with counted() as counts, connection.execute_wrapper(watch):
        assert run_postgame.apply(args=(confirmed.pk,)).get(disable_sync_subtasks=False) is True
    confirmed.refresh_from_db()
    assert confirmed.status == Match.Status.PROCESSED and confirmed.attempts == 1
    assert counts["queries"] <= STATEMENTS, counts
    assert counts["commits"] <= COMMITS, counts
    # Every write of the sequence in its one transaction, the page versions' bump last (one upsert
    # of the versions its writes claimed: league/infra/page_versions.py); nothing after it.
    assert all(inside for inside, _sql in writes), writes
    assert "league_siterevision" in writes[-1][1], writes
    # Nothing told yet: the listeners' work waits in the outbox, one row per event and listener.
    assert not Notification.objects.exists() and not Delivery.objects.exists()
    assert not RatingEntry.objects.filter(match=confirmed).exists()
    listeners = sorted(OutboxEntry.objects.values_list("listener", flat=True))
    assert set(held_back) == {"notices", "webhooks", "ratings", "derived"}
    events = listeners.count("notices")
    assert events >= 1 and listeners.count("webhooks") == events and listeners.count("ratings") == 1
    assert listeners.count("derived") == 1  # the standings and totals built once for its league

    for listener in ("notices", "webhooks", "ratings", "derived"):
        with counted() as batch:
            assert outbox.dispatch_all(listener) == listeners.count(listener)
        # Its bulk writes and the rows' deletion in one transaction, then the page cache's bump.
        assert batch["commits"] <= BATCH_COMMITS, (listener, batch)
    told = Notification.objects.filter(kind="decision.waiting").count()
    assert told == events and Delivery.objects.filter(kind="decision.waiting").count() == events
    assert RatingEntry.objects.filter(match=confirmed).count() == 4  # both teams, both coaches
    assert not OutboxEntry.objects.exists()

    # The task again (a retry, a message delivered twice): nothing left to do, nothing added.
    for listener in ("notices", "webhooks", "ratings", "derived"):
        assert outbox.dispatch_all(listener) == 0
    assert Notification.objects.count() == told and Delivery.objects.count() == events
    assert RatingEntry.objects.filter(match=confirmed).count() == 4


def test_a_listener_batch_that_fails_adds_nothing_and_its_retry_does_it_once(confirmed, held_back, monkeypatch):
    run_postgame.apply(args=(confirmed.pk,))
    events = OutboxEntry.objects.filter(listener="webhooks").count()
    real = "league.webhooks.services.build"
    monkeypatch.setattr(real, lambda *args: (_ for _ in ()).throw(ConnectionError("down")))
    with pytest.raises(ConnectionError):
        outbox.dispatch("webhooks")
    assert not Delivery.objects.exists() and OutboxEntry.objects.filter(listener="webhooks").count() == events
    monkeypatch.undo()
    assert outbox.dispatch("webhooks") == events
    assert outbox.dispatch("webhooks") == 0
    assert Delivery.objects.count() == events


def test_the_task_tells_every_listener_once_after_the_commit(confirmed):
    # In-process, the outbox's task runs at the sequence's commit: the coaches are told at once.
    run_postgame.apply(args=(confirmed.pk,))
    run_postgame.apply(args=(confirmed.pk,))  # delivered twice: the second finds nothing to claim
    told = Notification.objects.filter(kind="decision.waiting")
    assert told.count() >= 1 and told.count() == Delivery.objects.filter(kind="decision.waiting").count()
    assert RatingEntry.objects.filter(match=confirmed).count() == 4 and not OutboxEntry.objects.exists()


def test_a_run_killed_before_its_commit_leaves_the_match_confirmed_for_the_sweep_after_a_lease(confirmed, monkeypatch):
    queued: list[int] = []
    monkeypatch.setattr("matches.services.postgame_queue.queue_postgame", lambda pk, **k: queued.append(pk))
    # The run's claim went with its transaction: the match is confirmed, queued a moment ago.
    Match.objects.filter(pk=confirmed.pk).update(queued_at=timezone.now() - timedelta(seconds=5))
    assert postgame_sweep(lease=timedelta(seconds=30)) == []  # its run may still be on its way
    Match.objects.filter(pk=confirmed.pk).update(queued_at=timezone.now() - timedelta(seconds=31))
    assert postgame_sweep(lease=timedelta(seconds=30)) == [confirmed.pk] and queued == [confirmed.pk]
    assert run_postgame.apply(args=(confirmed.pk,)).get(disable_sync_subtasks=False) is True
