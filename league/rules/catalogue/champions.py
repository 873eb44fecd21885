"""Champions: star players hired as permanent roster members (seed 002 H:L29-31, H:L88, spec §2.1,
§2.11, H9; classic 3rd edition, spec 13 "stars_permanent").

A ruleset switches them on with the optional group [parameters.champions]. Each team list then
offers, beside its positions, one position per star player who plays for the team: the star's key,
names, price, profile and skills (Loner kept), at most one per team, no 0-2 limit, counted toward
the roster maximum and in team value at the hire price. He earns no SPP and is never MVP. A paired
star (two players sold as one inducement) is not offered: the sources give no price for one of them
alone. The star-player inducement is then not offered: a champion is hired, not induced.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..parameters import ChampionParameters
from ..types import Inducement, Position, StarPlayer, TeamList


def champion_position(team_key: str, star: StarPlayer) -> Position:
    """The roster position a star player takes as a champion of this team."""
    return Position(
        team_key=team_key,
        key=star.key,
        name_en=star.name_en,
        name_fr=star.name_fr,
        max_count=1,
        cost=star.cost,
        ma=star.ma,
        st=star.st,
        ag=star.ag,
        av=star.av,
        skills=star.skills,
        normal_categories=frozenset(),
        double_categories=frozenset(),
        journeyman_eligible=False,
        champion=True,
    )


def with_champions(
    teams: Mapping[str, TeamList],
    stars: Mapping[str, StarPlayer],
    inducements: Mapping[str, Inducement],
    groups: Mapping[str, object],
) -> tuple[dict[str, TeamList], dict[str, Inducement]]:
    """The team lists with their champions and the inducements left to offer, where the ruleset's
    groups include champions; unchanged otherwise."""
    if ChampionParameters.KEY not in groups:
        return dict(teams), dict(inducements)
    found = {}
    for key, team in teams.items():
        own = {p.key for p in team.positions}
        offered = sorted(
            (s for s in stars.values() if key in s.teams and s.paired_with is None and s.key not in own),
            key=lambda s: s.key,
        )
        found[key] = replace(team, champions=tuple(champion_position(key, s) for s in offered))
    found = with_league_list(found, stars, groups[ChampionParameters.KEY])
    return found, {k: item for k, item in inducements.items() if item.pricing != "star_player"}


def with_league_list(
    teams: Mapping[str, TeamList], stars: Mapping[str, StarPlayer], group: object
) -> dict[str, TeamList]:
    """The champions at the league's prices, those it withdrew no longer offered (a hired one stays
    on his roster and in team value at the league's price): ChampionParameters.withdrawn and prices."""
    if not isinstance(group, ChampionParameters):
        return dict(teams)
    return {
        key: replace(
            team,
            champions=tuple(
                replace(p, cost=group.prices.get(p.key, stars[p.key].cost), offered=p.key not in group.withdrawn)
                for p in team.champions
            ),
        )
        for key, team in teams.items()
    }


def champion_keys(teams: Mapping[str, TeamList]) -> set[str]:
    """Every star a team may hire as a champion (what the league's list and prices may name)."""
    return {p.key for team in teams.values() for p in team.champions}


def is_champion(team: TeamList, position_key: str) -> bool:
    """Whether a roster player of this position is a champion (an unknown position is not)."""
    return any(p.key == position_key for p in team.champions)
