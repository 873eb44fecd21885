"""Which stored inputs the post-match sequence sets aside rather than fail for good (league.rules.decisions)."""

from __future__ import annotations

from league.rules import inputs_set_aside
from league.rules.postmatch.records import InputProblem

DICE = {"improvement:p7:1", "mvp:home:1"}
DECISIONS = {"improvement:p7:1", "winnings_reroll:home"}


def test_inputs_whose_step_no_longer_happens_are_set_aside():
    problems = [InputProblem("improvement:p7:1", "unused_die"), InputProblem("winnings_reroll:home", "unused_decision")]
    assert inputs_set_aside(problems, DICE, DECISIONS) == (
        frozenset({"improvement:p7:1"}),
        frozenset({"winnings_reroll:home"}),
    )


def test_a_wrong_die_or_an_input_nobody_stored_still_refuses():
    # A die of the wrong count is a genuine error, set aside or not.
    assert inputs_set_aside([InputProblem("mvp:home:1", "die_count")], DICE, DECISIONS) is None
    # A problem with a die that was not stored (the server's own) is not the stored inputs' doing.
    assert inputs_set_aside([InputProblem("ff:home", "unused_die")], DICE, DECISIONS) is None
    # One genuine error among set-aside ones: nothing is set aside.
    mixed = [InputProblem("winnings_reroll:home", "unused_decision"), InputProblem("improvement:p7:1", "die_value")]
    assert inputs_set_aside(mixed, DICE, DECISIONS) is None


def test_an_mvp_die_beyond_the_candidates_left_is_set_aside_and_rolled_again():
    # A D12 stored when 12 players could be MVP; an earlier match in play order killed one of them.
    assert inputs_set_aside([InputProblem("mvp:home:1", "die_value")], DICE, DECISIONS) == (
        frozenset({"mvp:home:1"}),
        frozenset(),
    )
