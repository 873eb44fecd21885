"""Every refusal of the rules engine a run or a replay can still meet is a sentence in the reader's
language, never the engine's code (matches.services.refusals): each check of a sheet
(league.rules.postmatch.check) and each problem of an input, worded with the step's label."""

from __future__ import annotations

import pytest
from django.utils import translation

from league.rules.catalogue.team_building import Violation
from league.rules.postmatch import InvalidInput, InvalidReport, MissingInput
from league.rules.postmatch.records import InputRequest, problem
from matches.services.refusals import in_language, refusal_words, violation_text
from matches.services.snapshot import build_report

pytestmark = pytest.mark.django_db

SHEET_CODES = [
    ("improvement_rolls_exceed_level", {"taken": 3}),
    ("both_conceded", {}),
    ("duplicate_player", {}),
    ("negative_value", {"field": "touchdowns"}),
    ("casualty_without_roll", {}),
    ("casualty_result_mismatch", {"expected": "dead", "recorded": "bh"}),
    ("too_many_casualty_rolls", {"count": 3}),
    ("override_without_result", {}),
    ("apothecary_roll_unknown", {"index": 2}),
    ("regeneration_reroll_unneeded", {}),
    ("unknown_skill", {"skill": "laser_eyes"}),
    ("unknown_team", {"side": "home", "team": "martians"}),
]


@pytest.mark.parametrize(("code", "params"), SHEET_CODES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_check_of_a_sheet_is_a_sentence_without_its_code(processed_match, humans, code, params, lang):
    if code not in ("unknown_team", "both_conceded"):
        params = {"player": f"p{humans.players.get(number=1).pk}", **params}
    with translation.override(lang):
        words = violation_text(Violation(code, params), processed_match)
    assert code not in words and "{" not in words and words.endswith(".")
    if "player" in params:
        assert "H1" in words or "Lineman 1" in words


def test_an_inputs_refusal_names_the_step_in_each_language(processed_match):
    report = build_report(processed_match)
    words = refusal_words(
        processed_match, report, InvalidInput((problem("ff:home", "die_count", count=2, sides=6, got="(4, 2, 6)"),))
    )
    assert words["en"] == "Fan factor dice, Reavers: 2 dice with 6 faces are needed, not (4, 2, 6)."
    assert words["fr"].startswith("Dés de popularité, Reavers")
    assert all("ff:home" not in text for text in words.values())
    missing = MissingInput((InputRequest("winnings:away", "dice", "winnings", "away", count=1, sides=6),))
    assert refusal_words(processed_match, report, missing)["en"] == (
        "The post-match sequence still needs: Winnings die, Gouged Eye."
    )
    with translation.override("fr"):
        assert in_language(words) == words["fr"]
    both = refusal_words(processed_match, report, InvalidReport((Violation("both_conceded", {}),)))
    assert set(both) == {"en", "fr"} and "both_conceded" not in both["fr"]
    # Not a refusal of the rules: nothing to word (the caller keeps what it says).
    assert refusal_words(processed_match, report, RuntimeError("boom")) == {}
