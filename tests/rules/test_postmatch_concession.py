"""Concessions (spec §8, A3) and casualties (spec §4.3-§4.4, A5, A9) in the post-match plan."""

from __future__ import annotations

import pytest

from league.rules import Ruleset
from league.rules.postmatch import CasualtyReport, Decisions, MatchDice, PlayerReport, plan_post_match

from .postmatch_helpers import base_dice, match, side

# Home concedes while 0-1 down; h1 and h2 have 51+ SPP, h3 has 50.
VETERANS = (
    PlayerReport("h1", "blitzer", spp_before=60, improvement_rolls_taken=4),
    PlayerReport("h2", "blitzer", spp_before=51, improvement_rolls_taken=4),
    PlayerReport("h3", "blitzer", spp_before=50, improvement_rolls_taken=3),
)


def conceded(justified: bool):  # type: ignore[no-untyped-def]
    home = side("human", "h", *VETERANS, conceded=True, concession_justified=justified, fame=1, fan_factor=5)
    return match(home, side("orc", "a", score=1))


def test_unjustified_concession(rs: Ruleset) -> None:
    dice = MatchDice(
        {
            "mvp:away:1": (2,),
            "mvp:away:2": (2,),
            "improvement:aL2:1": (1, 2),
            "leave:h1": (3,),
            "leave:h2": (4,),
            "winnings:home": (6,),
            "winnings:away": (1,),
            "ff:away": (6, 6, 6),
        }
    )
    plan = plan_post_match(rs, conceded(False), dice, Decisions({"winnings_reroll:away": False}))
    assert plan.outcomes == {"home": "loss", "away": "win"}
    # The conceder's MVP goes to the winner (drawn among the winner's players); the conceder has none.
    assert [e.key for e in plan.by_step("mvp")] == ["mvp:away:1", "mvp:away:2"]
    assert plan.effect("mvp:away:2").reason == "from_conceder"
    assert plan.effect("mvp:away:2").total == 10  # the same player may receive both
    # No winnings for the conceder; the winner also receives what the conceder's roll was worth.
    assert plan.effect("winnings:home").amount == 0
    assert plan.effect("winnings:away").amount == (1 + 0) * 10_000 + 10_000
    transfer = plan.effect("winnings_transfer:away")
    assert (transfer.amount, transfer.treasury) == ((6 + 1) * 10_000, 100_000 + 20_000 + 70_000)  # a loser's roll
    # FF -1 without a roll.
    ff = plan.effect("ff:home")
    assert (ff.dice, ff.delta, ff.total, ff.reason) == ((), -1, 4, "conceded")
    # 51+ SPP players leave on 1-3, one die each; 50 SPP is not enough.
    assert (plan.effect("leave:h1").kind, plan.effect("leave:h2").kind) == ("departure", "departure_avoided")
    assert not [e for e in plan.effects if e.key == "leave:h3"]
    assert plan.effect("journeymen:home").total == 10 and plan.effect("journeymen:home").count == 1
    assert len(plan.effect("tv:home").facts.players) == 10


def test_justified_concession(rs: Ruleset) -> None:
    # Conceder keeps its MVP, gets no winnings, nothing is transferred, rolls FF as a loser, nobody leaves.
    dice = MatchDice(
        {"mvp:home:1": (1,), "mvp:away:1": (2,), "winnings:away": (1,), "ff:home": (1, 1), "ff:away": (6, 6, 6)}
    )
    plan = plan_post_match(rs, conceded(True), dice, Decisions({"winnings_reroll:away": False}))
    assert [e.key for e in plan.by_step("mvp")] == ["mvp:home:1", "mvp:away:1"]
    assert plan.effect("winnings:home").amount == 0 and plan.effect("winnings:home").dice == ()
    assert not [e for e in plan.effects if e.kind in ("winnings_transfer", "departure", "departure_avoided")]
    assert (plan.effect("ff:home").dice, plan.effect("ff:home").delta) == ((1, 1), -1)


def test_justified_concession_penalised_by_house_rule(rs: Ruleset) -> None:
    strict = rs.with_overrides({"justified_concession_penalties": True})
    dice = MatchDice(
        {
            "mvp:away:1": (2,),
            "mvp:away:2": (3,),
            "leave:h1": (1,),
            "leave:h2": (6,),
            "winnings:home": (1,),
            "winnings:away": (1,),
            "ff:away": (1, 1, 1),
        }
    )
    plan = plan_post_match(strict, conceded(True), dice, Decisions({"winnings_reroll:away": False}))
    assert plan.effect("winnings_transfer:away").amount == 20_000
    assert plan.effect("ff:home").delta == -1


# --- casualties ------------------------------------------------------------------------------------


def injured(position: str = "lineman", *cas: CasualtyReport, **fields: object) -> PlayerReport:
    return PlayerReport("v", position, casualties_suffered=cas, **fields)  # type: ignore[arg-type]


def plan_for(rs: Ruleset, victim: PlayerReport):  # type: ignore[no-untyped-def]
    # The victim plays for the away side; home's h2 is credited with one block casualty.
    report = match(
        side("human", "h", PlayerReport("h1", "lineman"), PlayerReport("h2", "blitzer", casualties=1)),
        side("orc", "a", victim),
    )
    return plan_post_match(rs, report, MatchDice(base_dice()))


def player_effects(plan, ref: str = "v") -> list[tuple[str, str | None, str | None]]:  # type: ignore[no-untyped-def]
    return [(e.kind, e.casualty, e.stat) for e in plan.effects if e.player_ref == ref and e.step == "remove_dead"]


@pytest.mark.parametrize(
    ("rolls", "expected"),
    [
        ((2, 3), []),  # badly hurt: nothing lasting
        ((4, 1), [("miss_next_game", None, None)]),
        ((5, 2), [("niggling_injury", "smashed_knee", None), ("miss_next_game", None, None)]),
        ((5, 4), [("stat_injury", "smashed_ankle", "ma"), ("miss_next_game", None, None)]),
        ((5, 7), [("stat_injury", "broken_neck", "ag"), ("miss_next_game", None, None)]),
        ((6, 8), [("dead", "dead", None)]),
    ],
)
def test_casualty_results(
    rs: Ruleset, rolls: tuple[int, int], expected: list[tuple[str, str | None, str | None]]
) -> None:
    assert player_effects(plan_for(rs, injured("lineman", CasualtyReport(rolls=(rolls,))))) == expected


def test_stat_loss_limits(rs: Ruleset) -> None:
    second = injured("lineman", CasualtyReport(rolls=((5, 3),)), stat_injuries={"ma": 1})
    assert player_effects(plan_for(rs, second))[0] == ("stat_injury", "smashed_hip", "ma")
    third = injured("lineman", CasualtyReport(rolls=((5, 3),)), stat_injuries={"ma": 2})
    assert player_effects(plan_for(rs, third)) == [
        ("injury_ignored", "smashed_hip", "ma"),
        ("miss_next_game", None, None),
    ]
    troll = injured("troll", CasualtyReport(rolls=((5, 7),)))  # AG 1 cannot go lower
    assert player_effects(plan_for(rs, troll))[0] == ("injury_ignored", "broken_neck", "ag")
    lenient = rs.with_overrides({"ignored_injury_misses_next_game": False})
    assert player_effects(plan_for(lenient, third)) == [("injury_ignored", "smashed_hip", "ma")]


def test_decay_applies_both_results_one_mng(rs: Ruleset) -> None:
    victim = injured("lineman", CasualtyReport(rolls=((5, 3), (5, 5))))
    assert player_effects(plan_for(rs, victim)) == [
        ("stat_injury", "smashed_hip", "ma"),
        ("stat_injury", "serious_concussion", "av"),
        ("miss_next_game", None, None),
    ]


@pytest.mark.parametrize(
    ("cas", "expected"),
    [
        (CasualtyReport(rolls=((6, 1),), apothecary_reroll=(2, 2)), []),  # apothecary: keeps the re-roll
        (
            CasualtyReport(rolls=((4, 1),), apothecary_reroll=(6, 1), apothecary_kept_reroll=False),
            [("miss_next_game", None, None)],
        ),  # keeps the original
        (
            CasualtyReport(rolls=((5, 3), (6, 1)), apothecary_reroll=(1, 1), apothecary_roll_index=1),
            [("stat_injury", "smashed_hip", "ma"), ("miss_next_game", None, None)],
        ),  # Decay: re-rolls the second
        (CasualtyReport(rolls=((6, 1),), regeneration=3), [("dead", "dead", None)]),
        (CasualtyReport(rolls=((6, 1),), regeneration=3, regeneration_reroll=4), []),  # Igor
        (CasualtyReport(rolls=((5, 3), (6, 1)), regeneration=5), []),  # heals both Decay results
        (CasualtyReport(rolls=((4, 1),), final=("badly_hurt",), override="miracle_worker"), []),
        (CasualtyReport(final=("badly_hurt",)), []),  # Stunty injury 9: a casualty without a D68 roll
    ],
)
def test_apothecary_regeneration_and_overrides(
    rs: Ruleset, cas: CasualtyReport, expected: list[tuple[str, str | None, str | None]]
) -> None:
    assert player_effects(plan_for(rs, injured("lineman", cas))) == expected


def test_dead_player_removed_without_improvement_roll_or_value(rs: Ruleset) -> None:
    victim = injured("blitzer", CasualtyReport(rolls=((6, 3),)), spp_before=5, completions=1)
    plan = plan_for(rs, victim)
    assert plan.effect("spp:away:v:comp").total == 6  # his SPP are still recorded
    assert not plan.by_step("improvements")  # but nobody rolls for a dead player
    assert plan.effect("dead:v").step == "remove_dead"
    assert plan.effect("journeymen:away").total == 10
    assert plan.effect("tv:away").total == 10 * 50_000 + 60_000  # ten linemen, FF 5 + 1


def test_mng_set_now_and_cleared_from_the_previous_match(rs: Ruleset) -> None:
    back = PlayerReport("b", "lineman", miss_next_game_before=True, eligible_for_mvp=False)
    hurt = injured("lineman", CasualtyReport(rolls=((4, 5),)))
    report = match(side("human", "h", PlayerReport("h2", "blitzer", casualties=1)), side("orc", "a", hurt, back))
    plan = plan_post_match(rs, report, MatchDice(base_dice()))
    assert plan.effect("mng:v:set").step == "remove_dead"
    assert plan.effect("mng:b:clear").step == "clear_miss_next_game"
    assert plan.effect("journeymen:away").total == 10  # b is back, v is out
    available = [p.available for p in plan.effect("tv:away").facts.players]
    assert available.count(False) == 1
