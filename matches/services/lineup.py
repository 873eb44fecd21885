"""Who could play a match, as the teams stand when its post-match sequence runs.

The pre-match lists the roster at kick-off (MatchPlayer, with whether each player could play). In
play order the sequence runs on the state the match before it left, which may not be the one the
pre-match read: the pre-match was done before an earlier match was processed, a correction put a
casualty or a death into an earlier match, a late match's pre-match read a roster of later. The
pre-match is not replayed (its values are the match's inputs, docs/decisions/matches.md); what
follows from the state is read again here: who could play, and the journeymen an earlier match
in play order added for it.
"""

from __future__ import annotations

from django.db.models import Q

from matches.models import Match, MatchCasualty, MatchPlayer
from teams.models import Player


def who_could_play(match: Match, sides: tuple[str, ...]) -> None:
    """A player who misses this game or is dead by then could not play, whatever the pre-match
    recorded; a player the sheet credits, or says was hurt in it, did play all the same (the table's
    word stands: his mark then waits for his next match). The journeymen a match before it in play
    order added join its roster, as the pre-match would have listed them."""
    _journeymen_joining(match, sides)
    lines = MatchPlayer.objects.filter(match=match, side__in=sides).values_list(
        "pk",
        "eligible",
        "player__miss_next_game",
        "player__status",
        "completions",
        "touchdowns",
        "interceptions",
        "casualties",
        "actions",
    )
    changed: dict[bool, list[int]] = {True: [], False: []}
    for pk, eligible, misses, status, *events in lines:
        could = status == Player.Status.ACTIVE and not misses
        if could != eligible and (could or not any(events)):
            changed[could].append(pk)
    if changed[False]:
        hurt = MatchCasualty.objects.filter(match=match).values_list("victim_id", flat=True)
        played = set(MatchPlayer.objects.filter(match=match, player_id__in=hurt).values_list("pk", flat=True))
        changed[False] = [pk for pk in changed[False] if pk not in played]
    for could, pks in changed.items():
        if pks:
            MatchPlayer.objects.filter(pk__in=pks).update(eligible=could)


def _journeymen_joining(match: Match, sides: tuple[str, ...]) -> None:
    teams = {side: match.home_id if side == "home" else match.away_id for side in sides}
    if not match.sequence:
        return
    earlier = Q(joined_after__sequence__lt=match.sequence) | Q(
        joined_after__sequence=match.sequence, joined_after_id__lt=match.pk
    )
    missing = (
        Player.objects.filter(earlier, team_id__in=list(teams.values()), status=Player.Status.ACTIVE, journeyman=True)
        .exclude(pk__in=MatchPlayer.objects.filter(match=match).values("player_id"))
        .values_list("pk", "team_id")
    )
    side_of = {team_id: side for side, team_id in teams.items()}
    MatchPlayer.objects.bulk_create(
        MatchPlayer(match=match, player_id=pk, side=side_of[team_id], eligible=True, journeyman=True)
        for pk, team_id in missing
    )
