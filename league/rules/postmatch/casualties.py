"""From the casualty dice of a match report to what stays on the roster (spec §4.3-§4.4)."""

from __future__ import annotations

from dataclasses import dataclass

from ..catalogue.characteristics import Characteristics
from ..dice import check_die
from ..ruleset import Ruleset
from ..types import CasualtyResult
from .injuries import InjuryEffect, casualty_effect, casualty_from_dice
from .records import CasualtyReport, PlayerReport


@dataclass(frozen=True, slots=True)
class ResolvedCasualty:
    results: tuple[CasualtyResult, ...]  # what stays after apothecary and regeneration; () when healed
    healed: bool  # saved by Regeneration (a Badly Hurt result is not "healed": it simply has no effect)


def casualty_by_key(ruleset: Ruleset, key: str) -> CasualtyResult:
    for result in ruleset.casualty_table.values():
        if result.key == key:
            return result
    raise ValueError(f"unknown casualty result {key!r}")


def resolve_casualty(ruleset: Ruleset, report: CasualtyReport) -> ResolvedCasualty:
    """Apply the apothecary's re-roll and Regeneration to the casualty rolls (§4.4).

    Without any roll (Stunty injury 9, Blood Lust bite) and with an override (a card such as
    Miracle Worker, or a commissioner's ruling), the recorded `final` results stand as given.
    Regeneration heals every result, both of a Decay player's rolls included (p.44 L6025-6030).
    """
    if report.override or not report.rolls:
        return ResolvedCasualty(tuple(casualty_by_key(ruleset, key) for key in report.final), False)
    results = [casualty_from_dice(ruleset, d6, d8) for d6, d8 in report.rolls]
    if report.apothecary_reroll is not None:
        index = report.apothecary_roll_index
        if not 0 <= index < len(results):
            raise ValueError(f"the apothecary re-rolled roll #{index}, but there are {len(results)} roll(s)")
        rerolled = casualty_from_dice(ruleset, *report.apothecary_reroll)
        if ruleset.params.apothecary_reroll == "lower":  # the re-roll stands only if lower (PBBL P18/L44)
            if rerolled.d68 < results[index].d68:
                results[index] = rerolled
        elif report.apothecary_kept_reroll:
            results[index] = rerolled
    healed = False
    if report.regeneration is not None:
        needed = ruleset.params.regeneration_min_roll
        healed = check_die(report.regeneration, 6, "regeneration") >= needed
        if not healed and report.regeneration_reroll is not None:
            healed = check_die(report.regeneration_reroll, 6, "regeneration re-roll (Igor)") >= needed
    return ResolvedCasualty((), True) if healed else ResolvedCasualty(tuple(results), False)


def killed(ruleset: Ruleset, player: PlayerReport) -> bool:
    """Whether a casualty of this match killed the player (after apothecary and regeneration)."""
    return any(result.dead for cas in player.casualties_suffered for result in resolve_casualty(ruleset, cas).results)


@dataclass(frozen=True, slots=True)
class PlayerInjuries:
    effects: tuple[InjuryEffect, ...]  # one per result that stayed, in the order suffered
    misses_next_game: bool  # at most one match missed, whatever the number of results (Decay)
    dead: bool
    characteristics: Characteristics  # after the injuries


def player_injuries(ruleset: Ruleset, team_key: str, player: PlayerReport, ignored: int = 0) -> PlayerInjuries:
    """Every lasting effect of the player's casualties, stat limits applied one result at a time.
    `ignored`: the number (from 1, in the order suffered) of a result whose effects a healing spell
    cancels (postmatch/healing.py); 0 cancels none."""
    position = ruleset.team(player.list_key(team_key)).position(player.position_key)
    stats = Characteristics.for_position(
        ruleset, position, improvements=player.stat_improvements, injuries=player.stat_injuries
    )
    effects = []
    results = (result for cas in player.casualties_suffered for result in resolve_casualty(ruleset, cas).results)
    for number, result in enumerate(results, start=1):
        if number == ignored:
            continue
        effect = casualty_effect(ruleset, result, stats)
        stats = effect.characteristics or stats
        effects.append(effect)
    dead = any(e.dead for e in effects)
    misses = not dead and any(e.misses_next_game for e in effects)
    return PlayerInjuries(tuple(effects), misses, dead, stats)
