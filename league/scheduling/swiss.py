"""Swiss pairing by maximum-weight perfect matching, without rematches whenever possible.

Greedy pairing (take the best unpaired team, give it the first legal opponent) can paint itself
into a corner and force a rematch that another pairing avoids. Edmonds' blossom algorithm
(networkx.max_weight_matching, O(n^3)) finds the best pairing over all of them; the weights are
integers because the networkx documentation warns that float weights may give a slightly worse
matching.

The objective is lexicographic, packed into one integer weight per edge, most important first:
1. repeats: rematches, and a second bye for a team that already had one;
2. the bye goes to the lowest-ranked team that has not had one;
3. the sum of squared differences in points (teams meet teams on the same score);
4. the sum of rank gaps (then neighbours in the standings meet), or, when `ratings` are given, the
   sum of rating gaps (then teams of closest rating meet: a league's "pair by rating" setting);
5. an injected-random tie-break, so equal choices are drawn, reproducibly from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import networkx as nx  # type: ignore[import-untyped]

T = TypeVar("T", bound=Hashable)

NO_REMATCH_FREE_PAIRING = "no_rematch_free_pairing"


@dataclass(frozen=True, slots=True)
class SwissRound(Generic[T]):
    """`pairs` as (home, away), the better-ranked team at home, in standings order of home.

    `rematches` lists the pairs that meet again (only outside strict mode, when nothing avoids
    them); `problem` is a refusal code when strict mode finds no pairing.
    """

    pairs: tuple[tuple[T, T], ...]
    bye: T | None = None
    rematches: tuple[tuple[T, T], ...] = ()
    repeated_bye: bool = False
    problem: str | None = None


def _level_multipliers(maxima: Sequence[int], edges: int) -> list[int]:
    """Weights for each level (least important first) so that no sum of lower levels over a
    whole pairing of `edges` edges can outweigh one unit of a higher level."""
    multipliers: list[int] = []
    current = 1
    for maximum in maxima:
        multipliers.append(current)
        current *= maximum * edges + 1
    multipliers.append(current)  # the last one is the constant that keeps every weight positive
    return multipliers


def _gaps(teams: Sequence[T], ratings: Mapping[T, int] | None) -> tuple[Callable[[int, int], int], int]:
    """The gap of the teams at ranks i < j, and the widest: their rank difference, or their rating
    difference when ratings are given."""
    if ratings is None:
        return (lambda i, j: j - i), len(teams) - 1
    missing = [team for team in teams if team not in ratings]
    if missing:
        raise ValueError(f"no rating for {missing!r}")
    values = [ratings[team] for team in teams]
    return (lambda i, j: abs(values[i] - values[j])), max(values) - min(values)


def swiss_pairing(
    standings_order: Sequence[T],
    points: Mapping[T, int],
    played_pairs: Iterable[Collection[T]],
    had_bye: Collection[T],
    rng: random.Random | None,
    strict: bool = False,
    ratings: Mapping[T, int] | None = None,
) -> SwissRound[T]:
    """Pair the next Swiss round.

    `standings_order` ranks the teams at pairing time (best first); `points` are their standings
    points; `played_pairs` are the pairs that already met; `had_bye` the teams that had a bye.
    With an odd number of teams one gets a bye. In `strict` mode a rematch or a second bye is
    never allowed and `problem` says so when no pairing exists; otherwise they are allowed only
    when unavoidable, and as few as possible. With `ratings` (whole numbers, such as ELO ratings
    in tenths), teams on the same points meet the closest rating rather than the nearest rank.
    """
    teams = list(standings_order)
    n = len(teams)
    if len(set(teams)) != n:
        raise ValueError("a team appears twice in the standings order")
    if n < 2:
        raise ValueError("Swiss pairing needs at least two teams")
    played = {frozenset(p) for p in played_pairs}
    byes = set(had_bye)
    bye_node = n  # nodes are ranks 0..n-1, plus the bye when n is odd
    nodes = n + (n % 2)
    edges = nodes // 2
    max_gap = max(abs(points[a] - points[b]) for a in teams for b in teams)
    # Levels, least important first: random, rank gap, points gap squared, bye rank, repeats.
    random_span = nodes * nodes
    gap_of, widest = _gaps(teams, ratings)
    mult = _level_multipliers([random_span - 1, widest, max_gap * max_gap, n - 1, 1], edges)
    m_random, m_gap, m_points, m_bye, m_repeat, total = mult

    graph = nx.Graph()
    graph.add_nodes_from(range(nodes))
    for i in range(nodes):
        for j in range(i + 1, nodes):
            # Drawn for every edge in a fixed order, so the same seed gives the same pairing.
            tie_break = rng.randrange(random_span) if rng is not None else 0
            if j == bye_node:
                repeat = teams[i] in byes
                cost = m_bye * (n - 1 - i)
            else:
                repeat = frozenset((teams[i], teams[j])) in played
                cost = m_points * (points[teams[i]] - points[teams[j]]) ** 2 + m_gap * gap_of(i, j)
            if repeat and strict:
                continue
            cost += m_repeat * repeat + m_random * tie_break
            graph.add_edge(i, j, weight=total - cost)

    matching: set[tuple[int, int]] = nx.max_weight_matching(graph, maxcardinality=True, weight="weight")
    if len(matching) < edges:
        return SwissRound((), problem=NO_REMATCH_FREE_PAIRING)
    pairs: list[tuple[T, T]] = []
    rematches: list[tuple[T, T]] = []
    bye: T | None = None
    for a, b in sorted(tuple(sorted(edge)) for edge in matching):
        if b == bye_node:
            bye = teams[a]
            continue
        pair = (teams[a], teams[b])
        pairs.append(pair)
        if frozenset(pair) in played:
            rematches.append(pair)
    return SwissRound(tuple(pairs), bye, tuple(rematches), repeated_bye=bye is not None and bye in byes)
