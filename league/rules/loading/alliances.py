"""alliances.csv: which team lists may ally in an alliance team (optional, with [parameters.alliances]).

One row a pair (`team_key`, `ally_team_key`), both ways: the matrix is symmetric, so a row whose
mirror is missing is refused with its line, as are an unknown team, a team allied with itself and
a pair given twice. The file and the [parameters.alliances] group come together: either without
the other is refused (docs/rulesets.md, "Alliance teams").
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..types import TeamList
from .csvio import Problems, read_rows, unique_key
from .inherit import file_in

ALLIANCES_FILE = "alliances.csv"
RULESET_FILE = "ruleset.toml"


def load_alliances(
    folder: Path, problems: Problems, teams: Mapping[str, TeamList], declared: bool, where: int | None
) -> dict[str, frozenset[str]]:
    """team key -> the team keys it may ally with; empty when the ruleset has no alliances.
    `declared`: the ruleset.toml has [parameters.alliances] (at line `where`)."""
    present = file_in(folder, ALLIANCES_FILE).is_file()  # its own, else its base's
    if not present:
        if declared:
            problems.add(RULESET_FILE, where, f"[parameters.alliances] needs the file {ALLIANCES_FILE}")
        return {}
    if not declared:
        problems.add(ALLIANCES_FILE, None, "alliances need a [parameters.alliances] table in ruleset.toml")
    pairs: dict[tuple[str, str], int] = {}
    seen: dict[object, int] = {}
    for row in read_rows(folder, ALLIANCES_FILE, ("team_key", "ally_team_key"), problems, None):
        team, ally = row.text("team_key"), row.text("ally_team_key")
        unknown = [key for key in (team, ally) if key not in teams]
        if unknown:
            row.error(f"unknown team {unknown[0]!r}")
        elif team == ally:
            row.error(f"team {team!r} cannot ally with itself")
        elif unique_key(row, (team, ally), seen, "pair"):
            pairs[(team, ally)] = row.line
    for (team, ally), line in pairs.items():
        if (ally, team) not in pairs:
            problems.add(
                ALLIANCES_FILE, line, f"{team!r} allies with {ally!r} but no row says {ally!r} allies with {team!r}"
            )
    allies: dict[str, set[str]] = {}
    for team, ally in pairs:
        allies.setdefault(team, set()).add(ally)
    return {key: frozenset(found) for key, found in allies.items()}
