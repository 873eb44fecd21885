"""Two mechanisms a league's house rules are written with, in data only: a level table per
position group (big guys needing twice the SPP, seed 002) and a post-match roll on a table whose
rows apply effects the sequence already knows (seed 002's ageing roll). The ruleset is LRB6
copied with the files of tests/builders.py (`ageing_ruleset`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from league.rules import (
    Ruleset,
    RulesetDataError,
    improvement_rolls_pending,
    levels_for,
    load_ruleset,
    load_ruleset_from,
    next_level,
    spp_level,
    table_roll_outcome,
)
from league.rules.postmatch import (
    InvalidInput,
    MatchDice,
    PlayerReport,
    die_faces,
    plan_post_match,
    required_inputs,
)
from tests.builders import AGEING_TABLE, AGEING_TOML, BIG_GUYS_GROUPS, BIG_GUYS_LEVELS
from tests.rules.postmatch_helpers import base_dice, match, side

OGRE = {"team_key": "human", "position_key": "ogre"}
LINEMAN = {"team_key": "human", "position_key": "lineman"}


def test_a_group_has_its_own_levels_and_every_other_position_the_rulesets(ageing_ruleset: Ruleset) -> None:
    rs = ageing_ruleset
    assert levels_for(rs, **OGRE) == rs.level_tables["big_guys"] == levels_for(rs, "ogre", "ogre")
    assert levels_for(rs, **LINEMAN) == rs.spp_levels == levels_for(rs, "chaos_pact", "chaos_ogre")
    assert levels_for(rs) == rs.spp_levels  # no position given: the ruleset's table
    assert spp_level(rs, 6, **LINEMAN).key == "experienced"
    assert spp_level(rs, 6, **OGRE).key == "rookie" and spp_level(rs, 11, **OGRE).key == "rookie"
    assert spp_level(rs, 12, **OGRE).key == "experienced"
    assert next_level(rs, 6, **OGRE).spp_min == 12 and next_level(rs, 6, **LINEMAN).spp_min == 16
    assert next_level(rs, 400, **OGRE) is None
    assert improvement_rolls_pending(rs, 11, 0, **OGRE) == 0 and improvement_rolls_pending(rs, 12, 0, **OGRE) == 1
    # LRB6 itself has no group: its Ogre levels at 6 as before.
    assert spp_level(load_ruleset("lrb6"), 6, **OGRE).key == "experienced"


def _report(*players: PlayerReport):
    return match(side("human", "h", *players))


def test_the_big_guy_earns_no_roll_at_the_normal_threshold(ageing_ruleset: Ruleset) -> None:
    ogre = PlayerReport("hO", "ogre", spp_before=5, completions=3)  # 8 SPP: Experienced for anyone else
    lineman = PlayerReport("hX", "lineman", spp_before=5, completions=3)
    asked = {r.key for r in required_inputs(ageing_ruleset, _report(ogre, lineman), MatchDice(base_dice()))}
    assert "improvement:hX:1" in asked and "improvement:hO:1" not in asked
    big = PlayerReport("hO", "ogre", spp_before=9, completions=3)  # 12 SPP: the doubled threshold
    asked = {r.key for r in required_inputs(ageing_ruleset, _report(big), MatchDice(base_dice()))}
    assert "improvement:hO:1" in asked


def _ageing_plan(ruleset: Ruleset, player: PlayerReport, **dice: tuple[int, ...]):
    extra = {"improvement:hX:1": (1, 2), **{k.replace("__", ":"): v for k, v in dice.items()}}
    return plan_post_match(ruleset, _report(player), MatchDice(base_dice(extra)))


def test_each_improvement_roll_is_followed_by_the_ageing_roll(ageing_ruleset: Ruleset) -> None:
    player = PlayerReport("hX", "lineman", spp_before=5, completions=3)
    report = _report(player)
    asked = [r for r in required_inputs(ageing_ruleset, report, MatchDice(base_dice({"improvement:hX:1": (1, 2)})))]
    avoid = next(r for r in asked if r.key == "ageing:hX:1:avoid")
    assert (avoid.what, avoid.count, avoid.sides, avoid.player_ref) == ("table_roll_avoid", 2, 6, "hX")
    # 2 < 3 (Experienced's target): the table is rolled; 2D6 = 8 is a niggling injury.
    plan = _ageing_plan(ageing_ruleset, player, ageing__hX__1__avoid=(1, 1), ageing__hX__1=(4, 4))
    (effect,) = plan.by_step("ageing")
    assert (effect.kind, effect.key, effect.casualty, effect.dice) == (
        "niggling_injury",
        "ageing:hX:1",
        "ageing_niggling",
        (4, 4),
    )
    assert table_roll_outcome(ageing_ruleset, effect.casualty).name("fr") == "Vieillissement"
    # 3 avoids it: no table die is asked for, and one given anyway is refused.
    assert _ageing_plan(ageing_ruleset, player, ageing__hX__1__avoid=(2, 1)).by_step("ageing") == ()
    with pytest.raises(InvalidInput):
        _ageing_plan(ageing_ruleset, player, ageing__hX__1__avoid=(2, 1), ageing__hX__1=(4, 4))


def test_a_characteristic_lost_to_ageing_keeps_the_limits(ageing_ruleset: Ruleset) -> None:
    player = PlayerReport("hX", "lineman", spp_before=5, completions=3)
    (effect,) = _ageing_plan(ageing_ruleset, player, ageing__hX__1__avoid=(1, 1), ageing__hX__1=(6, 6)).by_step(
        "ageing"
    )
    assert (effect.kind, effect.stat, effect.casualty) == ("stat_injury", "st", "ageing_st")
    worn = PlayerReport("hX", "lineman", spp_before=5, completions=3, stat_injuries={"st": 2})  # -2 already
    (ignored,) = _ageing_plan(ageing_ruleset, worn, ageing__hX__1__avoid=(1, 1), ageing__hX__1=(6, 6)).by_step("ageing")
    assert (ignored.kind, ignored.stat, ignored.reason) == ("injury_ignored", "st", "stat_limit")


def test_no_roll_at_a_level_without_a_target_nor_for_a_player_without_improvement(ageing_ruleset: Ruleset) -> None:
    still = PlayerReport("hX", "lineman", spp_before=3)
    asked = {r.key for r in required_inputs(ageing_ruleset, _report(still), MatchDice(base_dice()))}
    assert not any(key.startswith("ageing:") for key in asked)


# --- The loader stays strict: the new files, columns and keys are declared, nothing else is ---


def _house_rules(
    folder: Path, *, toml: str = AGEING_TOML, table: str = AGEING_TABLE, groups: str = BIG_GUYS_GROUPS
) -> Path:
    path = folder / "ruleset.toml"
    text = path.read_text(encoding="utf-8").replace(
        '"improvements", "remove_dead"', '"improvements", "ageing", "remove_dead"'
    )
    path.write_text(text + toml, encoding="utf-8")
    (folder / "level_groups.csv").write_text(groups, encoding="utf-8")
    (folder / "spp_levels_by_group.csv").write_text(BIG_GUYS_LEVELS, encoding="utf-8")
    (folder / "ageing.csv").write_text(table, encoding="utf-8")
    return path


def _problems(folder: Path) -> tuple[str, ...]:
    with pytest.raises(RulesetDataError) as info:
        load_ruleset_from(folder)
    return info.value.problems


def test_the_house_rules_files_load_from_a_copy(data_copy: Path) -> None:
    _house_rules(data_copy)
    loaded = load_ruleset_from(data_copy)
    assert "ageing" in loaded.post_match_steps and loaded.level_groups[("ogre", "ogre")] == "big_guys"


def test_an_unknown_key_of_a_table_roll_is_refused_on_its_line(data_copy: Path) -> None:
    path = _house_rules(data_copy, toml=AGEING_TOML + 'apothecary = "no"\n')
    line = path.read_text(encoding="utf-8").splitlines().index('apothecary = "no"') + 1
    (problem,) = _problems(data_copy)
    assert problem.startswith(f"ruleset.toml line {line}: unknown key 'apothecary' in [table_rolls.ageing]")


def test_an_unknown_column_of_a_table_is_refused_on_its_header(data_copy: Path) -> None:
    _house_rules(data_copy, table=AGEING_TABLE.replace("effect,stat\n", "effect,stat,apothecary\n", 1))
    (problem,) = _problems(data_copy)
    assert problem.startswith("ageing.csv line 1: unknown column(s) 'apothecary'")


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        (AGEING_TABLE.replace("niggling_injury,\n", "dead,\n"), "ageing.csv line 2: effect 'dead' is not one of"),
        (AGEING_TABLE.replace("stat_injury,av", "stat_injury,"), "ageing.csv line 3: a stat_injury names its stat"),
        (AGEING_TABLE.replace("9,9,", "10,10,", 1), "ageing.csv line 4: 2D6 result 10 is already covered at line 3"),
    ],
)
def test_a_broken_table_row_is_refused_with_its_line(data_copy: Path, table: str, expected: str) -> None:
    _house_rules(data_copy, table=table)
    problems = _problems(data_copy)
    assert any(p.startswith(expected) for p in problems), problems


def test_a_level_group_needs_its_table_and_a_known_position(data_copy: Path) -> None:
    _house_rules(data_copy, groups=BIG_GUYS_GROUPS + "human,treeman,big_guys\nhuman,ogre,giants\n")
    assert _problems(data_copy) == (
        "level_groups.csv line 3: unknown position 'treeman'",
        "level_groups.csv line 4: level group 'giants' has no levels in spp_levels_by_group.csv",
    )


def test_a_declared_roll_must_be_in_the_sequence_after_the_improvements(data_copy: Path) -> None:
    path = _house_rules(data_copy)
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace('"improvements", "ageing", "remove_dead"', '"improvements", "remove_dead"'), encoding="utf-8"
    )
    assert any("table roll 'ageing' is declared but not listed in post_match_steps" in p for p in _problems(data_copy))
    path.write_text(
        text.replace('"mvp", "spp", "improvements", "ageing"', '"mvp", "ageing", "spp", "improvements"'),
        encoding="utf-8",
    )
    assert any("table roll 'ageing' must come after the step 'improvements'" in p for p in _problems(data_copy))


def test_a_stored_table_die_is_checked_against_the_tables_own_dice(ageing_ruleset: Ruleset) -> None:
    d8 = replace(ageing_ruleset.table_rolls["ageing"], dice=(1, 8))
    ruleset = replace(ageing_ruleset, table_rolls={"ageing": d8})
    assert die_faces("ageing:p3:1", ruleset) == 8 and die_faces("ageing:p3:1:avoid", ruleset) == 6
    assert die_faces("ageing:p3:1") == 6 and die_faces("mvp:home:1", ruleset) is None
