"""The team tests' own test ruleset (LRB6 copied and changed in data, tests/builders.py's lrb6_copy)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from league.rules import Ruleset
from tests.builders import BIG_GUYS_LEVELS, lrb6_copy

# --- Team-building house rules in data only: free rookies, a big-guy cap, a fan factor floor, a college ---

ROSTER_KEY = "rostertest"
# Seed 002's "gros balaises" (those with an LRB6 position), capped at 2 a team; the Ogre team exempt.
CAPPED_GROUPS = "team_key,position_key,level_group\n" + "".join(
    f",{key},big_guys\n" for key in ("ogre", "troll", "minotaur", "treeman", "bull_centaur", "rat_ogre", "vampire")
)
ROSTER_TOML = """
[parameters.rookies]
fill_to = 11

[settings.capped_group_exempt_teams]
group = "roster"
page = "H3"
en = "Teams whose big guys the cap of two leaves free."
fr = "Équipes dont les gros balaises échappent à la limite de deux."
"""


@pytest.fixture
def roster_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    """LRB6 with seed 002's team building switched on in data (docs/rulesets.md): free rookies
    (the pre-match tops up with them instead of journeymen), at most 2 big guys (the Ogre team
    exempt, a setting), fan factor at least 1 at creation and never below 1 after, a college."""
    yield from lrb6_copy(
        tmp_path,
        monkeypatch,
        ROSTER_KEY,
        replace=(
            ('"inducements", "journeymen"]', '"inducements", "rookies"]'),
            ('"clear_miss_next_game", "journeymen", "team_value"', '"clear_miss_next_game", "team_value"'),
            ("fan_factor_min_at_creation = 0", "fan_factor_min_at_creation = 1"),
            ("fan_factor_floor = 0", "fan_factor_floor = 1"),
            ('capped_group = ""', 'capped_group = "big_guys"'),
            ("capped_group_max = 0", "capped_group_max = 2"),
            ("capped_group_exempt_teams = []", 'capped_group_exempt_teams = ["ogre"]'),
            ("team_college = false", "team_college = true"),
            ("[setting_groups]\n", '[setting_groups]\nroster = { en = "Team building", fr = "Effectif" }\n'),
        ),
        toml_extra=ROSTER_TOML,
        append={"level_groups.csv": CAPPED_GROUPS, "spp_levels_by_group.csv": BIG_GUYS_LEVELS},
    )
