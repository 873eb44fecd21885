"""What happened in a league, told to whoever listens: the events hub.

A service that does something a coach or a commissioner should hear of (a result submitted, sent
back or confirmed, a decision waiting, a match corrected, fixtures published, a season or its
play-offs started, a dispute, a failed sequence) publishes an Event. The hub sits in the league
core so that every layer above may publish; the listeners (in-app and mail notifications, league
webhooks) register themselves from their AppConfig.ready(), so the core imports none of them.

Listeners hear an event once the transaction that published it has committed (a result rolled
back tells nobody), each on its own: a listener that fails is logged and never fails the action
that caused the event, nor the other listeners. A listener does its slow work (mail, HTTP) in
Celery tasks, never in the request. A listener registered with `listen_events` takes events in
batches, each batch in one transaction; what a writer publishes while it collects its outbox
(league/core/outbox.py: the post-match sequence) reaches those listeners through outbox rows
written in its transaction and done by a task after its commit, once each.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from contextlib import nullcontext
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from django.db import connection, transaction

from league.core import outbox
from league.infra.page_versions import aside_scope, own_scope

log = logging.getLogger(__name__)

# The kinds of event, with the payload (`data`) each carries beside its recipients.
KINDS = (
    "result.submitted",  # data: match, home, away, home_score, away_score
    "result.sent_back",  # + reason
    "result.confirmed",
    "result.withdrawn",
    "result.disputed",  # told to the commissioner
    "match.corrected",  # + reason
    "decision.waiting",  # + decision (improvement, dice, hire...)
    "sequence.failed",  # told to the commissioner; + reason
    "match.held",  # told to the commissioner; + players, their names (matches.services.held)
    "fixtures.published",  # data: season, round(s)
    "fixtures.changed",
    "season.started",
    "playoffs.started",
    "playoffs.redrawn",  # a correction drew the bracket again; data: seeds before and after
)


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `recipients`: the users told in-app and by mail (never the actor);
    `params`: the names a message is worded with (teams, season...), plain strings and numbers;
    `path`: the page it concerns; `data`: the plain JSON a webhook sends."""

    kind: str
    league_id: int
    recipients: tuple[int, ...] = ()
    params: Mapping[str, str | int] = field(default_factory=dict)
    path: str = ""
    actor_id: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown event kind {self.kind!r}")
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))
        object.__setattr__(self, "data", MappingProxyType(dict(self.data)))
        if self.actor_id is not None:
            object.__setattr__(self, "recipients", tuple(r for r in self.recipients if r != self.actor_id))


Listener = Callable[[Event], None]
LISTENERS: dict[str, Listener] = {}
# The listeners that take batches (listen_events): through the outbox when the writer collects it.
BATCHED: set[str] = set()


def listen(name: str, listener: Listener) -> None:
    """Register a listener under a name (registering the name again replaces it)."""
    LISTENERS[name] = listener
    BATCHED.discard(name)


def listen_events(name: str, listener: Callable[[list[Event]], None]) -> None:
    """Register a listener that takes a batch of events, in one transaction (its bulk writes)."""

    def one(event: Event) -> None:
        with transaction.atomic():
            listener([event])

    LISTENERS[name] = one
    BATCHED.add(name)
    outbox.listen_batch(name, lambda payloads: listener([from_payload(p) for p in payloads]), aside_scope)


def publish(event: Event, key: str = "") -> None:
    """Tell every listener, once the current transaction commits (at once outside one). `key`
    names the event where it has a natural one (the outbox keeps an event recorded twice once)."""
    if getattr(connection, "_outbox_buffer", None) is None:
        transaction.on_commit(lambda: deliver(event))
        return
    key = key or outbox.new_key(event.kind)
    for name in sorted(BATCHED & set(LISTENERS)):
        outbox.record(name, f"{key}:{name}"[:200], to_payload(event))
    if set(LISTENERS) - BATCHED:
        transaction.on_commit(lambda: deliver(event, skip=frozenset(BATCHED)))


def to_payload(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind,
        "league": event.league_id,
        "recipients": list(event.recipients),
        "params": dict(event.params),
        "path": event.path,
        "actor": event.actor_id,
        "data": dict(event.data),
    }


def from_payload(payload: dict[str, Any]) -> Event:
    return Event(
        payload["kind"],
        payload["league"],
        recipients=tuple(payload["recipients"]),
        params=payload["params"],
        path=payload["path"],
        actor_id=payload["actor"],
        data=payload["data"],
    )


def deliver(event: Event, skip: set[str] | frozenset[str] = frozenset()) -> None:
    # What the listeners write (notifications, webhooks' deliveries) is of the event's league
    # (league/infra/page_versions.py): its mail and webhooks pages, not the whole site's, are made
    # fresh; its own scope, not added to the one of the write that published it (told at its commit).
    with own_scope(aside_scope(event.league_id)) if event.league_id else nullcontext():
        _deliver(event, skip)


def _deliver(event: Event, skip: set[str] | frozenset[str]) -> None:
    for name, listener in list(LISTENERS.items()):
        if name in skip:
            continue
        try:
            listener(event)
        except Exception:  # a listener's failure never reaches the action that caused the event
            log.exception("event listener %s failed on %s", name, event.kind)
