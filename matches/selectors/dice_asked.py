"""The dice a replay asked of the coaches (matches.services.dice_wait): a held match's, named as the
dice page names them, and the ones waiting in a coach's to-do."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Q

from league.core.models import League, Membership
from league.rules.postmatch import InputRequest
from matches.dice_wait_models import DiceAsked
from matches.models import Match
from matches.services.dice import STEP_OF, DieRow
from matches.services.snapshot import ref_player_id
from matches.services.wording import input_label
from teams.models import Player


def _names(rows: Iterable[DiceAsked]) -> dict[str, str]:
    refs = {row.key.split(":")[1] for row in rows if row.key.count(":") >= 1} | {r for row in rows for r in row.options}
    ids = [pid for pid in map(ref_player_id, refs) if pid is not None]
    return {f"p{p.pk}": str(p) for p in Player.objects.filter(pk__in=ids)}


def asked_rows(match: Match, rows: list[DiceAsked]) -> list[DieRow]:
    """Each die asked, as a row of the dice page: its name in the reader's language, the count and
    faces asked (the kept values come first, they are not asked again)."""
    names = _names(rows)
    found = []
    for row in rows:
        target = row.key.split(":")[1] if row.key.count(":") >= 1 else ""
        player = target if ref_player_id(target) is not None else None
        request = InputRequest(row.key, "dice", row.what, "away" if row.side == "away" else "home", player)
        label = input_label(match, request, names)
        step = STEP_OF.get(row.what, row.key.partition(":")[0])
        candidates = tuple(names.get(ref, ref) for ref in row.options)  # an MVP draw: face n names the n-th
        found.append(DieRow(row.key, row.what, step, row.side, row.count, row.sides, label, None, candidates))
    return found


def match_dice_asked(match: Match) -> list[dict[str, Any]]:
    """A held match's dice asked, for its page: each row, its team and the values kept before it."""
    if match.status != Match.Status.HELD:
        return []
    rows = list(DiceAsked.objects.filter(match=match).order_by("pk"))
    return [
        {"row": die, "team": match.team(row.side), "kept": row.kept}
        for row, die in zip(rows, asked_rows(match, rows), strict=True)
    ]


def dice_asked_waiting(user: Any) -> list[dict[str, Any]]:
    """The dice asked of the teams this user coaches, in held matches, by match in play order; and,
    in the leagues he runs or co-runs, the dice asked of other coaches (`mine` False): the match
    waits for them, and he may let the server roll them instead (matches.services.dice_asked)."""
    if user is None or not user.is_authenticated:
        return []
    commissioned = League.objects.filter(
        Q(commissioner_id=user.pk)
        | Q(pk__in=Membership.objects.filter(user_id=user.pk, role=Membership.Role.COMMISSIONER).values("league_id"))
    ).values("pk")
    rows = list(
        DiceAsked.objects.filter(match__status=Match.Status.HELD)
        .filter(
            Q(side="home", match__home__coach_id=user.pk)
            | Q(side="away", match__away__coach_id=user.pk)
            | Q(match__league__in=commissioned),
        )
        .select_related("match__home", "match__away", "match__league")
        .order_by("match__sequence", "match_id", "pk")
    )
    items = []
    for row, die in zip(rows, _labelled(rows), strict=True):
        team = row.match.team(row.side)
        items.append({"match": row.match, "team": team, "row": die, "kept": row.kept, "mine": team.coach_id == user.pk})
    return items


def _labelled(rows: list[DiceAsked]) -> list[DieRow]:
    by_match: dict[int, list[DiceAsked]] = {}
    for row in rows:
        by_match.setdefault(row.match_id, []).append(row)
    labelled = {
        id(r): d for group in by_match.values() for r, d in zip(group, asked_rows(group[0].match, group), strict=True)
    }
    return [labelled[id(row)] for row in rows]
