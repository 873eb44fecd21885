"""Inducements: the underdog's money, prices and who may buy what (seed 000 p.28 L3622-3661)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..ruleset import Ruleset
from ..types import Position


def inducement_money(match_tv_a: int, match_tv_b: int) -> tuple[int, int]:
    """(money for A, money for B): the weaker side gets the gap in match TV (petty cash included).

    Example p.28: 1,000,000 against 1,250,000 gives (250000, 0). Unspent money is lost.
    """
    gap = abs(match_tv_a - match_tv_b)
    return (gap, 0) if match_tv_a < match_tv_b else (0, gap) if match_tv_b < match_tv_a else (0, 0)


def inducement_money_among(match_tvs: Sequence[int]) -> tuple[int, ...]:
    """Each team's inducement money in a match of two or more teams: its gap to the highest match TV
    (seed 003 D:L195, spec §3.6: "with more than two teams, each team measures its gap against the
    highest TV"). With two teams it is inducement_money's answer. Matches of more than two teams are
    not played by the site yet (docs/decisions/matches.md): this is the rule they will use.
    """
    if len(match_tvs) < 2:
        raise ValueError(f"a match has at least two teams, got {len(match_tvs)}")
    if any(type(tv) is not int or tv < 0 for tv in match_tvs):
        raise ValueError(f"team values are whole non-negative numbers, got {list(match_tvs)!r}")
    highest = max(match_tvs)
    return tuple(highest - tv for tv in match_tvs)


def league_price_missing(ruleset: Ruleset, inducement_key: str) -> bool:
    """Whether the item is priced by the league (pricing "league") and the league has not set the
    price yet (league_inducement_price = 0): it cannot be bought until then (seed 003 D3)."""
    item = ruleset.inducement(inducement_key)
    return item.pricing == "league" and not ruleset.params.league_inducement_price


def inducement_allowed(ruleset: Ruleset, inducement_key: str, team_key: str) -> bool:
    """Whether the team may take this inducement at all (list limits and team conditions)."""
    item = ruleset.inducement(inducement_key)
    team = ruleset.team(team_key)
    if item.only_teams and team_key not in item.only_teams:
        return False
    if item.team_condition == "apothecary_allowed" and not team.apothecary_allowed:
        return False  # Wandering Apothecaries: only teams that may have an apothecary
    if item.team_condition == "apothecary_forbidden" and team.apothecary_allowed:
        return False  # Igor: only teams that may not
    if item.pricing == "star_player":
        return bool(ruleset.stars_for_team(team_key))
    return True


def inducement_price(
    ruleset: Ruleset, inducement_key: str, team_key: str, trophy_prices: Mapping[str, int] | None = None
) -> int:
    """Price of one unit for this team, special team prices included (Goblin bribes, Halfling chef).

    `trophy_prices`: the prices the team's held trophies give (HolderBenefits.inducement_prices,
    e.g. the Dungeonbowl holder's wizard for 50,000); the cheaper price applies.
    Stars and mercenaries have no single price: use star_price() and mercenary_price().
    """
    item = ruleset.inducement(inducement_key)
    team = ruleset.team(team_key)
    if team_key in item.special_prices:
        price = item.special_prices[team_key]
    elif item.pricing == "journeyman":  # the normal cost of the team's 0-16 position (PBBL P36/L80)
        price = next(p.cost for p in team.positions if p.journeyman_eligible)
    elif item.pricing == "league":  # the league's price (0 while unset: check_inducements refuses it)
        price = ruleset.params.league_inducement_price
    elif item.cost is None:
        raise ValueError(f"inducement {inducement_key!r} has a variable price ({item.pricing})")
    else:
        price = item.cost
    if trophy_prices and inducement_key in trophy_prices:
        return min(price, trophy_prices[inducement_key])
    return price


def star_allowed(ruleset: Ruleset, star_key: str, team_key: str, allies: tuple[str, ...] = ()) -> bool:
    """A star may be induced only by a team his entry lists; an alliance team by any of its rosters'
    (catalogue/alliances.py)."""
    return any(key in ruleset.star_players[star_key].teams for key in (team_key, *allies))


def star_price(ruleset: Ruleset, star_key: str) -> int:
    """Price of a star; a paired star (Brick Far'th and Grotty) costs the sum of the pair."""
    star = ruleset.star_players[star_key]
    mate = ruleset.star_players[star.paired_with].cost if star.paired_with else 0
    return star.cost + mate


def mercenary_price(ruleset: Ruleset, position: Position, extra_skill: bool | int) -> int:
    """Position cost + the mercenary surcharge, + the extra-skill surcharge when one is bought."""
    p = ruleset.params
    return position.cost + p.mercenary_extra_cost + p.mercenary_extra_skill_cost * int(extra_skill)
