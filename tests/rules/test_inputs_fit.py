"""The stored dice a step's new need still takes (league.rules.decisions: die_fit, inputs_fit):
an edit, a void or a late result may change how many dice a step needs (a fan-factor roll of
another size), whether it happens at all (an improvement roll), or their faces (an MVP draw among
another candidate list). The dice that still fit are kept in play order, the rest set aside, the
missing ones rolled: never a refusal."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.rules import ScriptedDice, SeededDice
from league.rules.decisions import DieFit, die_fit, inputs_fit
from league.rules.postmatch.records import problem

ANY_VALUE = st.one_of(st.integers(min_value=-3, max_value=12), st.text(max_size=2), st.none())


def test_a_fan_factor_roll_of_another_size():
    # The reported case: a win turned into a draw, 3 D6 stored where 2 are now needed.
    assert die_fit((4, 2, 6), 2, 6) == DieFit((4, 2), (6,), 0, 6)
    # A draw turned into a win: 2 stored, 3 needed; both kept, one rolled after them.
    fit = die_fit((4, 2), 3, 6)
    assert fit == DieFit((4, 2), (), 1, 6)
    assert fit.completed(ScriptedDice([5])) == (4, 2, 5)


def test_a_die_that_no_longer_fits_sets_aside_those_rolled_after_it():
    # An MVP draw among three candidates where five could be drawn when it was stored.
    assert die_fit((5,), 1, 3) == DieFit((), (5,), 1, 3)
    assert die_fit((2, 7, 1), 3, 6) == DieFit((2,), (7, 1), 2, 6)


# Pure and fast: no deadline and no input-speed check (the machine may be busy with other tests).
QUICK = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@QUICK
@given(
    stored=st.lists(ANY_VALUE, max_size=6).map(tuple),
    count=st.integers(min_value=0, max_value=6),
    sides=st.integers(min_value=2, max_value=16),
    seed=st.integers(),
)
def test_any_stored_dice_meet_any_need(stored, count, sides, seed):
    fit = die_fit(stored, count, sides)
    # The kept dice are the stored ones in play order, each a possible result; the rest set aside.
    assert fit.kept + fit.aside == stored
    assert all(type(v) is int and 1 <= v <= sides for v in fit.kept)
    assert len(fit.kept) <= count
    # A die the need still takes and that fits is never thrown away for nothing.
    if len(fit.kept) < min(count, len(stored)):
        bad = stored[len(fit.kept)]
        assert type(bad) is not int or not 1 <= bad <= sides
    completed = fit.completed(SeededDice(seed))
    assert len(completed) == count and completed[: len(fit.kept)] == fit.kept
    assert all(1 <= v <= sides for v in completed)
    # Fitting what was fitted changes nothing more.
    assert die_fit(completed, count, sides) == DieFit(completed, (), 0, sides)


@QUICK
@given(stored=st.lists(st.integers(min_value=1, max_value=6), max_size=5).map(tuple), count=st.integers(0, 5))
def test_the_planners_refusals_of_stored_dice_are_fitted_never_refused(stored, count):
    dice = {"ff:home": stored, "improvement:p7:1": (3, 3)}
    problems = [
        problem("ff:home", "die_count", count=count, sides=6, got=repr(stored)),
        problem("improvement:p7:1", "unused_die"),
    ]
    fit = inputs_fit(problems, dice, {"winnings_reroll:home"})
    assert fit is not None and fit.decisions == frozenset()
    assert fit.dice["ff:home"] == die_fit(stored, count, 6)
    assert fit.dice["improvement:p7:1"] == DieFit((), (3, 3), 0)


def test_what_is_not_a_stored_input_still_refuses():
    dice = {"ff:home": (4, 2, 6)}
    # A problem with a die that was not stored (the server's own) is not the stored inputs' doing.
    assert inputs_fit([problem("ff:away", "die_count", count=2, sides=6, got="()")], dice, ()) is None
    # A decision of a kind that is not registered (an MVP pick the candidates no longer allow).
    refused = [problem("mvp:home:1", "not_mvp_candidate", pick="'p3'", side="home")]
    assert inputs_fit(refused, dice, {"mvp:home:1"}) is None
    # A face no die of its kind shows is a typo, not a changed need: only an MVP draw's faces follow the state.
    assert inputs_fit([problem("ff:home", "die_value", value="9", sides=6)], {"ff:home": (4, 9)}, ()) is None
    fit = inputs_fit([problem("mvp:home:1", "die_value", value="5", sides=3)], {"mvp:home:1": (5,)}, ())
    assert fit is not None and fit.dice["mvp:home:1"] == DieFit((), (5,), 1, 3)
    # Decisions set aside as before: one no step uses.
    fit = inputs_fit([problem("winnings_reroll:home", "unused_decision")], dice, {"winnings_reroll:home"})
    assert fit is not None and fit.decisions == {"winnings_reroll:home"} and not fit.dice


# --- The planner with fitted inputs: whatever dice are stored, a plan comes out ---

KEYS = ("mvp:home:1", "mvp:away:1", "winnings:home", "winnings:away", "winnings_reroll:home", "ff:home", "ff:away")


def _plan_fitting(rs, report, stored, seed):
    """What postgame._store_plan does, without the database: plan, fit what the planner refuses, again."""
    from league.rules.postmatch import Decisions, InvalidInput, MatchDice, plan_rolling_missing

    given, decisions, server = MatchDice(stored), Decisions(), SeededDice(seed)
    for _ in range(8):
        try:
            return plan_rolling_missing(rs, report, server, given, decisions, {"winnings_reroll_decision": False})
        except InvalidInput as refused:
            fit = inputs_fit(refused.problems, given.rolls, decisions.choices)
            assert fit is not None, refused.problems  # never refused
            rolls = {k: v for k, v in given.rolls.items() if k not in fit.dice or fit.dice[k].kept}
            rolls.update({k: f.completed(server) for k, f in fit.dice.items() if f.kept})
            given = MatchDice(rolls)
    raise AssertionError("the fitted inputs did not settle")


@QUICK
@given(
    score=st.tuples(st.integers(0, 3), st.integers(0, 3)),
    stored=st.dictionaries(
        st.sampled_from(KEYS), st.lists(st.integers(1, 12), max_size=4).map(tuple), max_size=len(KEYS)
    ),
    seed=st.integers(),
)
def test_any_stored_dice_for_any_result_give_a_plan(rs, score, stored, seed):
    """A result edited to any score, with whatever dice were stored for the one it replaced (a
    fan-factor roll of another size, a winner's re-roll die, an MVP die beyond the candidates):
    the plan is made, the dice that still fit kept in play order."""
    from tests.rules.postmatch_helpers import match, side

    # Typos (a 9 on a D6) are refused, not fitted: only an MVP draw's faces follow the state.
    stored = {k: v if k.startswith("mvp") else tuple(min(x, 6) for x in v) for k, v in stored.items()}
    report = match(side("human", "h", score=score[0]), side("orc", "a", score=score[1]))
    dice, _decided, plan = _plan_fitting(rs, report, stored, seed)
    assert plan.effects
    for key, values in stored.items():
        if key in dice.rolls and key.startswith("ff"):
            kept = die_fit(values, len(dice.rolls[key]), 6).kept
            assert dice.rolls[key][: len(kept)] == kept
