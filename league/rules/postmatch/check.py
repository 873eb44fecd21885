"""What a match report gets wrong, as far as the report itself can tell (codes, never sentences)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..catalogue.team_building import Violation
from ..errors import DiceError
from ..prematch.sequence import inducement_budgets
from ..ruleset import Ruleset
from ..types import FIXED_SPP_ACTIONS, STATS
from .card_plays import card_play_violations
from .casualties import casualty_by_key, resolve_casualty
from .finance import Side
from .injuries import casualty_from_dice
from .records import SIDES, CasualtyReport, MatchReport, PlayerReport, SideReport
from .spp import spp_level

_SIDE_COUNTS = (
    "roster_tv",
    "fan_factor",
    "treasury_before",
    "fame",
    "score",
    "petty_cash",
    "inducements_cost",
    "rerolls",
    "assistant_coaches",
    "cheerleaders",
    "winnings_bonus",
    "trophy_rerolls",
    "trophy_fan_factor",
)
_PLAYER_COUNTS = ("spp_before", "improvement_rolls_taken", "completions", "touchdowns", "interceptions", "casualties")
_ACTIONS = ("completions", "touchdowns", "interceptions", "casualties")


def apothecary_uses_allowed(ruleset: Ruleset, *, own_apothecary: bool, inducements: Mapping[str, int]) -> int:
    """Casualty rolls a side's apothecaries may re-roll in one match: its own apothecary, once per
    match (p.17 L2161-2172), plus what its induced items give (Wandering Apothecaries work the same,
    spec §4.4). Igor re-rolls only a failed Regeneration (p.47 L6418-6423): he is no apothecary."""
    uses = ruleset.params.apothecary_uses_per_match if own_apothecary else 0
    for key, count in inducements.items():
        item = ruleset.inducements.get(key)
        uses += item.apothecary_uses * max(count, 0) if item else 0
    return uses


def apothecary_uses(casualties: Iterable[CasualtyReport]) -> int:
    """Apothecary re-rolls made on a side's casualties (one per casualty at most)."""
    return sum(1 for cas in casualties if cas.apothecary_reroll is not None)


def check_apothecary_uses(
    side: Side, *, used: int, fielded: int, after_match: int = 0, on_ko: int = 0
) -> tuple[Violation, ...]:
    """A side cannot use more apothecaries than it fielded: each one works once per match. A
    treatment after the match is one of those uses (only an apothecary that did nothing during the
    match gives it, seed 002 H:L104): when one is recorded, the excess says so. So is an apothecary
    used on a KO'd player (`on_ko`, p.17 L2162-2165; spec A31: one use per match for KO or CAS):
    that apothecary re-rolls no casualty afterwards."""
    if used + on_ko > fielded:
        if after_match and fielded:
            code = "after_match_apothecary_already_used"
        elif on_ko and fielded:
            code = "apothecary_used_on_ko"
        else:
            code = "apothecary_uses_exceeded"
        params: dict[str, object] = {"side": side, "used": used + on_ko, "fielded": fielded}
        if code == "apothecary_used_on_ko":
            params.update(on_ko=on_ko, rerolls=used)
        return (Violation(code, params),)
    return ()


def check_after_match_apothecary(
    ruleset: Ruleset, side: Side, casualties: Iterable[tuple[str, CasualtyReport]]
) -> tuple[Violation, ...]:
    """The apothecary's treatment after the match, on (player ref, casualty) pairs of one side:
    only where the ruleset allows it (Parameters.apothecary_after_match), as a re-roll of one
    casualty per side that is not a death, since a dead player is saved only by an apothecary
    acting at once (seed 002 H:L104, H11). Whether an apothecary was left is check_apothecary_uses'."""
    treated = [(ref, cas) for ref, cas in casualties if cas.apothecary_after_match]
    if treated and not ruleset.params.apothecary_after_match:
        return tuple(Violation("after_match_apothecary_not_allowed", {"player": ref}) for ref, _cas in treated)
    found: list[Violation] = []
    for ref, cas in treated:
        if cas.apothecary_reroll is None:
            found.append(Violation("after_match_apothecary_without_roll", {"player": ref}))
            continue
        try:
            dead = any(casualty_from_dice(ruleset, d6, d8).dead for d6, d8 in cas.rolls)
        except (TypeError, ValueError):  # dice missing or out of range: reported by the casualty's checks
            continue
        if dead:
            found.append(Violation("after_match_apothecary_on_death", {"player": ref}))
    if len(treated) > 1:
        found.append(Violation("after_match_apothecary_twice", {"side": side, "count": len(treated)}))
    return tuple(found)


def _check_casualty(ruleset: Ruleset, ref: str, cas: CasualtyReport, found: list[Violation]) -> None:
    if len(cas.rolls) > 2:  # one roll, or two for a Decay player (p.44 L6025-6030)
        found.append(Violation("too_many_casualty_rolls", {"player": ref, "count": len(cas.rolls)}))
    for key in cas.final:
        try:
            casualty_by_key(ruleset, key)
        except ValueError:
            found.append(Violation("unknown_casualty", {"player": ref, "casualty": key}))
            return
    if cas.override and not cas.final:
        found.append(Violation("override_without_result", {"player": ref}))
    if not cas.rolls and not cas.override:
        # Only a Badly Hurt comes without a D68 roll (Stunty injury 9, Blood Lust bite, spec §4.3).
        if not cas.final or any(casualty_by_key(ruleset, key).effect != "none" for key in cas.final):
            found.append(Violation("casualty_without_roll", {"player": ref}))
        return
    try:
        resolved = resolve_casualty(ruleset, cas)
    except DiceError:
        found.append(Violation("die_out_of_range", {"player": ref}))  # D68: D6 tens 1-6, D8 units 1-8 (A20)
        return
    except ValueError:
        found.append(Violation("apothecary_roll_unknown", {"player": ref, "index": cas.apothecary_roll_index}))
        return
    if cas.regeneration_reroll is not None and (
        cas.regeneration is None or cas.regeneration >= ruleset.params.regeneration_min_roll
    ):
        found.append(Violation("regeneration_reroll_unneeded", {"player": ref}))
    expected = tuple(result.key for result in resolved.results)
    if cas.final and not cas.override and cas.final != expected:
        found.append(
            Violation("casualty_result_mismatch", {"player": ref, "expected": expected, "recorded": cas.final})
        )


# The SPP actions PlayerReport counts in its own fields (and the MVP, which the engine draws).
FIXED_ACTIONS = FIXED_SPP_ACTIONS


def extra_actions(ruleset: Ruleset) -> tuple[str, ...]:
    """The ruleset's other SPP actions (spp_actions.csv), counted in PlayerReport.actions."""
    return tuple(key for key in ruleset.spp_awards if key not in FIXED_ACTIONS)


def _check_player(ruleset: Ruleset, side: Side, team_key: str, player: PlayerReport, found: list[Violation]) -> None:
    ref = player.ref
    for name in _PLAYER_COUNTS:
        if getattr(player, name) < 0:
            found.append(Violation("negative_value", {"player": ref, "field": name}))
    team = ruleset.teams.get(player.list_key(team_key))
    if team is None:
        found.append(Violation("unknown_team", {"player": ref, "team": player.list_key(team_key)}))
        return
    known = {pos.key for pos in team.roster_positions}
    known |= {f"{pos.team_key}:{pos.key}" for pos in team.allies}  # allies hold "<race>:<position>"
    induced_ok = player.is_star_or_mercenary and player.position_key in ruleset.star_players
    if player.position_key not in known and not induced_ok:
        found.append(Violation("unknown_position", {"player": ref, "position": player.position_key}))
    for counts in (player.stat_improvements, player.stat_injuries):
        for stat, count in counts.items():
            if stat not in STATS:
                found.append(Violation("unknown_stat", {"player": ref, "stat": stat}))
            elif count < 0:
                found.append(Violation("negative_value", {"player": ref, "field": stat}))
    for action, count in player.actions.items():
        if action not in extra_actions(ruleset):  # the ruleset's own, not one of the fixed counts
            found.append(Violation("unknown_action", {"player": ref, "action": action}))
        elif type(count) is not int or count < 0:
            found.append(Violation("negative_value", {"player": ref, "field": action}))
    for key in player.improvements:
        if key not in ruleset.value_increases:
            found.append(Violation("unknown_improvement", {"player": ref, "improvement": key}))
    for key in player.skills:
        if key not in ruleset.skills:
            found.append(Violation("unknown_skill", {"player": ref, "skill": key}))
    taken = player.improvement_rolls_taken
    where = {"team_key": player.list_key(team_key), "position_key": player.position_key}  # its group's levels
    if player.spp_before >= 0 and taken > spp_level(ruleset, player.spp_before, **where).improvement_rolls:
        found.append(Violation("improvement_rolls_exceed_level", {"player": ref, "taken": taken}))
    if player.miss_next_game_before and (any(getattr(player, name) for name in _ACTIONS) or player.casualties_suffered):
        found.append(Violation("missed_game_but_credited", {"player": ref}))
    for cas in player.casualties_suffered:
        _check_casualty(ruleset, ref, cas, found)


def _check_side(ruleset: Ruleset, side: Side, own: SideReport, found: list[Violation]) -> bool:
    """Side-level checks; False when the team is unknown (its players cannot be checked)."""
    for name in _SIDE_COUNTS:
        if getattr(own, name) < 0:
            found.append(Violation("negative_value", {"side": side, "field": name}))
    if own.petty_cash > own.treasury_before:
        found.append(
            Violation(
                "petty_cash_over_treasury",
                {"side": side, "petty_cash": own.petty_cash, "treasury": own.treasury_before},
            )
        )
    touchdowns = sum(max(p.touchdowns, 0) for p in own.players)
    if touchdowns > own.score >= 0:  # fewer is fine: a TD given when the opponent fields nobody has no scorer (A21)
        found.append(Violation("touchdowns_exceed_score", {"side": side, "touchdowns": touchdowns, "score": own.score}))
    suffered = [(p.ref, cas) for p in own.players for cas in p.casualties_suffered]
    found += check_after_match_apothecary(ruleset, side, suffered)
    if own.apothecaries_fielded is not None:
        used = apothecary_uses(cas for _ref, cas in suffered)
        after = sum(1 for _ref, cas in suffered if cas.apothecary_after_match)
        found += check_apothecary_uses(side, used=used, fielded=own.apothecaries_fielded, after_match=after)
    if own.team_key not in ruleset.teams:
        found.append(Violation("unknown_team", {"side": side, "team": own.team_key}))
        return False
    return True


def check_report(ruleset: Ruleset, report: MatchReport) -> tuple[Violation, ...]:
    """Every inconsistency found in the report, in a stable order (side checks, then players)."""
    found: list[Violation] = []
    if report.home.conceded and report.away.conceded:
        found.append(Violation("both_conceded", {}))
    # Whether a concession was justified is a fact about the match's one concession: the flag is
    # read on the conceding side, and a caller may set it on both sides. Only a flag with no
    # concession at all is wrong (checking it side by side refused every justified concession,
    # because the side that did not concede carried the flag too).
    for side in SIDES:
        if report.side(side).concession_justified and not (report.home.conceded or report.away.conceded):
            found.append(Violation("justified_without_concession", {"side": side}))
    seen: set[str] = set()
    for side in SIDES:
        own = report.side(side)
        if not _check_side(ruleset, side, own, found):
            continue
        for player in own.players:
            if player.ref in seen:
                found.append(Violation("duplicate_player", {"player": player.ref}))
            seen.add(player.ref)
            _check_player(ruleset, side, own.team_key, player, found)
    if not found:
        budgets = inducement_budgets(
            ruleset,
            home_tv=report.home.roster_tv,
            away_tv=report.away.roster_tv,
            home_petty_cash=report.home.petty_cash,
            away_petty_cash=report.away.petty_cash,
            final=report.playoff,
            home_treasury=report.home.inducement_treasury,
            away_treasury=report.away.inducement_treasury,
        )
        for side in SIDES:
            own = report.side(side)
            if own.inducements_cost > budgets.budget(side):
                found.append(
                    Violation(
                        "inducements_over_budget",
                        {"side": side, "budget": budgets.budget(side), "cost": own.inducements_cost},
                    )
                )
            # Only block casualties earn SPP, and each one is a casualty some opposing player suffered.
            inflicted = sum(p.casualties for p in own.players)
            other = report.side("away" if side == "home" else "home")
            suffered = sum(len(p.casualties_suffered) for p in other.players)
            if inflicted > suffered:
                found.append(
                    Violation(
                        "casualties_exceed_suffered", {"side": side, "inflicted": inflicted, "suffered": suffered}
                    )
                )
    found += card_play_violations(ruleset, report)
    return tuple(found)
