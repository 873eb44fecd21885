"""Dice and decisions of the post-match plan: what is asked, rolled, refused and replayed; step order."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.rules import Ruleset, RulesetDataError, ScriptedDice, SeededDice, load_ruleset_from
from league.rules.postmatch import (
    CasualtyReport,
    Decisions,
    InputRequest,
    InvalidInput,
    MatchDice,
    MissingInput,
    PlayerReport,
    dice_in_use,
    draw_mvp,
    mvp_candidates,
    plan_post_match,
    plan_rolling_missing,
    request_for_key,
    required_inputs,
    roll_missing,
)

from .postmatch_helpers import base_dice, match, side, with_side

WON = with_side(match(side("human", "h", PlayerReport("h1", "thrower", spp_before=4, completions=1))), "home", score=1)


def test_missing_dice_are_listed(rs: Ruleset) -> None:
    with pytest.raises(MissingInput) as caught:
        plan_post_match(rs, match())
    keys = [r.key for r in caught.value.missing]
    assert keys == ["mvp:home:1", "mvp:away:1", "winnings:home", "winnings:away", "ff:home", "ff:away"]
    assert "winnings die for home (winnings:home)" in str(caught.value)
    dice = base_dice(drop=("winnings:away",))
    with pytest.raises(MissingInput, match=r"^missing post-match input: winnings die for away \(winnings:away\)$"):
        plan_post_match(rs, match(), MatchDice(dice))


def test_inputs_appear_once_their_prerequisites_are_known(rs: Ruleset) -> None:
    first = {r.key: r for r in required_inputs(rs, WON)}
    assert "improvement:h1:1" not in first  # 4 + 1 = 5 SPP: no roll unless h1 is the MVP
    assert "winnings_reroll:home" not in first  # asked once the winner has seen its die
    assert (first["mvp:home:1"].sides, first["ff:home"].count, first["ff:away"].count) == (11, 3, 2)
    then = required_inputs(rs, WON, MatchDice({"mvp:home:1": (11,), "winnings:home": (2,)}))
    by_key = {(r.key, r.kind): r for r in then}
    assert by_key[("improvement:h1:1", "dice")].count == 2
    assert by_key[("winnings_reroll:home", "decision")].required
    again = required_inputs(
        rs,
        WON,
        MatchDice({"mvp:home:1": (11,), "winnings:home": (2,), "improvement:h1:1": (1, 2)}),
        Decisions({"winnings_reroll:home": True}),
    )
    choice = next(r for r in again if r.key == "improvement:h1:1")
    assert (choice.kind, choice.required) == ("decision", False) and "block" in choice.options
    assert ("winnings_reroll:home", "dice") in {(r.key, r.kind) for r in again}


def test_roll_missing_is_complete_and_replayable(rs: Ruleset) -> None:
    decisions = Decisions({"winnings_reroll:home": True})
    dice = roll_missing(rs, WON, SeededDice(7), decisions=decisions)
    assert dice == roll_missing(rs, WON, SeededDice(7), decisions=decisions)
    assert {"mvp:home:1", "winnings:home", "winnings_reroll:home", "ff:home", "ff:away"} <= set(dice.rolls)
    plan = plan_post_match(rs, WON, dice, decisions)
    from_json = MatchDice({key: list(values) for key, values in dice.rolls.items()})  # as stored in JSON
    assert from_json == dice and plan == plan_post_match(rs, WON, from_json, decisions)
    keys = [e.key for e in plan.effects]
    assert len(keys) == len(set(keys))


def test_roll_missing_keeps_given_dice_and_never_invents_decisions(rs: Ruleset) -> None:
    given = MatchDice({"winnings:home": (6,)})
    dice = roll_missing(rs, WON, SeededDice(1), given)
    assert dice.rolls["winnings:home"] == (6,) and "winnings_reroll:home" not in dice.rolls
    with pytest.raises(MissingInput, match="winnings re-roll decision for home"):
        plan_post_match(rs, WON, dice)
    decided = Decisions({"winnings_reroll:home": False})
    assert plan_post_match(rs, WON, roll_missing(rs, WON, SeededDice(1), dice, decided), decided)


def test_dice_in_use_follows_the_mvp_and_leaves_out_a_die_no_longer_asked_for(rs: Ruleset) -> None:
    improvement = {"improvement:h1:1": (3, 5)}
    known, used, missing = dice_in_use(rs, WON, {"mvp:home:1": (11,), **improvement})  # h1 is the MVP
    assert used == {"mvp:home:1": (11,), **improvement} and "improvement:h1:1" in known
    assert "winnings:home" in missing and "improvement:h1:1" not in missing
    known, used, missing = dice_in_use(rs, WON, {"mvp:home:1": (1,), **improvement})  # someone else is
    assert used == {"mvp:home:1": (1,)} and "improvement:h1:1" not in known


def test_a_key_names_its_request(rs: Ruleset) -> None:
    assert request_for_key(WON, "improvement:h1:1", count=2) == InputRequest(
        "improvement:h1:1", "dice", "improvement", "home", "h1", count=2
    )
    assert request_for_key(WON, "winnings_reroll:away", decision=True) == InputRequest(
        "winnings_reroll:away", "decision", "winnings_reroll_decision", "away"
    )


@pytest.mark.parametrize("seed", [1, 7, 19, 42])  # 19 and 42 draw h1 as MVP: his improvement die follows
def test_the_servers_one_pass_planning_equals_rolling_then_deciding_then_planning(rs: Ruleset, seed: int) -> None:
    """plan_rolling_missing (what a worker runs) walks the steps fewer times than roll_missing,
    defaults and plan_post_match one after the other, and must give the same dice in the same order,
    the same assumed decisions and the same plan."""
    given = MatchDice({"winnings:away": (4,)})
    dice, decided, plan = plan_rolling_missing(
        rs, WON, SeededDice(seed), given, None, {"winnings_reroll_decision": False}
    )
    expected_dice = roll_missing(rs, WON, SeededDice(seed), given)
    assumed = {r.key: False for r in required_inputs(rs, WON, expected_dice) if r.what == "winnings_reroll_decision"}
    assert dice == expected_dice and decided == Decisions(assumed) and assumed == {"winnings_reroll:home": False}
    assert plan == plan_post_match(rs, WON, expected_dice, Decisions(assumed))
    assert ("improvement:h1:1" in dice.rolls) == (dice.rolls["mvp:home:1"] == (11,)) == (seed in (19, 42))


def test_the_one_pass_planning_raises_as_the_planner_does(rs: Ruleset) -> None:
    with pytest.raises(InvalidInput, match="winnings:home: 7 is not a possible D6"):
        plan_rolling_missing(rs, WON, SeededDice(1), MatchDice({"winnings:home": (7,)}))
    with pytest.raises(MissingInput, match="winnings re-roll decision for home"):
        plan_rolling_missing(rs, WON, SeededDice(1))  # no default given for the decision


@pytest.mark.parametrize(
    ("dice", "decisions", "message"),
    [
        ({"winnings:home": (7,)}, {}, "winnings:home: 7 is not a possible D6"),
        ({"ff:away": (3,)}, {}, r"ff:away: 2 D6 expected"),
        ({"mvp:home:1": (12,)}, {}, "mvp:home:1: 12 is not a possible D11"),
        ({"winnings_reroll:away": (3,)}, {}, "winnings_reroll:away: die not used"),
        ({}, {"winnings_reroll:away": True}, "winnings_reroll:away: decision not used"),
        ({}, {"winnings_reroll:home": "yes"}, "a bool is expected"),
    ],
)
def test_invalid_inputs(
    rs: Ruleset, dice: dict[str, tuple[int, ...]], decisions: dict[str, object], message: str
) -> None:
    full = base_dice({"ff:home": (1, 1, 1), **dice})
    choices = {"winnings_reroll:home": False, **decisions}
    with pytest.raises(InvalidInput, match=message):
        plan_post_match(rs, WON, MatchDice(full), Decisions(choices))  # type: ignore[arg-type]


def test_improvement_choice_must_be_allowed_and_in_order(rs: Ruleset) -> None:
    report = match(
        side("human", "h", PlayerReport("h1", "lineman", spp_before=14, improvement_rolls_taken=0, touchdowns=1))
    )
    report = with_side(report, "home", score=1)
    dice = MatchDice(base_dice({"ff:home": (1, 1, 1), "improvement:h1:1": (1, 2), "improvement:h1:2": (6, 6)}))
    base = {"winnings_reroll:home": False}
    with pytest.raises(InvalidInput, match="not open to this player"):  # 3: Normal (G) skills only
        plan_post_match(rs, report, dice, Decisions({**base, "improvement:h1:1": "dodge"}))
    with pytest.raises(InvalidInput, match="earlier roll of h1 is still pending"):
        plan_post_match(rs, report, dice, Decisions({**base, "improvement:h1:2": "st"}))
    plan = plan_post_match(rs, report, dice, Decisions({**base, "improvement:h1:1": "block", "improvement:h1:2": "st"}))
    assert [(e.skill, e.stat, e.value_key) for e in plan.by_step("improvements")] == [
        ("block", None, "new_skill"),
        (None, "st", "st_increase"),
    ]
    with pytest.raises(InvalidInput, match="already held"):
        plan_post_match(rs, report, dice, Decisions({**base, "improvement:h1:1": "block", "improvement:h1:2": "block"}))


# --- MVP ---------------------------------------------------------------------------------------------

STAR_SIDE = side(
    "human",
    "h",
    PlayerReport("dead", "lineman", casualties_suffered=(CasualtyReport(rolls=((6, 1),)),)),
    PlayerReport("zug", "mighty_zug", is_star_or_mercenary=True),
    PlayerReport("out", "lineman", miss_next_game_before=True),
)


@pytest.mark.parametrize(("mode", "count"), [("random", 10), ("random_living", 8), ("chosen", 9)])
def test_mvp_candidates_by_mode(rs: Ruleset, mode: str, count: int) -> None:
    rules = rs.with_overrides({"mvp_mode": mode})
    candidates = mvp_candidates(rules, STAR_SIDE)
    assert len(candidates) == count and "out" not in candidates
    assert ("zug" in candidates) is (mode == "random")
    assert ("dead" in candidates) is (mode != "random_living")


def test_draw_mvp_stores_the_die(rs: Ruleset) -> None:
    draw = draw_mvp(rs, STAR_SIDE, ScriptedDice([10]))
    assert (draw.ref, draw.die, draw.sides) == ("zug", 10, 10)


def test_star_mvp_is_wasted(rs: Ruleset) -> None:
    plan = plan_post_match(rs, match(STAR_SIDE), MatchDice(base_dice({"mvp:home:1": (10,)})))
    effect = plan.effect("mvp:home:1")
    assert (effect.kind, effect.player_ref, effect.spp) == ("mvp_wasted", "zug", 0)


def test_chosen_mvp(rs: Ruleset) -> None:
    rules = rs.with_overrides({"mvp_mode": "chosen"})
    dice = MatchDice(base_dice(drop=("mvp:home:1", "mvp:away:1")))
    with pytest.raises(MissingInput, match="MVP pick for home"):
        plan_post_match(rules, match(), dice)
    with pytest.raises(InvalidInput, match="'zz' is not an MVP candidate"):
        plan_post_match(rules, match(), dice, Decisions({"mvp:home:1": "zz", "mvp:away:1": "aL1"}))
    plan = plan_post_match(rules, match(), dice, Decisions({"mvp:home:1": "hL3", "mvp:away:1": "aL1"}))
    assert plan.effect("mvp:home:1").player_ref == "hL3" and plan.effect("mvp:home:1").dice == ()


def test_this_matchs_journeymen_are_offered_and_not_counted(rs: Ruleset) -> None:
    report = match(side("human", "h", PlayerReport("j1", "lineman", is_journeyman=True), fill_to=11))
    plan = plan_post_match(rs, report, MatchDice(base_dice()))
    offer = plan.effect("journeyman:j1")
    assert (offer.kind, offer.total, offer.step) == ("journeyman_hire_or_release", 50_000, "journeymen")
    assert (plan.effect("journeymen:home").total, plan.effect("journeymen:home").count) == (10, 1)


# --- step order as data ------------------------------------------------------------------------------


def test_effects_follow_the_ruleset_step_order(rs: Ruleset) -> None:
    plan = plan_post_match(rs, match(), MatchDice(base_dice()))
    positions = [rs.post_match_steps.index(e.step) for e in plan.effects]
    assert positions == sorted(positions) and plan.steps == rs.post_match_steps


def _with_steps(folder: Path, steps: str) -> Path:
    path = folder / "ruleset.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index("post_match_steps = [")
    end = text.index("]", start) + 1
    path.write_text(text[:start] + f"post_match_steps = [{steps}]" + text[end:], encoding="utf-8")
    return folder


def test_the_order_in_the_data_is_the_order_applied(data_copy: Path) -> None:
    # Clearing earlier MNG marks after the journeymen step means those players are not counted yet.
    steps = (
        '"mvp", "spp", "improvements", "remove_dead", "winnings", "petty_cash_return", "spiralling_expenses", '
        '"fan_factor", "purchases", "journeymen", "clear_miss_next_game", "team_value"'
    )
    rules = load_ruleset_from(_with_steps(data_copy, steps))
    report = match(side("human", "h", PlayerReport("b", "lineman", miss_next_game_before=True)))
    plan = plan_post_match(rules, report, MatchDice(base_dice()))
    assert [e.step for e in plan.effects][-4:] == ["journeymen", "clear_miss_next_game", "team_value", "team_value"]
    assert plan.effect("journeymen:home").count == 1


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ('"mvp"', "post-match step 'spp' is missing"),
        ('"mvp", "mvp"', "post-match step 'mvp' is listed more than once"),
        ('"coffee"', "unknown post-match step 'coffee'"),
    ],
)
def test_step_list_is_validated(data_copy: Path, steps: str, message: str) -> None:
    with pytest.raises(RulesetDataError) as caught:
        load_ruleset_from(_with_steps(data_copy, steps))
    assert any(message in problem and problem.startswith("ruleset.toml line") for problem in caught.value.problems)


def test_the_faces_of_each_kind_of_post_match_die_come_from_the_engine() -> None:
    from league.rules.postmatch import die_faces

    assert die_faces("winnings:home") == die_faces("ff:away") == die_faces("improvement:p12:1") == 6
    assert die_faces("mvp:home:1") is None  # one face per candidate: the match decides
