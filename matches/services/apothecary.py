"""The apothecaries of a result: no more re-rolls than the side's apothecaries give, and the
treatment after the match only where the ruleset has one and as it allows it
(league.rules.postmatch.check). Checked on the casualties as entered (the sheet, the import, the
API, a correction) before anything is written, and on those saved when a result is submitted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from league.rules.postmatch.check import (
    apothecary_uses,
    apothecary_uses_allowed,
    check_after_match_apothecary,
    check_apothecary_uses,
)
from league.rules.postmatch.records import SIDES, CasualtyReport
from matches.models import Match, MatchCasualty, MatchInducement, MatchPlayer
from matches.services.common import match_ruleset
from matches.services.wording import apothecary_violation


def casualty_report(cas: Any) -> CasualtyReport:
    """A casualty line (a CasualtyLine, or a saved MatchCasualty: the same names) as the engine
    reads it, for the apothecary's checks (the post-match sequence reads the saved rows itself)."""
    rolls = [(cas.d6, cas.d8)]
    if cas.second_d6 is not None and cas.second_d8 is not None:
        rolls.append((cas.second_d6, cas.second_d8))
    apo = (cas.apothecary_d6, cas.apothecary_d8) if cas.apothecary_used and cas.apothecary_d6 else None
    return CasualtyReport(
        rolls=tuple(rolls),
        apothecary_reroll=apo,
        apothecary_kept_reroll=bool(cas.apothecary_kept_reroll),
        apothecary_after_match=bool(cas.apothecary_after_match),
    )


def apothecary_problems(
    match: Match,
    casualties: Iterable[Any],
    lines: Mapping[int, MatchPlayer],
    on_ko: Mapping[str, int] | None = None,
) -> list[str]:
    """Every refusal of the casualties' apothecary re-rolls: a treatment after the match where the
    ruleset has none, on a death or twice for one side, and more re-rolls than the side's own and
    induced apothecaries give (each once per match, the treatment after the match included, and so
    is a use on a KO'd player: `on_ko`, side -> apothecaries so used, spec A31).
    `lines`: the match's player lines by player id (casualties of other players are not counted)."""
    ruleset = match_ruleset(match)
    suffered: dict[str, list[tuple[str, CasualtyReport]]] = {side: [] for side in SIDES}
    for cas in casualties:
        if cas.victim_id in lines:
            suffered[lines[cas.victim_id].side].append((f"p{cas.victim_id}", casualty_report(cas)))
    induced: dict[str, Counter[str]] = {side: Counter() for side in SIDES}
    for side, key in MatchInducement.objects.filter(match=match).values_list("side", "key"):
        induced[side][key] += 1
    names = {f"p{player_id}": str(line.player) for player_id, line in lines.items()}
    problems = []
    for side in SIDES:
        team, own = match.team(side), suffered[side]
        for found in check_after_match_apothecary(ruleset, side, own):
            victim = names.get(str(found.params.get("player")), "")
            problems.append(apothecary_violation(found, team.name, victim))
        fielded = apothecary_uses_allowed(ruleset, own_apothecary=team.apothecary, inducements=induced[side])
        used = apothecary_uses(cas for _ref, cas in own)
        after = sum(1 for _ref, cas in own if cas.apothecary_after_match)
        ko = max((on_ko or {}).get(side, 0), 0)
        for found in check_apothecary_uses(side, used=used, fielded=fielded, after_match=after, on_ko=ko):
            problems.append(apothecary_violation(found, team.name))
    return problems


def stored_apothecary_problems(match: Match) -> list[str]:
    """apothecary_problems for the casualties saved on the match (checked again at submission)."""
    lines = {line.player_id: line for line in MatchPlayer.objects.filter(match=match).select_related("player")}
    on_ko: dict[str, int] = {side: getattr(match, f"{side}_apothecary_ko") for side in SIDES}
    return apothecary_problems(match, MatchCasualty.objects.filter(match=match), lines, on_ko)
