"""Special play cards in the post-match plan (league/rules/postmatch/card_plays.py; LRB6 p.40-42,
spec §11 ★; PBBL A14-A15): the card's data says what it leaves after the match."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.rules import Ruleset, load_ruleset
from league.rules.dice import SeededDice
from league.rules.postmatch import (
    CardPlay,
    CasualtyReport,
    InvalidReport,
    MatchDice,
    PlayerReport,
    plan_rolling_missing,
)

from .postmatch_helpers import match, side

KILLED = CasualtyReport(rolls=((6, 1),))  # 61: dead
SMASHED = CasualtyReport(rolls=((5, 3),))  # 53: -1 MA and misses the next game
HURT = (
    PlayerReport("h1", "blitzer", casualties_suffered=(KILLED,)),
    PlayerReport("h2", "blitzer", casualties_suffered=(SMASHED,)),
)


def plan(rs: Ruleset, *plays: CardPlay):  # type: ignore[no-untyped-def]
    report = match(side("human", "h", *HURT), side("orc", "a"), cards_played=plays)
    _dice, _decisions, found = plan_rolling_missing(
        rs, report, SeededDice(7), defaults={"winnings_reroll_decision": False}
    )
    return found


def kinds(found, ref: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.kind for e in found.effects if e.player_ref == ref and e.step == "remove_dead"]


def test_lrb6_miracle_worker_cancels_a_serious_injury_and_the_card_is_named(rs: Ruleset) -> None:
    assert kinds(plan(rs), "h2") == ["stat_injury", "miss_next_game"]
    found = plan(rs, CardPlay("home", "miracle_worker", ("h2",)))
    assert kinds(found, "h2") == [] and kinds(found, "h1") == ["dead"]
    (card,) = [e for e in found.effects if e.kind == "card_played"]
    assert (card.step, card.side, card.player_ref, dict(card.payload)) == (
        "cards",
        "home",
        "h2",
        {"card": "miracle_worker", "lasting": "cancel_casualty", "players": 1},
    )


def test_pbbl_miracle_worker_cancels_only_a_death() -> None:
    pbbl = load_ruleset("pbbl110")
    found = plan(pbbl, CardPlay("home", "miracle_worker", ("h1",)))
    assert kinds(found, "h1") == []
    with pytest.raises(InvalidReport) as refused:
        plan(pbbl, CardPlay("home", "miracle_worker", ("h2",)))
    assert [v.code for v in refused.value.violations] == ["card_needs_death"]


@pytest.mark.parametrize(("erases", "left"), [(True, []), (False, ["stat_injury", "miss_next_game"])])
def test_the_sponge_erases_the_injury_only_where_the_league_says_so(rs: Ruleset, erases: bool, left: list[str]) -> None:
    league = rs.with_overrides({"cards.sponge_erases_injury": erases})
    found = plan(league, CardPlay("home", "magic_sponge", ("h2",)))
    assert kinds(found, "h2") == left
    assert [e.payload["lasting"] for e in found.effects if e.kind == "card_played"] == ["sponge" if erases else ""]


def test_an_assassinated_opponent_is_never_mvp(rs: Ruleset) -> None:
    # An MVP die of 1 goes to the first candidate: aL1 without the card, aL2 once he is assassinated.
    dice = {"mvp:away:1": (1,)}
    report = match(side("human", "h", *HURT), side("orc", "a"))
    assert mvp_of(rs, report, dice) == "aL1"
    assert (
        mvp_of(rs, replace(report, cards_played=(CardPlay("home", "assassination_attempt", ("aL1",)),)), dice) == "aL2"
    )


def mvp_of(rs: Ruleset, report, dice) -> str:  # type: ignore[no-untyped-def]
    _dice, _decisions, found = plan_rolling_missing(
        rs, report, SeededDice(7), MatchDice(dice), defaults={"winnings_reroll_decision": False}
    )
    (mvp,) = [e for e in found.effects if e.kind == "mvp" and e.side == "away"]
    return str(mvp.player_ref)


@pytest.mark.parametrize(
    ("play", "code"),
    [
        (CardPlay("home", "no_such_card", ()), "card_unknown"),
        (CardPlay("home", "miracle_worker", ()), "card_one_player"),
        (CardPlay("home", "miracle_worker", ("aL1",)), "card_own_player"),
        (CardPlay("home", "assassination_attempt", ("h1",)), "card_opponent"),
        (CardPlay("home", "miracle_worker", ("hL1",)), "card_needs_casualty"),
        (CardPlay("home", "badyear_git", ("x9",)), "card_player_unknown"),
    ],
)
def test_a_card_that_does_not_fit_the_report_is_refused(rs: Ruleset, play: CardPlay, code: str) -> None:
    with pytest.raises(InvalidReport) as refused:
        plan(rs, play)
    assert [v.code for v in refused.value.violations] == [code]


def test_a_card_played_twice_is_refused(rs: Ruleset) -> None:
    with pytest.raises(InvalidReport) as refused:
        plan(rs, CardPlay("home", "badyear_git"), CardPlay("away", "badyear_git"))
    assert [v.code for v in refused.value.violations] == ["card_played_twice"]
