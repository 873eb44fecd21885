"""Lines a change of the history made impossible, held for the commissioner.

A late result, a correction, a void or a restore can make a player dead, gone or missing a match
that was already processed with him credited on its sheet (touchdowns, completions, casualties
caused or suffered, other SPP actions). That match is not run again with his lines: it is HELD,
with the player and the match that made him unable, and told to the commissioner. Its teams' later
matches wait behind it, as behind a failed match (sequence.UNPROCESSED); other teams' matches go on.

The commissioner says what stands, player by player: his lines removed (his touchdowns stay in the
score, credited to no roster player), moved to a team-mate who played, or confirmed as entered (the
table's word, as lineup.who_could_play keeps it on a first run). Once no line is open, the match is
confirmed again and queued: it runs in its place and its teams' matches follow it.

A match processed before is held when its stored post-match input says the player could play; a
match a replay runs for the first time (a late result; one failed or held before it ever ran) when
its pre-match listed him able to play: that pre-match read the roster of the day it was recorded,
not of the day played (docs/decisions/matches.md, "A late result's first run reads the roster in
play order"). A first run outside a replay keeps the sheet's word (lineup.who_could_play).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, Q

from league.core.audit import log_action
from matches.held_models import HeldLine
from matches.models import Match, MatchCasualty, MatchEffect, MatchPlayer
from matches.services.events import publish_match
from matches.services.snapshot import ref_player_id, report_from_json
from teams.models import Player

# The effects that leave a player unable to play his next match (matches.effects.players).
UNABLE_KINDS = ("dead", "departure", "miss_next_game")
EVENT_FIELDS = ("completions", "touchdowns", "interceptions", "casualties")


@dataclass(frozen=True)
class Impossible:
    player_id: int
    reason: str  # HeldLine.Reason
    since_id: int | None  # the match that made him unable


class LinesHeld(Exception):
    """The match cannot run with these lines: it waits for the commissioner (none: it waits behind
    a held match of one of its teams)."""

    def __init__(self, lines: tuple[Impossible, ...] = ()):
        super().__init__(", ".join(f"p{line.player_id}" for line in lines) or "behind a held match")
        self.lines = lines

    def hold(self, match: Match) -> None:
        """Hold the match for its lines, or leave it waiting behind a held match (the dice asked of a
        coach hold it their own way: matches.services.dice_wait.DiceWanted)."""
        if self.lines:
            hold(match, self.lines)
        else:
            leave_waiting(match)


def check_lines(match: Match, sides: tuple[str, ...], unable: bool = True) -> None:
    """Raise LinesHeld when a player credited on the `sides` of an already processed match can no
    longer have played it. Reads the match's stored post-match input (who could play then).
    `unable` False: who_could_play found every player on the sheet able to play (nothing to read)."""
    lines = impossible_lines(match, sides) if unable else ()
    if lines:
        raise LinesHeld(lines)
    if match.status == Match.Status.HELD:  # the change made them possible again: nothing left to settle
        HeldLine.objects.filter(match=match, resolution=HeldLine.Resolution.OPEN).delete()


def impossible_lines(match: Match, sides: tuple[str, ...]) -> tuple[Impossible, ...]:
    rows = list(  # one read, most often empty: who on the sheet cannot play now
        MatchPlayer.objects.filter(match=match, side__in=sides)
        .exclude(player__status=Player.Status.ACTIVE, player__miss_next_game=False)
        .values_list(
            "player_id",
            "eligible",
            "player__joined_after_id",
            "player__joined_after__sequence",
            "player__status",
            *EVENT_FIELDS,
            "actions",
        )
    )
    if not rows:
        return ()
    if match.postgame_input:  # run before: who could play as that run read it
        stood = report_from_json(match.postgame_input)
        could_then = {
            ref_player_id(p.ref)
            for side in sides
            for p in stood.side(side).players  # type: ignore[arg-type]
            if not p.miss_next_game_before
        }
    else:  # a first run in a replay (a late result): its pre-match listed him able to play, as the
        # roster stood when it was recorded (lineup.who_could_play leaves a credited line eligible)
        could_then = {row[0] for row in rows if row[1]}
    unable = [row for row in rows if row[0] in could_then]
    if not unable:
        return ()
    hurt = set(MatchCasualty.objects.filter(match=match).values_list("victim_id", flat=True))
    confirmed = set(
        HeldLine.objects.filter(match=match, resolution=HeldLine.Resolution.CONFIRMED).values_list(
            "player_id", flat=True
        )
    )
    found = []
    for player_id, _eligible, joined, joined_at, status, *counts, actions in unable:
        credited = any(counts) or any((actions or {}).values()) or player_id in hurt
        if not credited or player_id in confirmed:
            continue
        reason = {Player.Status.DEAD: HeldLine.Reason.DEAD, Player.Status.ACTIVE: HeldLine.Reason.MISSES}.get(
            status, HeldLine.Reason.GONE
        )
        if joined and (joined_at, joined) > (match.sequence, match.pk):
            # A journeyman a match played after this one added (a late result's pre-match listed
            # the roster of its day of entry): not yet on the team. The page words it so.
            found.append(Impossible(player_id, HeldLine.Reason.GONE, joined))
        else:
            found.append(Impossible(player_id, reason, _made_unable(match, player_id, reason)))
    return tuple(found)


def _made_unable(match: Match, player_id: int, reason: str) -> int | None:
    """The latest match before this one in play order whose run left him dead, gone or missing it."""
    kinds = {"dead": ("dead",), "gone": ("departure",), "misses": ("miss_next_game",)}[reason]
    before = Q(match__sequence__lt=match.sequence) | Q(match__sequence=match.sequence, match_id__lt=match.pk)
    return (
        MatchEffect.objects.filter(before, player_id=player_id, kind__in=kinds)
        .order_by("-match__sequence", "-match_id")
        .values_list("match_id", flat=True)
        .first()
    )


def _unapplied(match: Match, status: str) -> None:
    """The match's effects are undone and it has not run since: its next run writes under a new
    generation (its ledger keys never meet the ones reversed, appliers.ledger_prefix)."""
    Match.objects.filter(pk=match.pk).update(
        status=status,
        generation=F("generation") + (1 if match.processed_at is not None else 0),
        processed_at=None,
        lease_until=None,
        queued_at=None,
        failure_reason="",
    )
    if match.processed_at is not None:
        match.generation += 1
    match.status, match.processed_at = status, None


def leave_waiting(match: Match) -> None:
    """A replay reached a match behind a held one of its teams: it stays confirmed, undone, and
    runs in its turn once the held match is processed (postgame.claim waits for it)."""
    _unapplied(match, Match.Status.CONFIRMED)


def hold(match: Match, lines: tuple[Impossible, ...]) -> None:
    """Hold the match (its effects already undone, or never applied) with the lines the commissioner
    has to settle, audited and told to the league's commissioners once committed."""
    _unapplied(match, Match.Status.HELD)
    found = [line.player_id for line in lines]  # held again: what it says now replaces what it said
    HeldLine.objects.filter(Q(resolution=HeldLine.Resolution.OPEN) | Q(player_id__in=found), match=match).delete()
    HeldLine.objects.bulk_create(
        HeldLine(match_id=match.pk, player_id=line.player_id, reason=line.reason, since_id=line.since_id)
        for line in lines
    )
    log_action(
        action="matches.postgame.held",
        actor=None,
        league=match.league,
        match=match.pk,
        lines=[{"player": line.player_id, "reason": line.reason, "since": line.since_id} for line in lines],
    )
    names = dict(Player.objects.filter(pk__in=found).values_list("pk", "name"))
    publish_match(
        "match.held",
        match.pk,
        to="commissioners",
        more={"players": [names[line.player_id] for line in lines]},  # names, for a webhook
    )


def hold_after_run(match_id: int, held: LinesHeld) -> None:
    """A run found impossible lines or dice to ask (its transaction rolled back): the match is held instead."""
    with transaction.atomic():
        match = Match.objects.select_related("league").select_for_update().get(pk=match_id)
        # Confirmed: the run's transaction rolled its claim back (postgame.postgame_run); processing: a replay's.
        if match.status in (Match.Status.PROCESSING, Match.Status.CONFIRMED):
            held.hold(match)


def wait_behind(match: Match, sides: tuple[str, ...], held: LinesHeld, blocked: set[int]) -> int | None:
    """In a replay: hold the match (`held`), or leave it waiting behind a held match of one of its
    teams, undone on both sides so that it runs whole in its turn; its teams join `blocked`. A team
    the replay did not undo here is returned: the replay starts again with it (replay._Cascade)."""
    for side in ("home", "away"):
        if side not in sides:
            return match.home_id if side == "home" else match.away_id
    blocked.update((match.home_id, match.away_id))
    held.hold(match)
    return None
