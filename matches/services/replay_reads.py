"""What a replay reads once for all the matches it runs again (docs/decisions/matches.md, "A replay
reads a match's fixed facts once").

A match's post-match sequence reads, besides its teams as they stand, facts of the match itself that
nothing in a replay changes once its change is written: its casualties, its inducements and the
treasury gold they took, the cards bought from its inducement gold, when its pre-match was recorded,
the trophies its teams hold, and its stored dice and decisions (which only its own run writes). Run
one by one, every match read each of them (a statement each); a replay reads them for all its matches
at once, after its undo and its change (matches.services.replay), and each run again takes its own
from here. Outside a replay (kept_for answers None) a run reads them itself, as before.

The stored dice and decisions are given once: a second plan of the same match in the replay (the
dice asked of a coach, matches.services.dice_wait) reads what the first one wrote. The other way,
the progress rows each run writes (postgame._mark_steps), which nothing reads during the replay, are
inserted once, after its last match.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import Sum

from league.core.models import AuditEntry
from league.infra.bulk import insert_rows
from matches.card_models import MatchCard
from matches.models import Decision, DiceRoll, Match, MatchCasualty, MatchInducement, MatchStep
from teams.models import Player, TreasuryEntry

_T = {model: connection.ops.quote_name(model._meta.db_table) for model in (MatchCasualty, MatchInducement)}
# The rows of snapshot.CASUALTIES_SQL and INDUCEMENTS_SQL, with their match first, for many matches.
CASUALTIES_SQL = (
    "SELECT match_id, victim_id, d6, d8, second_d6, second_d8, apothecary_used, apothecary_d6, apothecary_d8, "
    f"apothecary_kept_reroll, regeneration_roll, apothecary_after_match FROM {_T[MatchCasualty]} "
    "WHERE match_id IN ({}) ORDER BY id"
)
INDUCEMENTS_SQL = (
    f"SELECT match_id, id, side, star, position, cost, plays_for_neither FROM {_T[MatchInducement]} "
    "WHERE match_id IN ({}) ORDER BY id"
)


STEPS_PER_INSERT = 500  # rows: well under PostgreSQL's 65,535 parameters (SQLite's too)


@dataclass
class MatchReads:
    casualties: list[tuple] = field(default_factory=list)  # snapshot.CASUALTIES_SQL's rows
    inducements: list[tuple] = field(default_factory=list)  # snapshot.INDUCEMENTS_SQL's rows
    inducement_treasury: list[tuple[int, int]] = field(default_factory=list)  # (team, amount)
    cards: dict[str, int] = field(default_factory=lambda: {"home": 0, "away": 0})  # card_gold.cards_paid
    recorded: datetime | None = None  # its pre-match's audit entry (lineup._joining)
    parked: bool = False  # journeymen its earlier run added, parked by the undo (apply._parked_journeymen)
    # its decisions and its dice (None once taken)
    inputs: tuple[dict[str, Any], list[tuple[str, Any]]] | None = field(default_factory=lambda: ({}, []))


@dataclass
class Kept:
    matches: dict[int, MatchReads]
    held: dict[int, list[str]] | None  # trophies held, by team (None: read by each run)
    steps: list[dict[str, Any]] = field(default_factory=list)  # the progress rows, written at the end


_kept: ContextVar[Kept | None] = ContextVar("replay_reads", default=None)


@contextmanager
def reads_kept(matches: list[Match]) -> Iterator[None]:
    """Around the redo of a replay's `matches` (their change written): their fixed facts read once,
    and their progress rows written once it is done (not when it fails: rolled back)."""
    kept = _read(matches)
    token = _kept.set(kept)
    try:
        yield
    finally:
        _kept.reset(token)
    for start in range(0, len(kept.steps), STEPS_PER_INSERT):
        insert_rows(MatchStep, kept.steps[start : start + STEPS_PER_INSERT])


def steps_kept(match_id: int, rows: list[dict[str, Any]]) -> bool:
    """Keep a run's progress rows for the replay's one insert; False outside a replay (write them)."""
    kept = _kept.get()
    if kept is None or match_id not in kept.matches:
        return False
    kept.steps += rows
    return True


def kept_for(match_id: int) -> MatchReads | None:
    kept = _kept.get()
    return None if kept is None else kept.matches.get(match_id)


def kept_held(match: Match) -> dict[int, list[str]] | None:
    """The trophies the match's teams hold (teams.hooks.held_keys), when the replay read them."""
    kept = _kept.get()
    if kept is None or kept.held is None or match.pk not in kept.matches:
        return None
    return {t: kept.held.get(t, []) for t in (match.home_id, match.away_id)}


def kept_inputs(match_id: int) -> tuple[dict[str, Any], list[tuple[str, Any]]] | None:
    """The match's stored decisions and dice as the replay read them, once (None: read them)."""
    reads = kept_for(match_id)
    if reads is None or reads.inputs is None:
        return None
    inputs, reads.inputs = reads.inputs, None
    return inputs


def _read(matches: list[Match]) -> Kept:
    from teams.hooks import held_keys

    ids = [m.pk for m in matches]
    found = {pk: MatchReads() for pk in ids}
    if not ids:
        return Kept(found, {})
    marks = ", ".join(["%s"] * len(ids))
    with connection.cursor() as cursor:
        cursor.execute(CASUALTIES_SQL.format(marks), ids)
        for row in cursor.fetchall():
            found[row[0]].casualties.append(row[1:])
        cursor.execute(INDUCEMENTS_SQL.format(marks), ids)
        for row in cursor.fetchall():
            found[row[0]].inducements.append(row[1:])
    paid = TreasuryEntry.objects.filter(match_id__in=ids, kind=TreasuryEntry.Kind.INDUCEMENT)
    for match_id, team_id, amount in paid.values_list("match_id", "team_id", "amount"):
        found[match_id].inducement_treasury.append((team_id, amount))
    cards = MatchCard.objects.filter(match_id__in=ids, inducement_gold=True).values("match_id", "side")
    for row in cards.annotate(gold=Sum("price")).order_by():
        found[row["match_id"]].cards[row["side"]] = int(row["gold"] or 0)
    # The latest entry of each match's pre-match (AuditEntry's ordering), as lineup._joining's subquery.
    recorded = AuditEntry.objects.filter(
        league_id__in={m.league_id for m in matches}, action="matches.prematch.recorded", data__match__in=ids
    ).order_by("created_at", "pk")
    for match_id, at in recorded.values_list("data__match", "created_at"):
        found[int(match_id)].recorded = at
    # Only a match's own run parks or hires its journeymen again: read once whether any wait.
    for match_id in Player.objects.filter(joined_after_id__in=ids, status=Player.Status.FIRED).values_list(
        "joined_after_id", flat=True
    ):
        found[match_id].parked = True
    for match_id, key, value in (
        Decision.objects.filter(match_id__in=ids).order_by("match_id", "pk").values_list("match_id", "key", "value")
    ):
        found[match_id].inputs[0][key] = value  # type: ignore[index]
    for match_id, purpose, values in (
        DiceRoll.objects.filter(match_id__in=ids)
        .order_by("match_id", "pk")
        .values_list("match_id", "purpose", "values")
    ):
        found[match_id].inputs[1].append((purpose, values))  # type: ignore[index]
    # A play-off match run again may hand a trophy on (its hook): then each run reads them itself.
    held = None if any(m.stage for m in matches) else held_keys({t for m in matches for t in (m.home_id, m.away_id)})
    return Kept(found, held)


# What the standings and the ratings read of a match (league.competitions.standings.table.season_results,
# league.ratings.services.rated_matches) besides its status (a correction sets it back to confirmed
# to run it again; a void is told apart by the replay): its place, competition, score, concession and
# shoot-out, and the casualties of each side summed from its lines.
RESULT_FACTS_SQL = """
SELECT m.sequence, m.season_id, m.stage, m.home_score, m.away_score, m.conceded_by, m.shootout_winner,
       (SELECT COALESCE(SUM(p.casualties), 0) FROM matches_matchplayer p WHERE p.match_id = m.id AND p.side = 'home'),
       (SELECT COALESCE(SUM(p.casualties), 0) FROM matches_matchplayer p WHERE p.match_id = m.id AND p.side = 'away')
  FROM matches_match m WHERE m.id = %s
"""


def result_facts(match_id: int) -> tuple[Any, ...] | None:
    """A match's facts as the standings and ratings read them (one query): a replay compares them
    before and after its change (matches.services.replay)."""
    with connection.cursor() as cursor:
        cursor.execute(RESULT_FACTS_SQL, [match_id])
        row = cursor.fetchone()
    return None if row is None else tuple(row)
