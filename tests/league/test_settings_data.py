"""The settings page is described by the ruleset's data ([settings.<key>]); the loader checks it."""

from __future__ import annotations

import shutil

import pytest

from league.rules import RulesetDataError, load_ruleset
from league.rules.loading.loader import DATA_DIR, load_ruleset_from


def test_the_shipped_settings_cover_the_optional_rules_with_their_defaults_and_pages():
    ruleset = load_ruleset("lrb6")
    settings = {s.key: s for s in ruleset.league_settings}
    for key in (
        "mvp_mode",
        "spiralling_expenses_threshold",
        "spiralling_expenses_band",
        "free_fan_factor",
        "final_inducements",
        "justified_concession_penalties",
        "ignored_injury_misses_next_game",
        "casualty_spp_when_saved",
        "max_consecutive_meetings",
        "coaches_schedule",
    ):
        assert settings[key].page and settings[key].text("en") and settings[key].text("fr"), key
    assert settings["spiralling_expenses_threshold"].default == ruleset.params.spiralling_expenses_threshold
    assert settings["mvp_mode"].kind == "choice"
    assert [c.value for c in settings["mvp_mode"].choices] == ["random", "chosen", "random_living"]
    assert settings["coaches_schedule"].league_field and settings["coaches_schedule"].default is False
    assert settings["spiralling_expenses_band"].minimum == 1 and settings["spiralling_expenses_band"].gp


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("[settings.free_fan_factor]", "[settings.free_fan_factors]", "is not a parameter"),
        ('group = "fans"', 'group = "fan"', "is not one of [setting_groups]"),
        ('none = "Aucune", ', "", "choices must word exactly"),
    ],
)
def test_a_wrong_setting_is_refused_naming_the_file_and_line(tmp_path, old, new, message):
    folder = tmp_path / "lrb6"
    shutil.copytree(DATA_DIR / "lrb6", folder)
    toml = folder / "ruleset.toml"
    text = toml.read_text(encoding="utf-8")
    assert old in text
    toml.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesetDataError) as refused:
        load_ruleset_from(folder)
    found = [p for p in refused.value.problems if message in p]
    assert len(found) == 1 and found[0].startswith("ruleset.toml line "), refused.value.problems
