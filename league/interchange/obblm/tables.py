"""The id → name → our-key tables of each OBBLM/NAFLM data-file version (versions/<version>/).

Ids are only meaningful together with the version the dump came from (spec §1.3, §5.4-5.5: skill
ids 7/8 and race ids 24-26 are reused, Human 91-94 and Orc 123/124 change meaning), so every lookup
goes through the tables of one version. An empty key means nothing of ours is the same thing. Each
folder's version.toml says how to recognise its dumps and which columns it uses; the code names no
version.
"""

from __future__ import annotations

import csv
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

VERSIONS_DIR = Path(__file__).resolve().parent / "versions"
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
    current: str  # the name the version's id table uses ("Bone-Head" for an old "Bone Head")
    key: str


@dataclass(frozen=True)
class Detection:
    order: int
    any_columns: tuple[str, ...] = ()  # "table.column": one of them present
    all_columns: tuple[str, ...] = ()
    absent_tables: tuple[str, ...] = ()


@dataclass(frozen=True)
class VersionTables:
    version: str
    name: str
    detection: Detection
    races: dict[int, Named]
    positions: dict[int, PositionEntry]
    skills: dict[int, Named]
    injuries: dict[int, str]  # code → meaning (INJURY_MEANINGS)
    injury_columns: tuple[str, ...]  # match_data's second-injury columns (agn1/agn2 or agn)
    skill_name_columns: dict[str, str] = field(default_factory=dict)  # players column → N/D/E
    skill_names: dict[str, SkillName] = field(default_factory=dict)  # lower-cased name → entry


def versions() -> tuple[str, ...]:
    return tuple(sorted(p.parent.name for p in VERSIONS_DIR.glob("*/version.toml")))


def version_label(version: str, language: str) -> str:
    """The version's name for the page's select, from its folder's version.toml (`name_<lang>`)."""
    with (VERSIONS_DIR / version / "version.toml").open("rb") as handle:
        meta = tomllib.load(handle)
    return str(meta.get(f"name_{language}") or meta["name"])


def _rows(folder: Path, name: str) -> list[dict[str, str]]:
    with (folder / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@cache
def load_tables(version: str) -> VersionTables:
    if version not in versions():
        raise KeyError(f"unknown OBBLM/NAFLM version {version!r} (known: {', '.join(versions())})")
    own = VERSIONS_DIR / version
    meta = tomllib.loads((own / "version.toml").read_text(encoding="utf-8"))
    folder = VERSIONS_DIR / meta.get("tables", version)
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
    if (own / "skill_names.csv").exists():
        for r in _rows(own, "skill_names.csv"):
            names[r["name"].strip().lower()] = SkillName(r["current_name"], r["skill_key"])
    detect = meta.get("detect", {})
    detection = Detection(
        order=int(detect.get("order", 99)),
        any_columns=tuple(detect.get("any_columns", ())),
        all_columns=tuple(detect.get("all_columns", ())),
        absent_tables=tuple(detect.get("absent_tables", ())),
    )
    return VersionTables(
        version,
        meta.get("name", version),
        detection,
        races,
        positions,
        skills,
        injuries,
        tuple(meta.get("injury_columns", ())),
        dict(meta.get("skill_name_columns", {})),
        names,
    )
