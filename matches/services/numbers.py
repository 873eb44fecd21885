"""Shirt numbers through a replay (a late result, a correction, a void, a restore).

A replay's undo gives a player back to his team: his death, his departure after a concession, his
release as a journeyman taken back (matches.services.undo). He takes his number back when no
active team-mate wears it (a coach may have given it to a newcomer since), else the lowest free
one (teams.numbers). The second case is audited (matches.replay.number_given: the match whose undo
gave him back, its place in play order, the number he wore, the one he takes), and that entry is
what keeps a replay exact:

- up to that match in play order he wore his own number: the MVP draw numbers a side's candidates
  in the order of the numbers worn in the match (numbers_worn, read by snapshot.build_report), so a
  stored die names the same player whatever number he wears today;
- leaving the team again in one of those matches (dead again once the void is restored), he
  leaves with the number he wore in it (leaving_number), so that a void then its restore, an edit
  then its reverse, end where they started, numbers included.

A player given another number takes his own back within the same replay as soon as it is free again
(settle_numbers, after each match run again: the one who wore it left again in it). What moved is
also kept for the preview (number_moves, from the teams' state before and after).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db.models import Q

from league.core.audit import log_action
from league.core.models import AuditEntry
from matches.models import Match
from matches.services.appliers import SequenceContext, Writes
from teams.models import Player
from teams.numbers import number_back

GIVEN = "matches.replay.number_given"
ACTIVE = Player.Status.ACTIVE
# The players a replay gave another number, by id: their own (settle_numbers gives it back once free).
_substitutes: ContextVar[dict[int, int] | None] = ContextVar("replay_number_substitutes", default=None)
# The audit entries of the replay's teams, by team, read once per replay (numbers_worn runs for
# every match it runs again): its own entries are added as they are written.
_entries: ContextVar[dict[int, list[dict[str, Any]]] | None] = ContextVar("replay_number_entries", default=None)


@contextmanager
def numbers_tracked() -> Iterator[None]:
    """Around one attempt of a replay (a cascade starts again with none)."""
    token, read = _substitutes.set({}), _entries.set({})
    try:
        yield
    finally:
        _substitutes.reset(token)
        _entries.reset(read)


@contextmanager
def numbers_known(none_given: Iterable[int]) -> Iterator[None]:
    """Around a post-match run: the teams it locked that have no give-back entry (its lock's read
    says so: claim.LOCK_SQL), so that a player leaving the team in it reads none (leaving_number).
    A team with some still reads them, once for the run."""
    token = _entries.set({team_id: [] for team_id in none_given})
    try:
        yield
    finally:
        _entries.reset(token)


def _given(team_ids: tuple[int, ...]) -> list[dict[str, Any]]:
    """The give-back entries of these teams (their data), read once per replay."""
    cache = _entries.get()
    missing = [t for t in team_ids if cache is None or t not in cache]
    if missing:
        found: dict[int, list[dict[str, Any]]] = {t: [] for t in missing}
        rows = AuditEntry.objects.filter(action=GIVEN, team_id__in=missing).order_by("pk")
        for team_id, data in rows.values_list("team_id", "data"):
            found[team_id].append(data)
        if cache is None:
            return [d for t in team_ids for d in found[t]]
        cache.update(found)
    return [d for t in team_ids for d in cache[t]]  # type: ignore[index]


def numbers_read(team_ids: Iterable[int]) -> None:
    """A replay's teams' give-back entries read at once, under their lock (numbers_worn then reads
    none for each match it runs again)."""
    _given(tuple(team_ids))


def give_numbers_back(ctx: SequenceContext, w: Writes, side: str) -> None:
    """The players this undo puts back on the team (status active again) take their number back, or
    the lowest free one when an active team-mate wears it: gathered into `w`, before it is written
    (the journeymen the run added are already parked: their numbers are free)."""
    back = {pk for pk, sets in w.sets.items() if sets.get("status") == ACTIVE}
    if not back:
        return
    team = ctx.teams[side]
    rows = list(
        Player.objects.filter(Q(status=ACTIVE) | Q(pk__in=back), team_id=team.pk).values_list("pk", "number", "status")
    )
    returning = sorted((number, pk) for pk, number, status in rows if pk in back and status != ACTIVE)
    worn = {number: pk for pk, number, status in rows if status == ACTIVE}
    match = ctx.match
    for own, pk in returning:
        number = number_back(own, worn)
        if number != own:
            w.sets[pk]["number"] = number
            substitutes = _substitutes.get()
            if substitutes is not None:
                substitutes[pk] = own
            entry = log_action(
                action=GIVEN,
                actor=None,
                league=match.league,
                team=team,
                match=match.pk,
                key=[match.sequence, match.pk],
                player=pk,
                number=own,
                given=number,
                worn_by=worn[own],
            )
            cache = _entries.get()
            if cache is not None and team.pk in cache:
                cache[team.pk].append(entry.data)
        worn[number] = pk


def settle_numbers() -> None:
    """After a match of the replay is run again: a player this replay gave another number takes his
    own back as soon as no active team-mate wears it (the one who did left again in that match), so
    that the replay ends with the numbers the history had. Nothing read when it gave none."""
    substitutes = _substitutes.get()
    if not substitutes:
        return
    rows = list(Player.objects.filter(pk__in=list(substitutes)).values_list("pk", "team_id", "number", "status"))
    for pk, _team, number, status in rows:
        if status != ACTIVE or number == substitutes[pk]:
            del substitutes[pk]  # left the team again (with the number he wore), or already his own
    waiting = [(pk, team, number) for pk, team, number, _status in rows if pk in substitutes]
    if not waiting:
        return
    worn = set(
        Player.objects.filter(team_id__in={team for _pk, team, _n in waiting}, status=ACTIVE).values_list(
            "team_id", "number"
        )
    )
    for pk, team, number in sorted(waiting, key=lambda row: substitutes[row[0]]):
        own = substitutes[pk]
        if (team, own) not in worn:
            Player.objects.filter(pk=pk).update(number=own)
            worn.discard((team, number))
            worn.add((team, own))
            del substitutes[pk]


def numbers_worn(match: Match, players: list[int] | None = None) -> dict[int, int]:
    """The players of the match's teams who wore another number in it than they wear now: given
    back, and renumbered, by the undo of this match or of a later one in play order (the first such
    undo's entry: the number he wore until then). `players`: only these."""
    here = (match.sequence, match.pk)
    found: dict[int, tuple[tuple[str, int], int]] = {}
    for data in _given((match.home_id, match.away_id)):
        at = (str(data["key"][0]), int(data["key"][1]))
        pk = int(data["player"])
        if players is not None and pk not in players:
            continue
        if at >= here and (pk not in found or at < found[pk][0]):
            found[pk] = (at, int(data["number"]))
    return {pk: number for pk, (_at, number) in found.items()}


def leaving_number(match: Match, player_id: int) -> int | None:
    """The number a player leaving the team in this match wore in it, when it is not the one he
    wears now (None: his own)."""
    return numbers_worn(match, [player_id]).get(player_id)


def number_moves(before: dict[int, dict[str, Any]], after: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """What a replay did to shirt numbers, from the teams' state before and after (teams.states):
    each player given back (his own number, or another and who wears his), each other number
    changed (a player leaving again with the number he wore)."""
    moves: list[dict[str, Any]] = []
    for team_id in sorted(after):
        team, old_players = after[team_id], before.get(team_id, {}).get("players", {})
        worn = {p["number"]: p for p in team["players"].values() if p["status"] == ACTIVE}
        for pk in sorted(team["players"]):
            new, old = team["players"][pk], old_players.get(pk)
            if old is None or (new["status"] == old["status"] and new["number"] == old["number"]):
                continue
            given_back = new["status"] == ACTIVE and old["status"] != ACTIVE
            if not given_back and new["number"] == old["number"]:
                continue
            move = {
                "team": team["name"],
                "player": pk,
                "name": new["name"],
                "journeyman": new.get("journeyman", False),
                "own": old["number"],
                "number": new["number"],
                "given_back": given_back,
            }
            other = worn.get(old["number"]) if new["number"] != old["number"] else None
            if other is not None:
                move["worn_by"] = {"name": other["name"], "number": other["number"], "journeyman": other["journeyman"]}
            moves.append(move)
    return moves
