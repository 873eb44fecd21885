"""What the match page and the raising service read of a match's dead (matches/services/raised.py)."""

from __future__ import annotations

from django.db.models import Q

from matches.models import Match, MatchEffect
from teams.models import Player, Team


def match_dead(match: Match) -> list[Player]:
    """The roster players who died in this match (the post-match sequence's "dead" effects), with
    their advancements and injuries (a victim's profile), by team and number."""
    ids = MatchEffect.objects.filter(match=match, kind="dead", player__isnull=False).values("player_id")
    return list(
        Player.objects.filter(pk__in=ids)
        .select_related("team")
        .prefetch_related("advancements", "injuries")
        .order_by("team_id", "number")
    )


def raised_from(victims: list[Player]) -> list[Player]:
    """The players raised from these victims, with the victim."""
    return list(Player.objects.filter(raised_from__in=[v.pk for v in victims]).select_related("raised_from", "team"))


def played_since(match: Match, team: Team) -> bool:
    """Whether the team has played (its post-match run) a match after this one."""
    if not match.sequence:
        return False
    return (
        Match.objects.filter(Q(home=team) | Q(away=team), status=Match.Status.PROCESSED, sequence__gt=match.sequence)
        .exclude(pk=match.pk)
        .exists()
    )
