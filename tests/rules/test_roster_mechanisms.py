"""The engine's team-building mechanisms that data switches on (docs/rulesets.md, "Team building
switched on by data"): free rookies, a cap on a position group, the fan factor floor, and the
loader's refusals when the data naming them is wrong."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from league.rules import RulesetDataError, load_ruleset, load_ruleset_from
from league.rules.catalogue.team_building import (
    NewTeam,
    capped_positions,
    check_new_team,
    rookie_profile,
    rookie_source,
    rookies_allowed,
)
from league.rules.loading.loader import DATA_DIR
from league.rules.parameters import RookieParameters
from league.rules.postmatch.fans import fan_factor_change
from league.rules.prematch import rookies_needed
from league.rules.registry import PRE_MATCH

LRB6 = load_ruleset("lrb6")


def test_a_rookie_comes_from_the_most_numerous_position_with_every_characteristic_halved_up():
    beastman = rookie_source(LRB6, "chaos")  # 0-16, first of the list
    assert beastman.key == "beastman"
    halved = rookie_profile(beastman)
    assert (halved.ma, halved.st, halved.ag, halved.av) == (3, 2, 2, 4)  # 6/3/3/8
    assert rookie_source(LRB6, "ogre").key == "snotling"
    snot = rookie_profile(rookie_source(LRB6, "ogre"))
    assert (snot.ma, snot.st, snot.ag, snot.av) == (3, 1, 2, 3)  # 5/1/3/5: never below 1
    # No [parameters.rookies]: no rookie, at the pre-match or on the team page.
    assert rookies_allowed(LRB6, 3) == 0 and "rookies" in PRE_MATCH
    rookies = replace(LRB6, parameter_groups={"rookies": RookieParameters(fill_to=11)})
    assert (rookies_allowed(rookies, 9), rookies_needed(rookies, 11), rookies_needed(rookies, 14)) == (2, 0, 0)


def test_the_fan_factor_floor_stops_a_loss_and_a_concession_but_not_a_gain():
    assert fan_factor_change(fan_factor=1, outcome="loss", roll_total=None, conceded_unjustified=True) == -1
    assert fan_factor_change(fan_factor=1, outcome="loss", roll_total=None, conceded_unjustified=True, floor=1) == 0
    assert fan_factor_change(fan_factor=3, outcome="loss", roll_total=2, floor=3) == 0
    assert fan_factor_change(fan_factor=3, outcome="loss", roll_total=2, floor=2) == -1
    assert fan_factor_change(fan_factor=0, outcome="win", roll_total=5, floor=1) == 1  # below it: may rise


def test_the_group_cap_counts_the_group_and_spares_the_exempt_teams():
    capped = LRB6.with_overrides({"capped_group_max": 2, "capped_group_exempt_teams": ["ogre"]})
    # No group named: no cap at all.
    assert capped_positions(capped, "chaos_dwarf") == frozenset()
    order = NewTeam("chaos_dwarf", {"hobgoblin": 8, "bull_centaur": 2, "minotaur": 1})
    assert [v.code for v in check_new_team(LRB6, order)] == []
    with pytest.raises(Exception, match="unknown teams: atlantis"):
        LRB6.with_overrides({"capped_group_exempt_teams": ["atlantis"]})


def _copy(tmp_path: Path, key: str = "lrb6") -> Path:
    folder = tmp_path / key
    shutil.copytree(DATA_DIR / "lrb6", folder)
    return folder


def _problems(folder: Path) -> str:
    with pytest.raises(RulesetDataError) as info:
        load_ruleset_from(folder)
    return "\n".join(info.value.problems)


def test_the_loader_refuses_a_cap_on_an_unknown_group_an_unknown_exempt_team_and_rookies_without_their_group(
    tmp_path: Path,
):
    folder = _copy(tmp_path)
    toml = folder / "ruleset.toml"
    text = toml.read_text(encoding="utf-8")
    text = text.replace('capped_group = ""', 'capped_group = "giants"')
    text = text.replace("capped_group_exempt_teams = []", 'capped_group_exempt_teams = ["atlantis"]')
    text = text.replace('"inducements", "journeymen"]', '"inducements", "rookies"]')
    toml.write_text(text, encoding="utf-8")
    problems = _problems(folder)
    assert "capped_group 'giants' is not a group of level_groups.csv" in problems
    assert "parameter 'capped_group_exempt_teams' names unknown teams: atlantis" in problems
    assert "pre-match step 'rookies' needs [parameters.rookies]" in problems
