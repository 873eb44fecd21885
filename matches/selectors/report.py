"""What the result sheet reads of a match (matches/views/report.py): its lines, the skills its
players gained, and the saved draft's casualties, entered dice and decisions. One query each."""

from __future__ import annotations

from matches.models import Decision, DiceRoll, Match, MatchCasualty, MatchPlayer
from teams.models import Advancement


def sheet_lines(match: Match) -> list[MatchPlayer]:
    """The match's player lines with their players, home then away, by shirt number."""
    return list(MatchPlayer.objects.filter(match=match).select_related("player").order_by("side", "player__number"))


def gained_skills(lines: list[MatchPlayer]) -> dict[int, set[str]]:
    """The skills each player of the lines gained by advancement."""
    gained: dict[int, set[str]] = {}
    for adv in Advancement.objects.filter(player_id__in=[ln.player_id for ln in lines]).exclude(skill=""):
        gained.setdefault(adv.player_id, set()).add(adv.skill)
    return gained


def casualties(match: Match) -> list[MatchCasualty]:
    return list(MatchCasualty.objects.filter(match=match))


def entered_dice(match: Match) -> list[DiceRoll]:
    """The dice typed in at the table (not the server's)."""
    return list(DiceRoll.objects.filter(match=match, source=DiceRoll.Source.ENTERED))


def decisions(match: Match) -> list[Decision]:
    return list(Decision.objects.filter(match=match))
