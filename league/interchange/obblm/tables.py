"""The id → name → our-key tables of each OBBLM/NAFLM data-file version (versions/<version>/*.csv).

Ids are only meaningful together with the version the dump came from (spec §1.3, §5.4-5.5: skill
ids 7/8 and race ids 24-26 are reused, Human 91-94 and Orc 123/124 change meaning), so every lookup
goes through the tables of one version. An empty key means nothing of ours is the same thing.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from pathlib import Path

VERSIONS_DIR = Path(__file__).resolve().parent / "versions"
OBBLM_LRB6 = "obblm-lrb6"
OBBLM_OLD_NAMES = "obblm-old-names"
NAFLM = "naflm"
VERSIONS = (OBBLM_LRB6, OBBLM_OLD_NAMES, NAFLM)
# Pre-0.8 OBBLM kept the LRB6 ids for races, positions and injuries; only skills were names.
_TABLES_OF = {OBBLM_LRB6: OBBLM_LRB6, OBBLM_OLD_NAMES: OBBLM_LRB6, NAFLM: NAFLM}
INJURY_MEANINGS = frozenset({"none", "mng", "ni", "ma", "av", "ag", "st", "pa", "dead", "retired"})


@dataclass(frozen=True)
class Named:
    name: str  # the source's name, shown when the row cannot be mapped
    key: str  # ours, "" when nothing of ours is the same thing


@dataclass(frozen=True)
class PositionEntry(Named):
    race_id: int


@dataclass(frozen=True)
class SkillName:
    current: str  # the name the version's table uses ("Bone-Head" for an old "Bone Head")
    key: str


@dataclass(frozen=True)
class VersionTables:
    version: str
    races: dict[int, Named]
    positions: dict[int, PositionEntry]
    skills: dict[int, Named]
    injuries: dict[int, str]  # code → meaning (INJURY_MEANINGS)
    skill_names: dict[str, SkillName]  # lower-cased old-style name → entry (obblm-old-names only)


def _rows(folder: Path, name: str) -> list[dict[str, str]]:
    with (folder / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@cache
def load_tables(version: str) -> VersionTables:
    if version not in _TABLES_OF:
        raise KeyError(f"unknown OBBLM/NAFLM version {version!r} (known: {', '.join(VERSIONS)})")
    folder = VERSIONS_DIR / _TABLES_OF[version]
    races = {int(r["race_id"]): Named(r["name"], r["team_key"]) for r in _rows(folder, "races.csv")}
    positions = {
        int(r["pos_id"]): PositionEntry(r["name"], r["position_key"], int(r["race_id"]))
        for r in _rows(folder, "positions.csv")
    }
    skills = {int(r["skill_id"]): Named(r["name"], r["skill_key"]) for r in _rows(folder, "skills.csv")}
    injuries = {int(r["code"]): r["meaning"] for r in _rows(folder, "injuries.csv")}
    unknown = set(injuries.values()) - INJURY_MEANINGS
    if unknown:
        raise ValueError(f"{folder / 'injuries.csv'}: unknown meanings {sorted(unknown)}")
    names: dict[str, SkillName] = {}
    if version == OBBLM_OLD_NAMES:
        for r in _rows(VERSIONS_DIR / OBBLM_OLD_NAMES, "skill_names.csv"):
            names[r["name"].strip().lower()] = SkillName(r["current_name"], r["skill_key"])
    return VersionTables(version, races, positions, skills, injuries, names)
