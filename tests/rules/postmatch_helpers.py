"""Builders for post-match test reports: a small match where each test changes only what it checks."""

from __future__ import annotations

from dataclasses import replace

from league.rules.postmatch import MatchReport, PlayerReport, SideReport


def side(team: str, prefix: str, *players: PlayerReport, fill_to: int = 11, **fields: object) -> SideReport:
    """A side of linemen hL1, hL2... then the given players, `fill_to` players in all. The fillers come
    first so that an MVP die of 1 goes to a rookie lineman whom it takes to no improvement roll."""
    extra = tuple(PlayerReport(f"{prefix}L{i}", "lineman") for i in range(1, max(fill_to - len(players), 0) + 1))
    values: dict[str, object] = {
        "roster_tv": 1_000_000,
        "fan_factor": 5,
        "treasury_before": 100_000,
        "fame": 0,
        "score": 0,
    }
    values.update(fields)
    return SideReport(team_key=team, players=(*extra, *players), **values)  # type: ignore[arg-type]


def match(home: SideReport | None = None, away: SideReport | None = None, **fields: object) -> MatchReport:
    return MatchReport(home or side("human", "h"), away or side("orc", "a"), **fields)  # type: ignore[arg-type]


def with_side(report: MatchReport, which: str, **fields: object) -> MatchReport:
    return replace(report, **{which: replace(report.side(which), **fields)})  # type: ignore[arg-type]


Dice = dict[str, tuple[int, ...]]


def base_dice(extra: Dice | None = None, *, drop: tuple[str, ...] = ()) -> Dice:
    """Dice for the plain 0-0 match of match(): MVP draws, winnings, fan factor (draw: 2D6 each)."""
    dice = {
        "mvp:home:1": (1,),
        "mvp:away:1": (1,),
        "winnings:home": (3,),
        "winnings:away": (3,),
        "ff:home": (3, 3),
        "ff:away": (3, 3),
    }
    dice.update(extra or {})
    return {key: value for key, value in dice.items() if key not in drop}
