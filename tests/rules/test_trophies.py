"""Trophies as ruleset data (seed 000 §9.5-9.6, PBBL §1.10): loading, checks naming file and line,
and each benefit read from the data by the engine (team value, winnings, the final's MVPs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.rules import (
    MatchDice,
    PlayerFacts,
    Ruleset,
    RulesetDataError,
    TeamFacts,
    gift_choices,
    holder_benefits,
    load_ruleset_from,
    plan_post_match,
    team_value,
)

from .conftest import EditCsv
from .postmatch_helpers import base_dice, match, side


def test_lrb6_majors_and_their_benefits(rs: Ruleset) -> None:
    t = rs.trophies
    assert set(t) == {"chaos_cup", "blood_bowl", "spike", "dungeonbowl"}
    assert all(trophy.kind == "major" and trophy.extra_rerolls == 1 for trophy in t.values())
    assert t["blood_bowl"].winnings_bonus_per_match == 20_000 and t["blood_bowl"].finalists_extra_mvp
    assert t["spike"].gate_roll_bonus == 2 and t["spike"].fan_factor_bonus == 0
    assert dict(t["dungeonbowl"].inducement_prices) == {"wizard": 50_000}
    assert t["chaos_cup"].gift_players_die == 3 and t["chaos_cup"].gift_categories == {"M"}
    assert t["spike"].name("fr") == "Trophée du magazine L'Épique"


def test_benefits_of_several_trophies_add_up(rs: Ruleset) -> None:
    b = holder_benefits(rs.trophies, ["blood_bowl", "dungeonbowl", "unknown-minor"])
    assert (b.extra_rerolls, b.winnings_bonus_per_match, dict(b.inducement_prices)) == (2, 20_000, {"wizard": 50_000})
    assert holder_benefits(rs.trophies, []).extra_rerolls == 0


def test_chaos_cup_gifts_are_mutations_or_the_listed_skills(rs: Ruleset) -> None:
    letters = {key: skill.category for key, skill in rs.skills.items()}
    choices = gift_choices(rs.trophies["chaos_cup"], letters, frozenset({"stab"}))
    assert {"hypnotic_gaze", "regeneration"} <= set(choices) and "stab" not in choices
    assert all(letters[key] == "M" or key in ("hypnotic_gaze", "regeneration") for key in choices)


def test_trophy_reroll_counts_in_team_value_at_the_single_price(rs: Ruleset) -> None:
    players = tuple(PlayerFacts(50_000, True) for _ in range(11))
    plain = TeamFacts("human", 8, 0, 0, 0, False, players)
    holder = TeamFacts("human", 8, 0, 0, 0, False, players, trophy_rerolls=1)
    # Eight re-rolls (the cap) and the trophy's ninth, at the human list price of 50,000 (A10).
    assert team_value(rs, holder) - team_value(rs, plain) == 50_000
    assert team_value(rs, holder) == 11 * 50_000 + 9 * 50_000


def test_blood_bowl_bonus_is_added_after_the_playoff_doubling(rs: Ruleset) -> None:
    report = match(side("human", "h", score=1, winnings_bonus=20_000), side("orc", "a"), playoff=True)
    dice = base_dice({"ff:home": (3, 3, 3), "ff:away": (3, 3)})
    plan = plan_post_match(rs, report, MatchDice(dice), decisions=_no_reroll())
    amounts = {e.side: e.amount for e in plan.effects if e.kind == "winnings"}
    # ((3 + 0) x 10,000 + 10,000) x 2 + 20,000; the loser: 3 x 10,000 x 2 (A11).
    assert amounts == {"home": 100_000, "away": 60_000}


def test_final_of_a_trophy_gives_every_eligible_finalist_an_extra_mvp(rs: Ruleset) -> None:
    from dataclasses import replace

    home = side("human", "h", finalists_extra_mvp=True)
    home = replace(home, players=(*home.players[:-1], replace(home.players[-1], eligible_for_mvp=False)))
    report = match(home, side("orc", "a", finalists_extra_mvp=True), playoff=True)
    # The drawn MVPs (die 1: hL1, aL1) reach 10 SPP: their improvement roll (choice left pending).
    dice = base_dice({"improvement:hL1:1": (3, 4), "improvement:aL1:1": (3, 4)})
    plan = plan_post_match(rs, report, MatchDice(dice))
    extra = [e for e in plan.effects if e.kind == "mvp" and e.reason == "trophy_final"]
    assert len(extra) == 10 + 11 and all(e.spp == 5 for e in extra)
    assert "hL11" not in {e.player_ref for e in extra}  # not eligible: did not take part (A11)
    drawn = [e for e in plan.effects if e.kind == "mvp" and e.reason != "trophy_final"]
    assert len(drawn) == 2  # the normal MVPs are still drawn


def test_team_value_step_counts_the_trophy_reroll(rs: Ruleset) -> None:
    report = match(side("human", "h", trophy_rerolls=1), side("orc", "a"))
    plan = plan_post_match(rs, report, MatchDice(base_dice()))
    values = {e.side: e.total for e in plan.effects if e.kind == "team_value"}
    # FF 5 goes up to 6 on the draw's 2D6 of 6 (base_dice).
    assert values["home"] == 11 * 50_000 + 50_000 + 6 * 10_000


def _no_reroll():
    from league.rules import Decisions

    return Decisions({"winnings_reroll:home": False})


def test_pbbl_like_variant_spike_gives_fan_factor_not_gate(data_copy: Path, edit_csv: EditCsv) -> None:
    """PBBL: the Spike! holder gains +1 FF (counted in TV) instead of +2 on the gate roll, and the
    Dungeonbowl wizard price differs: only the data changes, the engine reads it."""
    edit_csv("trophies.csv", match={"trophy_key": "spike"}, set={"gate_roll_bonus": "0", "fan_factor_bonus": "1"})
    edit_csv("trophies.csv", match={"trophy_key": "dungeonbowl"}, set={"inducement_prices": "wizard:50000"})
    pbbl = load_ruleset_from(data_copy)
    b = holder_benefits(pbbl.trophies, ["spike"])
    assert (b.gate_roll_bonus, b.fan_factor_bonus, b.extra_rerolls) == (0, 1, 1)
    players = tuple(PlayerFacts(50_000, True) for _ in range(11))
    facts = TeamFacts("human", 0, 5, 0, 0, False, players, trophy_rerolls=1, trophy_fan_factor=1)
    assert team_value(pbbl, facts) == 11 * 50_000 + 50_000 + 6 * 10_000


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("kind", "grand", "kind must be one of major, minor"),
        ("gift_skills", "flying", "unknown skill 'flying'"),
        ("inducement_prices", "dragon:10000", "unknown inducement 'dragon'"),
        ("winnings_bonus_per_match", "12345", "not a multiple of 10000"),
        ("finalists_extra_mvp", "maybe", "must be yes or no"),
    ],
)
def test_broken_trophy_rows_are_reported_with_file_and_line(
    data_copy: Path, edit_csv: EditCsv, column: str, value: str, message: str
) -> None:
    line = edit_csv("trophies.csv", match={"trophy_key": "blood_bowl"}, set={column: value})
    with pytest.raises(RulesetDataError) as caught:
        load_ruleset_from(data_copy)
    assert any(p.startswith(f"trophies.csv line {line}:") and message in p for p in caught.value.problems)


def test_a_minor_trophy_row_may_not_give_a_reroll(data_copy: Path, edit_csv: EditCsv) -> None:
    line = edit_csv("trophies.csv", match={"trophy_key": "spike"}, set={"kind": "minor"})
    with pytest.raises(RulesetDataError, match=f"trophies.csv line {line}: a minor tournament gives no trophy re-roll"):
        load_ruleset_from(data_copy)


def test_trophy_reroll_above_the_cap_is_a_ruleset_reading(rs: Ruleset) -> None:
    from league.rules import may_buy_reroll

    assert rs.params.trophy_reroll_above_cap  # LRB6 default (A10)
    assert may_buy_reroll(rs, "human", rerolls=7, trophy_rerolls=1)
    assert not may_buy_reroll(rs, "human", rerolls=8, trophy_rerolls=1)
    strict = rs.with_overrides({"trophy_reroll_above_cap": False})
    assert not may_buy_reroll(strict, "human", rerolls=7, trophy_rerolls=1)
    assert may_buy_reroll(strict, "human", rerolls=6, trophy_rerolls=1)


def test_chaos_cup_gifts_replay_from_stored_dice_and_are_valued_by_access(rs: Ruleset) -> None:
    from league.rules import GiftCandidate, ScriptedDice, draw_gifts, gift_choices

    cup = rs.trophies["chaos_cup"]
    letters = {key: skill.category for key, skill in rs.skills.items()}
    roster = [
        GiftCandidate("beastman", frozenset("GSM"), frozenset({"horns"})),
        GiftCandidate("warrior", frozenset("GS"), frozenset()),
        GiftCandidate("other", frozenset("G"), frozenset()),
    ]
    options = gift_choices(cup, letters, frozenset({"horns"}))
    tentacles = options.index("tentacles") + 1 if "tentacles" in options else 1
    # D3 = 2 players; the first drawn is the 1st of 3 (the beastman), the next the 2nd of the 2 left.
    dice = ScriptedDice([2, 1, tentacles, 2])
    draw = draw_gifts(cup, letters, roster, dice, chosen={"other": "stab"})
    assert draw.players_die == 2
    first, second = draw.gifts
    assert (first.ref, first.skill, first.value_key, first.dice) == (
        "beastman",
        options[tentacles - 1],
        "new_skill",
        (1, tentacles),
    )
    # The coach's pick for the second player: Stab, Extraordinary, a double skill's value (A13).
    assert (second.ref, second.skill, second.value_key, second.dice) == ("other", "stab", "new_skill_double", (2,))
    assert rs.value_increases["new_skill"] == 20_000 and rs.value_increases["new_skill_double"] == 30_000
    assert draw_gifts(rs.trophies["blood_bowl"], letters, roster, ScriptedDice([])).gifts == ()


def test_player_of_the_year_most_spp_tie_drawn_skill_not_given_twice(rs: Ruleset) -> None:
    from league.rules import GiftCandidate, ScriptedDice, player_of_the_year

    spike = rs.trophies["spike"]
    assert spike.player_of_the_year_skill == "fan_favourite"
    letters = {key: skill.category for key, skill in rs.skills.items()}
    a = GiftCandidate("a", frozenset("G"), frozenset())
    b = GiftCandidate("b", frozenset("G"), frozenset())
    fan = GiftCandidate("fan", frozenset("G"), frozenset({"fan_favourite"}))
    best = player_of_the_year(spike, letters, [(a, 30), (b, 12)], ScriptedDice([]))
    # Fan Favourite is Extraordinary: valued as a double skill (+30,000), p.32 L4150-4153.
    assert (best.ref, best.die, best.skill, best.value_key) == ("a", None, "fan_favourite", "new_skill_double")
    tie = player_of_the_year(spike, letters, [(a, 30), (b, 30)], ScriptedDice([2]))
    assert (tie.ref, tie.die) == ("b", 2)
    has = player_of_the_year(spike, letters, [(fan, 40), (a, 30)], ScriptedDice([]))
    assert (has.ref, has.skill) == ("fan", "")
    assert player_of_the_year(rs.trophies["blood_bowl"], letters, [(a, 30)], ScriptedDice([])).ref is None
