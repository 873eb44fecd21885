"""trophies.csv: the ruleset's trophies and the benefits of their holders (seed 000 §9.5-9.6).

trophy_key,name_en,name_fr,kind,extra_rerolls,gate_roll_bonus,fan_factor_bonus,
winnings_bonus_per_match,finalists_extra_mvp,inducement_prices,gift_players_die,gift_categories,
gift_skills,player_of_the_year_skill. inducement_prices reads "wizard:50000" (several separated by ";"). A ruleset with no
trophies.csv has no trophies (nothing else depends on them).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from ..catalogue.trophies import TROPHY_KINDS, TrophyData
from ..parameters import Parameters
from .csvio import Problems, Row, read_rows, unique_key
from .inherit import file_in

FILE = "trophies.csv"
COLUMNS = (
    "trophy_key",
    "name_en",
    "name_fr",
    "kind",
    "extra_rerolls",
    "gate_roll_bonus",
    "fan_factor_bonus",
    "winnings_bonus_per_match",
    "finalists_extra_mvp",
    "inducement_prices",
    "gift_players_die",
    "gift_categories",
    "gift_skills",
    "player_of_the_year_skill",
)


def _prices(row: Row, params: Parameters, inducements: Mapping[str, object]) -> dict[str, int]:
    prices: dict[str, int] = {}
    for item in row.items("inducement_prices"):
        key, _sep, raw = item.partition(":")
        key = key.strip()
        if key not in inducements:
            row.error(f"inducement_prices: unknown inducement {key!r}")
            continue
        try:
            price = int(raw.strip())
        except ValueError:
            row.error(f"inducement_prices: {item!r} must read <inducement>:<price>")
            continue
        row.check_gp(f"inducement_prices {key!r}", price)
        prices[key] = price
    return prices


def _non_negative(row: Row, column: str, *, gp: bool = False) -> int:
    value = row.integer(column, gp=gp)
    if value is not None and value < 0:
        row.error(f"column {column!r} must not be negative, got {value}")
    return max(value or 0, 0)


def load_trophies(
    folder: Path,
    problems: Problems,
    params: Parameters,
    *,
    skills: Mapping[str, object],
    categories: Mapping[str, object],
    inducements: Mapping[str, object],
) -> dict[str, TrophyData]:
    if not file_in(folder, FILE).is_file():
        return {}
    trophies: dict[str, TrophyData] = {}
    seen: dict[object, int] = {}
    for row in read_rows(folder, FILE, COLUMNS, problems, params.gp_granularity):
        key = row.text("trophy_key")
        if not key:
            row.error("trophy_key is empty")
            continue
        if not unique_key(row, key, seen, "trophy"):
            continue
        kind = row.text("kind")
        if kind not in TROPHY_KINDS:
            row.error(f"kind must be one of {', '.join(TROPHY_KINDS)}, got {kind!r}")
        die = _non_negative(row, "gift_players_die")
        letters = frozenset(row.text("gift_categories").replace(";", "").replace(" ", ""))
        for letter in sorted(letters - set(categories)):
            row.error(f"gift_categories: unknown skill category {letter!r}")
        gift_skills = row.items("gift_skills")
        for skill in gift_skills:
            if skill not in skills:
                row.error(f"gift_skills: unknown skill {skill!r}")
        poty = row.text("player_of_the_year_skill")
        if poty and poty not in skills:
            row.error(f"player_of_the_year_skill: unknown skill {poty!r}")
        if die and not (letters or gift_skills):
            row.error("gift_players_die is set but no gift_categories nor gift_skills are given")
        extra_rerolls = _non_negative(row, "extra_rerolls")
        if kind == "minor" and extra_rerolls:
            row.error("a minor tournament gives no trophy re-roll (seed 000 p.33 L4290-4292)")
        trophies[key] = TrophyData(
            key=key,
            name_en=row.text("name_en"),
            name_fr=row.text("name_fr"),
            kind=kind,
            extra_rerolls=extra_rerolls,
            gate_roll_bonus=_non_negative(row, "gate_roll_bonus"),
            fan_factor_bonus=_non_negative(row, "fan_factor_bonus"),
            winnings_bonus_per_match=_non_negative(row, "winnings_bonus_per_match", gp=True),
            finalists_extra_mvp=row.flag("finalists_extra_mvp"),
            inducement_prices=MappingProxyType(_prices(row, params, inducements)),
            gift_players_die=die,
            gift_categories=letters,
            gift_skills=gift_skills,
            player_of_the_year_skill=poty,
        )
    return trophies
