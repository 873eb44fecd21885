"""The two registries of post-match effect kinds, kept in step: every kind a step emits is declared
in the engine (league/rules/postmatch/kinds/: its data, ledger kind and reversal) and has its
application here (matches/effects/: apply, words, undo); a step cannot emit a kind or data nobody
declared; and each kind's reversal is what its declaration says, applied through its undo."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from league.rules import load_ruleset, ruleset_keys
from league.rules.postmatch import Decisions, Effect, MatchDice, plan_post_match
from league.rules.postmatch.kinds import KINDS, UnknownEffectKind, reversal, reversals
from league.rules.postmatch.run import Run
from matches.services.appliers import (
    EFFECT_APPS,
    EffectApp,
    NotReversible,
    SequenceContext,
    Writes,
    apply_nothing,
    gather,
    missing_apps,
    register,
)
from teams.models import Player
from teams.services.ledger import ledger_entry_problems
from tests.matches.test_appliers import emitted_kinds
from tests.rules.postmatch_helpers import base_dice, match, side

LRB6 = "lrb6"


def test_every_emitted_kind_is_declared_and_applied_and_nothing_else():
    assert emitted_kinds() <= set(KINDS)
    assert missing_apps() == [] and set(EFFECT_APPS) == set(KINDS)


def test_a_kind_that_moves_gold_names_a_ledger_kind_some_ruleset_has():
    money = {key: kind.money for key, kind in KINDS.items() if kind.money}
    assert {"winnings", "petty_cash_return", "spiralling_expenses", "bank_transfer"} <= set(money)
    rulesets = [load_ruleset(key) for key in ruleset_keys()]
    for key, ledger_kind in money.items():
        assert any(not ledger_entry_problems(r, ledger_kind) for r in rulesets), key


def test_a_step_can_emit_only_a_declared_kind_and_its_declared_data():
    run = Run(load_ruleset(LRB6), match(), MatchDice(), Decisions())
    with pytest.raises(UnknownEffectKind, match="'teleport'"):
        run.emit("home", "teleport", "teleport:home")
    with pytest.raises(TypeError, match="declares no gift"):
        run.emit("home", "winnings", "winnings:home", amount=10_000, gift=1)
    run.emit("home", "winnings", "winnings:home", amount=10_000)
    assert run.effects[-1].payload == {}


def plan():
    """A 1-0 win: winnings (no re-roll), an MVP each, the fan factor rolled, the team values."""
    dice = MatchDice(base_dice({"ff:home": (6, 6, 6)}))
    decisions = Decisions({"winnings_reroll:home": False})
    return plan_post_match(load_ruleset(LRB6), match(side("human", "h", score=1)), dice, decisions)


def test_each_kind_is_reversed_as_declared():
    effects = plan().effects
    winnings = next(e for e in effects if e.kind == "winnings" and e.side == "home")
    assert winnings.amount > 0
    undo = reversal(winnings)
    assert undo is not None
    assert (undo.key, undo.amount, undo.undoes, undo.treasury) == (
        f"{winnings.key}:undo",
        -winnings.amount,
        winnings.key,
        None,
    )
    mvp = next(e for e in effects if e.kind == "mvp")
    assert reversal(mvp).spp == -mvp.spp  # type: ignore[union-attr]
    fans = next(e for e in effects if e.kind == "fan_factor" and e.delta)
    assert reversal(fans).delta == -fans.delta  # type: ignore[union-attr]
    team_value = next(e for e in effects if e.kind == "team_value")
    assert reversal(team_value).kind == "team_value"  # type: ignore[union-attr]
    assert reversal(next(e for e in effects if e.kind == "purchases_open")) is None  # a record only
    with pytest.raises(ValueError, match="itself a reversal"):
        reversal(undo)
    # The whole plan undone: last effect first, the records of what did not happen left out.
    undone = reversals(effects)
    assert [e.undoes for e in undone] == [e.key for e in reversed(effects) if KINDS[e.kind].reverse(e) is not None]
    assert undone[0].undoes == effects[-1].key


def test_a_reversal_is_gathered_through_its_kinds_undo():
    ruleset = load_ruleset(LRB6)
    team = SimpleNamespace(pk=3, treasury=100_000, fan_factor=4)
    ctx = SequenceContext(SimpleNamespace(pk=9), ruleset, {"home": team}, {})  # type: ignore[arg-type]
    w = Writes()
    for effect in (
        Effect(step="winnings", key="winnings:home", side="home", kind="winnings", amount=50_000),
        Effect(step="fan_factor", key="ff:home", side="home", kind="fan_factor", delta=1),
        Effect(step="remove_dead", key="dead:p12", side="home", kind="dead", player_ref="p12"),
        Effect(step="spp", key="spp:home:p12:touchdown", side="home", kind="spp", player_ref="p12", spp=3),
    ):
        gather(ctx, w, reversal(effect))  # type: ignore[arg-type]
    assert [(e["kind"], e["amount"], e["key"]) for e in w.ledger] == [
        ("winnings", -50_000, "match:9:winnings:home:undo")
    ]
    assert (team.treasury, team.fan_factor) == (50_000, 3)
    assert w.sets == {12: {"status": Player.Status.ACTIVE}} and w.spp == {12: -3}
    # A kind whose application declares no undo cannot be reversed.
    register("test_unreversible", app=EffectApp(apply_nothing, lambda reading, effect: ""))
    try:
        odd = Effect(step="x", key="odd:home", side="home", kind="test_unreversible")
        with pytest.raises(NotReversible, match="'test_unreversible'"):
            gather(ctx, w, replace(odd, key="odd:home:undo", undoes="odd:home"))
    finally:
        EFFECT_APPS.pop("test_unreversible")
