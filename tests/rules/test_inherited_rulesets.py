"""A ruleset written as another one plus its differences (`[ruleset] base`, loading/inherit.py):
the three shipped ones built on LRB6, and what the loader does with a base."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from league.rules import RulesetDataError, load_ruleset, load_ruleset_from, ruleset_differences, ruleset_keys
from league.rules.loading.loader import DATA_DIR

INHERITED = ("fr_house", "dungeon_lutece", "classic3")


def test_the_three_rulesets_are_shipped_and_load() -> None:
    assert set(INHERITED) <= set(ruleset_keys())
    lrb6 = load_ruleset("lrb6")
    for key in INHERITED:
        rs = load_ruleset(key)
        assert rs.key == key
        # What the folder does not hold comes from LRB6: its team lists, casualties, improvements.
        assert rs.teams.keys() == lrb6.teams.keys()
        assert rs.casualty_table == lrb6.casualty_table
        assert rs.improvement_table == lrb6.improvement_table
        assert ruleset_differences(key)  # each says how it differs, on /rulesets/<key>/


def test_a_folder_replaces_what_it_holds_and_keeps_the_rest() -> None:
    house, lrb6 = load_ruleset("fr_house"), load_ruleset("lrb6")
    assert [level.spp_min for level in house.spp_levels] == [0, 11, 21, 51, 101, 201, 301, 501, 1001, 2001]
    assert house.params.fan_factor_min_at_creation == 1 and lrb6.params.fan_factor_min_at_creation == 0
    assert house.params.starting_treasury == lrb6.params.starting_treasury  # merged under the folder's keys
    assert house.post_match_steps.index("ageing") == house.post_match_steps.index("improvements") + 1
    assert {s.key for s in house.league_settings} >= {
        s.key for s in lrb6.league_settings
    }  # the base's settings stay offered
    dungeon = load_ruleset("dungeon_lutece")
    assert "weather" not in dungeon.pre_match_tables and dungeon.pre_match_steps[0] == "dungeon_state"
    assert dungeon.spp_awards["chest_opened"] == 1
    assert {e.key for e in dungeon.pre_match_tables["dungeon_state"].entries} >= {"ideal", "earthquake"}
    classic = load_ruleset("classic3")
    assert {s.key: s.group for s in classic.league_settings}["fan_factor_max_at_creation"] == "missing"


def _data(tmp_path: Path, toml: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR / "lrb6", data / "lrb6")
    (data / "child").mkdir()
    (data / "child" / "ruleset.toml").write_text(toml, encoding="utf-8")
    return data / "child"


HEAD = '[ruleset]\nkey = "child"\nname_en = "C"\nname_fr = "C"\nversion = "1"\n'


def test_the_child_names_itself_and_is_never_the_reference(tmp_path: Path) -> None:
    with pytest.raises(RulesetDataError, match="name_en"):
        load_ruleset_from(_data(tmp_path, '[ruleset]\nkey = "child"\nbase = "lrb6"\nversion = "1"\n'))
    folder = _data(tmp_path / "b", HEAD + 'base = "lrb6"\n')
    assert load_ruleset_from(folder).name_en == "C"
    from league.rules.loading.inherit import read_document

    document, _text = read_document(folder)
    assert "reference" not in document["ruleset"]  # type: ignore[operator]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('base = "nowhere"\n', "names no ruleset folder"),
        ('base = "child"\n', "loop"),
        ('base = "lrb6"\ndrop = ["settings.no_such_setting"]\n', "the base has no 'settings.no_such_setting'"),
        ('base = "lrb6"\ndrop = "settings"\n', "drop must be a list"),
    ],
)
def test_a_wrong_base_is_refused(tmp_path: Path, extra: str, message: str) -> None:
    with pytest.raises(RulesetDataError, match=message):
        load_ruleset_from(_data(tmp_path, HEAD + extra))


def test_a_dropped_table_is_gone_and_an_unknown_own_file_still_refused(tmp_path: Path) -> None:
    folder = _data(tmp_path, HEAD + 'base = "lrb6"\ndrop = ["settings.mvp_mode"]\n')
    assert "mvp_mode" not in {s.key for s in load_ruleset_from(folder).league_settings}
    (folder / "house.csv").write_text("a\n1\n", encoding="utf-8")
    with pytest.raises(RulesetDataError, match="unknown file"):
        load_ruleset_from(folder)
