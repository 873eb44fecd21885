"""Knock-out brackets as data: 2 to 64 teams, standard seeding or a random draw, byes, 3rd place.

Every game slot names where its team comes from: seed k, a bye, the winner or the loser of game X.
The same model covers a third-place game (losers of the semi-finals) and, later, placement games.
Pure Python; randomness only from an injected `random.Random` (the rulebook: the
semi-final pairings are drawn at random).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, Literal, TypeVar

T = TypeVar("T", bound=Hashable)

MIN_TEAMS = 2
MAX_TEAMS = 64

SourceKind = Literal["seed", "bye", "winner", "loser"]

# Round codes by the number of teams the round starts with; the web layer words them.
_ROUND_CODES = {
    2: "final",
    4: "semi_final",
    8: "quarter_final",
    16: "round_of_16",
    32: "round_of_32",
    64: "round_of_64",
}


class BracketError(ValueError):
    """A refused bracket operation; `code` is worded by the web layer."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Source:
    """Where a game's team comes from: seed `ref`, a bye (ref 0), winner or loser of game `ref`."""

    kind: SourceKind
    ref: int = 0


@dataclass(frozen=True, slots=True)
class Game:
    number: int
    round: int
    home: Source
    away: Source
    third_place: bool = False


@dataclass(frozen=True, slots=True)
class Bracket(Generic[T]):
    """`seeds[k - 1]` is the team seeded k; `winners` maps a decided game's number to its winner."""

    seeds: tuple[T, ...]
    size: int
    rounds: int
    games: tuple[Game, ...]
    winners: dict[int, T] = field(default_factory=dict)

    def game(self, number: int) -> Game:
        for game in self.games:
            if game.number == number:
                return game
        raise BracketError("unknown_game", f"no game {number} in this bracket")


def standard_order(size: int) -> list[int]:
    """Seed numbers in bracket order for a power of two: 1,8,4,5,2,7,3,6 for 8.

    From [1, 2], each seed s becomes the pair (s, 2m + 1 - s) while the list (length m) is
    shorter than `size`, so the top 2^k seeds fall in different sections of size/2^k slots.
    """
    if size < 2 or size & (size - 1):
        raise ValueError("a bracket size is a power of two, at least 2")
    order = [1, 2]
    while len(order) < size:
        m = len(order)
        order = [s for seed in order for s in (seed, 2 * m + 1 - seed)]
    return order


def bracket(seeds: Sequence[T], random_draw: bool = False, rng: random.Random | None = None) -> Bracket[T]:
    """A single-elimination bracket for `seeds` (best first).

    P is the next power of two; the byes go to seeds 1..P-N (each bye sits opposite a top seed
    in the standard order, so never bye against bye). With `random_draw`, the byes keep their
    standard slots and the teams are shuffled into the other slots with `rng`.
    """
    teams = tuple(seeds)
    n = len(teams)
    if not MIN_TEAMS <= n <= MAX_TEAMS:
        raise BracketError("bracket_size", f"a bracket takes {MIN_TEAMS} to {MAX_TEAMS} teams, not {n}")
    if len(set(teams)) != n:
        raise BracketError("duplicate_team", "a team is seeded twice")
    size = 1
    while size < n:
        size *= 2
    slots = standard_order(size)
    if random_draw:
        if rng is None:
            raise ValueError("a random draw needs an injected random.Random")
        drawn = list(range(1, n + 1))
        rng.shuffle(drawn)
        picks = iter(drawn)
        slots = [seed if seed > n else next(picks) for seed in slots]
    games: list[Game] = []
    previous: list[int] = []
    for i in range(0, size, 2):
        home, away = (Source("seed", s) if s <= n else Source("bye") for s in slots[i : i + 2])
        games.append(Game(len(games) + 1, 1, home, away))
        previous.append(len(games))
    rounds = 1
    while len(previous) > 1:
        rounds += 1
        current: list[int] = []
        for a, b in zip(previous[::2], previous[1::2], strict=True):
            games.append(Game(len(games) + 1, rounds, Source("winner", a), Source("winner", b)))
            current.append(len(games))
        previous = current
    return Bracket(teams, size, rounds, tuple(games))


def with_third_place(b: Bracket[T]) -> Bracket[T]:
    """The bracket with a third-place game between the losers of the semi-finals."""
    semis = [g for g in b.games if g.round == b.rounds - 1 and not g.third_place]
    if b.rounds < 2 or any(g.third_place for g in b.games):
        raise BracketError("no_third_place", "a third-place game needs semi-finals, once")
    if any(Source("bye") in (g.home, g.away) for g in semis):
        raise BracketError("no_third_place", "a semi-final is a bye: it has no loser")
    game = Game(len(b.games) + 1, b.rounds, Source("loser", semis[0].number), Source("loser", semis[1].number), True)
    return replace(b, games=(*b.games, game))


def round_code(b: Bracket[T], round_number: int) -> str:
    """ "final", "semi_final", "quarter_final", "round_of_16"...: flags play-off matches."""
    return _ROUND_CODES[2 ** (b.rounds - round_number + 1)]


def _team(b: Bracket[T], source: Source) -> T | None:
    if source.kind == "seed":
        return b.seeds[source.ref - 1]
    if source.kind == "bye":
        return None
    if source.kind == "winner":
        return winner(b, source.ref)
    home = _team(b, b.game(source.ref).home)
    away = _team(b, b.game(source.ref).away)
    won = b.winners.get(source.ref)
    if won is None or home is None or away is None:
        return None
    return away if won == home else home


def participants(b: Bracket[T], number: int) -> tuple[T | None, T | None]:
    """The two teams of game `number` as far as they are known (None: not yet, or a bye)."""
    game = b.game(number)
    return _team(b, game.home), _team(b, game.away)


def winner(b: Bracket[T], number: int) -> T | None:
    """The winner of game `number`: recorded, or the lone team of a bye game; None if undecided."""
    if number in b.winners:
        return b.winners[number]
    game = b.game(number)
    if game.round == 1 and Source("bye") in (game.home, game.away):
        source = game.away if game.home.kind == "bye" else game.home
        return _team(b, source)
    return None


def is_bye(b: Bracket[T], number: int) -> bool:
    game = b.game(number)
    return Source("bye") in (game.home, game.away)


def advance(b: Bracket[T], number: int, won: T) -> Bracket[T]:
    """The bracket with `won` recorded as the winner of game `number` (a decided, processed match).

    A knock-out game must produce a winner; the score is not this module's business (overtime or
    a shoot-out may decide it).
    """
    if is_bye(b, number):
        raise BracketError("bye_game", f"game {number} is a bye: its winner is known")
    home = _team(b, b.game(number).home)
    away = _team(b, b.game(number).away)
    if home is None or away is None:
        raise BracketError("game_not_ready", f"game {number} does not have both teams yet")
    if won not in (home, away):
        raise BracketError("not_in_game", f"{won!r} does not play game {number}")
    if number in b.winners:
        if b.winners[number] == won:
            return b
        raise BracketError("already_decided", f"game {number} already has a winner")
    return replace(b, winners={**b.winners, number: won})


def champion(b: Bracket[T]) -> T | None:
    final = next(g for g in b.games if g.round == b.rounds and not g.third_place)
    return winner(b, final.number)
