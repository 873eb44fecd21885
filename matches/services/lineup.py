"""Who could play a match, as the teams stand when its post-match sequence runs.

The pre-match lists the roster at kick-off (MatchPlayer, with whether each player could play). In
play order the sequence runs on the state the match before it left, which may not be the one the
pre-match read: the pre-match was done before an earlier match was processed, a correction put a
casualty or a death into an earlier match or took one out, a void gave a player back, a late
match's pre-match read a roster of later. The pre-match is not replayed (its values are the
match's inputs, docs/decisions/matches.md); what follows from the state is read again here, so that
a replay draws the MVP among the candidates the replayed state gives, never the list stored before:
who could play, the players back on the team, the journeymen an earlier match in play order added,
and the players who had left the team before it.
"""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Q, Subquery

from league.core.models import AuditEntry
from matches.models import Match, MatchCasualty, MatchPlayer
from matches.services.replay_reads import kept_for
from teams.models import Player

GONE = (Player.Status.DEAD, Player.Status.RETIRED)


def who_could_play(match: Match, sides: tuple[str, ...]) -> bool:
    """A player who misses this game or is dead by then could not play, whatever the pre-match
    recorded; a player the sheet credits, or says was hurt in it, did play all the same (the table's
    word stands: his mark then waits for his next match). The players on the team by then whom the
    pre-match could not list join its roster, as the pre-match would have listed them: the
    journeymen a match before it in play order added, and a player given back since (his death or
    departure voided or corrected away). A player who left the team in a match before it (dead,
    retired, a journeyman let go) and has nothing on the sheet leaves its roster: the pre-match
    would not have listed him (a void then its restore gives back the same lines). Returns whether a
    line of a player who cannot play now is on the sheet (held.check_lines reads none otherwise)."""
    _joining(match, sides)
    lines = MatchPlayer.objects.order_by().values_list(  # (unsorted: not the match joined to sort by it)
        "pk",
        "eligible",
        "player__miss_next_game",
        "player__status",
        "player__journeyman",
        "completions",
        "touchdowns",
        "interceptions",
        "casualties",
        "actions",
    )
    lines = lines.filter(match=match, side__in=sides)
    changed: dict[bool, list[int]] = {True: [], False: []}
    gone: list[int] = []
    unable = False
    for pk, eligible, misses, status, journeyman, *events in lines:
        could = status == Player.Status.ACTIVE and not misses
        unable = unable or not could
        left = status in GONE or (journeyman and status == Player.Status.FIRED)
        if left and not any(events):
            gone.append(pk)
        elif could != eligible and (could or not any(events)):
            changed[could].append(pk)
    if changed[False] or gone:
        hurt = MatchCasualty.objects.filter(match=match).values_list("victim_id", flat=True)
        played = set(MatchPlayer.objects.filter(match=match, player_id__in=hurt).values_list("pk", flat=True))
        changed[False] = [pk for pk in changed[False] if pk not in played]
        gone = [pk for pk in gone if pk not in played]  # hurt in it: he played (the table's word)
    for could, pks in changed.items():
        if pks:
            MatchPlayer.objects.filter(pk__in=pks, eligible=not could).update(eligible=could)
    if gone:
        MatchPlayer.objects.filter(pk__in=gone).delete()
    return unable


def _joining(match: Match, sides: tuple[str, ...]) -> None:
    """The team's active players missing from the match's roster who were on the team for it: a
    journeyman a match before it in play order added, or a player hired before its pre-match was
    recorded whom it could not list (off the team then, given back since). A player bought after
    the pre-match stays off it, as the coach's purchases stay where they happened in time."""
    teams = {side: match.home_id if side == "home" else match.away_id for side in sides}
    if not match.sequence:
        return
    kept = kept_for(match.pk)  # a replay read when each of its matches' pre-match was recorded
    if kept is not None:  # the same query as plain SQL: a replay runs it for each of its matches
        missing = _missing_sql(match, list(teams.values()), kept.recorded)
    else:
        earlier = Q(joined_after__sequence__lt=match.sequence) | Q(
            joined_after__sequence=match.sequence, joined_after_id__lt=match.pk
        )
        recorded = AuditEntry.objects.filter(
            league_id=match.league_id, action="matches.prematch.recorded", data__match=match.pk
        ).values("created_at")[:1]
        missing = _missing_orm(match, list(teams.values()), earlier, Q(hired_at__lt=Subquery(recorded)))
    if not missing:
        return
    side_of = {team_id: side for side, team_id in teams.items()}
    MatchPlayer.objects.bulk_create(
        MatchPlayer(match=match, player_id=pk, side=side_of[team_id], eligible=not misses, journeyman=journeyman)
        for pk, team_id, journeyman, misses in missing
    )


def _missing_orm(match: Match, teams: list[int], earlier: Q, hired: Q) -> list[tuple[int, int, bool, bool]]:
    return list(
        Player.objects.filter(team_id__in=teams, status=Player.Status.ACTIVE)
        .filter((earlier & Q(journeyman=True)) | hired)
        .exclude(pk__in=MatchPlayer.objects.filter(match=match).values("player_id"))
        .order_by()  # (not the teams' names joined to sort them: the order does not matter here)
        .values_list("pk", "team_id", "journeyman", "miss_next_game")
    )


# _missing_orm's query. A pre-match never recorded (recorded NULL) hires nobody before it: the
# comparison with NULL is never true.
MISSING_SQL = """
SELECT p.id, p.team_id, p.journeyman, p.miss_next_game FROM teams_player p
  LEFT JOIN matches_match j ON j.id = p.joined_after_id
 WHERE p.status = %s AND p.team_id IN (%s, %s)
   AND ((p.journeyman AND (j.sequence < %s OR (j.sequence = %s AND p.joined_after_id < %s))) OR p.hired_at < %s)
   AND p.id NOT IN (SELECT l.player_id FROM matches_matchplayer l WHERE l.match_id = %s)
"""


def _missing_sql(match: Match, teams: list[int], recorded: Any) -> list[tuple[int, int, bool, bool]]:
    first, second = (teams * 2)[:2]
    at = connection.ops.adapt_datetimefield_value(recorded)  # as the backend stores hired_at
    params = [Player.Status.ACTIVE.value, first, second, match.sequence, match.sequence, match.pk, at, match.pk]
    with connection.cursor() as cursor:
        cursor.execute(MISSING_SQL, params)
        return [(pk, team, bool(journeyman), bool(misses)) for pk, team, journeyman, misses in cursor.fetchall()]
