"""Shorthand for the standings tests: a result is "A-B 2-1" (home, away, TDs), casualties optional."""

from __future__ import annotations

from itertools import count

from league.rules.standings import Result, StandingsTeam

_orders = count(1)


def game(text: str, cas: tuple[int, int] = (0, 0), order: int | None = None, **flags: str) -> Result:
    teams, score = text.split(" ")
    home, away = teams.split("-")
    home_td, away_td = (int(n) for n in score.split("-"))
    number = order if order is not None else next(_orders)
    return Result(
        key=f"{text}#{number}",
        order=number,
        home=home,
        away=away,
        home_td=home_td,
        away_td=away_td,
        home_cas=cas[0],
        away_cas=cas[1],
        **flags,  # type: ignore[arg-type]
    )


def teams(names: str, values: dict[str, int] | None = None) -> list[StandingsTeam]:
    return [StandingsTeam(name, (values or {}).get(name)) for name in names]
