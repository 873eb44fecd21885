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

import json
from typing import Any

from django.db import connection
from django.db.models import JSONField, Q, QuerySet, Subquery, Value

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
    line of a player who cannot play now is on the sheet (held.check_lines reads none otherwise).
    The sheet's lines and the players joining it are one read (a UNION ALL)."""
    teams = {side: match.home_id if side == "home" else match.away_id for side in sides}
    kept = kept_for(match.pk)
    rows = _read_sql(match, teams, kept.recorded) if kept is not None and match.sequence else _read(match, teams)
    side_of = {team_id: side for side, team_id in teams.items()}
    MatchPlayer.objects.bulk_create(  # they join as the pre-match would have listed them
        MatchPlayer(match=match, player_id=pk, side=side_of[team_id], eligible=not misses, journeyman=journeyman)
        for tag, pk, _eligible, misses, _status, journeyman, team_id, *_events in rows
        if tag != LINE
    )
    changed: dict[bool, list[int]] = {True: [], False: []}
    gone: list[int] = []
    unable = False
    for tag, pk, eligible, misses, status, journeyman, _team, *events in rows:
        could = status == Player.Status.ACTIVE and not misses
        unable = unable or not could
        if tag != LINE:  # listed as he can play now: nothing to change
            continue
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


def _read(match: Match, teams: dict[str, int]) -> list[tuple[Any, ...]]:
    lines = MatchPlayer.objects.order_by().values_list(  # (unsorted: not the match joined to sort by it)
        Value(LINE),
        "pk",
        "eligible",
        "player__miss_next_game",
        "player__status",
        "player__journeyman",
        "player__team_id",
        "completions",
        "touchdowns",
        "interceptions",
        "casualties",
        "actions",
    )
    lines = lines.filter(match=match, side__in=list(teams))
    joining = _joining(match, teams)
    return list(lines if joining is None else lines.union(joining, all=True))


# _read's query as plain SQL, for a replay (it runs it for each of its matches, and the ORM took
# several milliseconds to build the union each time). A pre-match never recorded (NULL) hires
# nobody before it: a comparison with NULL is never true.
READ_SQL = """
SELECT 'l', l.id, l.eligible, p.miss_next_game, p.status, p.journeyman, p.team_id,
       l.completions, l.touchdowns, l.interceptions, l.casualties, l.actions
  FROM matches_matchplayer l JOIN teams_player p ON p.id = l.player_id
 WHERE l.match_id = %s AND l.side IN ({sides})
UNION ALL
SELECT 'j', p.id, p.journeyman, p.miss_next_game, p.status, p.journeyman, p.team_id, 0, 0, 0, 0, NULL
  FROM teams_player p LEFT JOIN matches_match j ON j.id = p.joined_after_id
 WHERE p.status = %s AND p.team_id IN ({teams})
   AND ((p.journeyman AND (j.sequence < %s OR (j.sequence = %s AND p.joined_after_id < %s))) OR p.hired_at < %s)
   AND p.id NOT IN (SELECT x.player_id FROM matches_matchplayer x WHERE x.match_id = %s)
"""


def _read_sql(match: Match, teams: dict[str, int], recorded: Any) -> list[tuple[Any, ...]]:
    sql = READ_SQL.format(sides=", ".join(["%s"] * len(teams)), teams=", ".join(["%s"] * len(teams)))
    at = connection.ops.adapt_datetimefield_value(recorded)  # as the backend stores hired_at
    params: list[Any] = [match.pk, *teams, Player.Status.ACTIVE.value, *teams.values()]
    params += [match.sequence, match.sequence, match.pk, at, match.pk]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchall()
    # Booleans and the actions' JSON as the ORM gives them (SQLite: integers; both: JSON as text).
    return [
        (tag, pk, bool(eligible), bool(misses), status, bool(journeyman), team, *counts, _json(actions))
        for tag, pk, eligible, misses, status, journeyman, team, *counts, actions in found
    ]


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


# The tag of a line on the sheet in who_could_play's read (the players joining it: JOINING).
LINE, JOINING = "l", "j"


def _joining(match: Match, teams: dict[str, int]) -> QuerySet | None:
    """The team's active players missing from the match's roster who were on the team for it: a
    journeyman a match before it in play order added, or a player hired before its pre-match was
    recorded whom it could not list (off the team then, given back since). A player bought after
    the pre-match stays off it, as the coach's purchases stay where they happened in time. Rows as
    who_could_play's lines (none for a match with no place in play order)."""
    if not match.sequence:
        return None
    earlier = Q(joined_after__sequence__lt=match.sequence) | Q(
        joined_after__sequence=match.sequence, joined_after_id__lt=match.pk
    )
    recorded = AuditEntry.objects.filter(
        league_id=match.league_id, action="matches.prematch.recorded", data__match=match.pk
    ).values("created_at")[:1]
    hired = Q(hired_at__lt=Subquery(recorded))  # (a replay reads it once: _read_sql)
    zero = Value(0)
    return (
        Player.objects.filter(team_id__in=list(teams.values()), status=Player.Status.ACTIVE)
        .filter((earlier & Q(journeyman=True)) | hired)
        .exclude(pk__in=MatchPlayer.objects.filter(match=match).values("player_id"))
        .order_by()  # (not the teams' names joined to sort them: the order does not matter here)
        .values_list(
            Value(JOINING),
            "pk",
            Value(True),
            "miss_next_game",
            "status",
            "journeyman",
            "team_id",
            *(zero, zero, zero, zero),
            Value(None, output_field=JSONField()),
        )
    )
