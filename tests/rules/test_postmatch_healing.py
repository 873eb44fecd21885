"""No missed games and the healing spell (seed 003 D:L299-303, D7) in the post-match plan."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.rules import Ruleset
from league.rules.postmatch import (
    CasualtyReport,
    Decisions,
    InvalidInput,
    MatchDice,
    PlayerReport,
    plan_post_match,
    required_inputs,
)

from .postmatch_helpers import base_dice, match, side

# h1 is killed (61), h2 seriously injured (41: misses the next game), h3 loses a point of MA (53).
HURT = (
    PlayerReport("h1", "blitzer", casualties_suffered=(CasualtyReport(rolls=((6, 1),)),)),
    PlayerReport("h2", "blitzer", casualties_suffered=(CasualtyReport(rolls=((4, 1),)),)),
    PlayerReport("h3", "blitzer", casualties_suffered=(CasualtyReport(rolls=((5, 3),)),)),
)


def report():  # type: ignore[no-untyped-def]
    return match(side("human", "h", *HURT))


def healing(rs: Ruleset, **params: object) -> Ruleset:
    steps = list(rs.post_match_steps)
    steps.insert(steps.index("improvements"), "healing_spell")
    return replace(rs.with_overrides({"healing_spell": True, **params}), post_match_steps=tuple(steps))


def kinds(plan, ref: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.kind for e in plan.effects if e.player_ref == ref and e.step in ("remove_dead", "healing_spell")]


def available(plan) -> int:  # type: ignore[no-untyped-def]
    return sum(p.available for p in plan.effect("tv:home").facts.players)


def test_without_missed_games_no_casualty_sets_the_mark_and_the_permanent_effects_stay(rs: Ruleset) -> None:
    usual = plan_post_match(rs, report(), MatchDice(base_dice()))
    assert kinds(usual, "h2") == ["miss_next_game"] and kinds(usual, "h3") == ["stat_injury", "miss_next_game"]
    dungeon = rs.with_overrides({"casualties_miss_next_game": False})
    plan = plan_post_match(dungeon, report(), MatchDice(base_dice()))
    assert kinds(plan, "h1") == ["dead"]
    assert kinds(plan, "h2") == []
    assert kinds(plan, "h3") == ["stat_injury"]
    assert not [e for e in plan.effects if e.kind == "miss_next_game"]
    # The team value keeps the injured: the 10 survivors all count (LRB6 leaves out the two who miss a game).
    assert available(plan) == 10 and available(usual) == 8


def test_the_spell_is_asked_for_and_never_awaited(rs: Ruleset) -> None:
    spell = healing(rs)
    asked = {r.key: r for r in required_inputs(spell, report(), MatchDice(base_dice()))}
    assert asked["healing:home"].options == ("h1:1", "h2:1", "h3:1") and not asked["healing:home"].required
    assert asked["healing:away"].options == ()
    plan = plan_post_match(spell, report(), MatchDice(base_dice()))  # nobody named: nobody healed
    assert kinds(plan, "h1") == ["dead"]


@pytest.mark.parametrize(
    ("pick", "healed", "left"),
    [("h1:1", "h1", []), ("h3:1", "h3", [])],
)
def test_the_named_player_ignores_his_injury_or_death(rs: Ruleset, pick: str, healed: str, left: list[str]) -> None:
    plan = plan_post_match(healing(rs), report(), MatchDice(base_dice()), Decisions({"healing:home": pick}))
    spell = plan.effect("healing:home")
    assert (spell.kind, spell.player_ref, spell.step) == ("healing_spell", healed, "healing_spell")
    assert [e.kind for e in plan.effects if e.player_ref == healed and e.step == "remove_dead"] == left
    assert spell.casualty == {"h1": "dead", "h3": "smashed_hip"}.get(healed, spell.casualty)
    # A healed death: the player stays and counts in the team value.
    assert len(plan.effect("tv:home").facts.players) == (11 if healed == "h1" else 10)


def test_a_pick_the_match_does_not_allow_is_refused(rs: Ruleset) -> None:
    for pick in ("hL1:1", "h1:2", "aL1:1"):
        with pytest.raises(InvalidInput, match="healing spell may cancel"):
            plan_post_match(healing(rs), report(), MatchDice(base_dice()), Decisions({"healing:home": pick}))
    for without in (rs, healing(rs, healing_spell=False)):  # without the step, or switched off
        with pytest.raises(InvalidInput, match="decision not used"):
            plan_post_match(without, report(), MatchDice(base_dice()), Decisions({"healing:home": "h1:1"}))
