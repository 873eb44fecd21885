"""Every post-match step the rules engine registers has a label on the match page, and every kind of
effect its steps can emit has an applier and a sentence: a step added to league/rules without its
web-layer half fails here, not on a league's first match.

The kinds are read from the source of league/rules/postmatch (the second argument of each
run.emit() call), so a new emit() is found without updating a list here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from league.rules import load_ruleset, postmatch
from league.rules.postmatch import Effect
from league.rules.registry import known_steps
from matches.models import MatchEffect
from matches.services.appliers import APPLIERS, UnknownEffectKind, Writes, applier_for, gather
from matches.views.outcome import STEP_LABELS, describe


def _constants(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):  # "departure" if left else "departure_avoided"
        return _constants(node.body) + _constants(node.orelse)
    raise AssertionError(f"an emit() whose kind is not a literal: {ast.unparse(node)} (teach this test to read it)")


def emitted_kinds() -> set[str]:
    kinds: set[str] = set()
    for path in Path(postmatch.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit":
                if len(node.args) >= 2:
                    kinds.update(_constants(node.args[1]))
    return kinds


def test_the_source_is_read():
    kinds = emitted_kinds()
    # A sample, so that a change in how the steps emit cannot make the next tests vacuous.
    assert {"mvp", "winnings", "spiralling_expenses", "bank_transfer", "departure_avoided", "team_value"} <= kinds
    assert len(kinds) >= 20


def test_every_registered_post_match_step_has_a_label():
    _pre, post = known_steps()
    assert "bank" in post
    assert sorted(step for step in post if step not in STEP_LABELS) == []


@pytest.mark.parametrize("kind", sorted(emitted_kinds()))
def test_every_effect_kind_has_an_applier_and_a_sentence(kind):
    assert applier_for(kind) is APPLIERS[kind]
    effect = MatchEffect(kind=kind, key=f"{kind}:home:1", amount=-10_000, data={"total": 1, "dice": [3]})
    text, _roll = describe(load_ruleset("lrb6"), effect, {})
    assert text and not text.startswith(kind), text  # not the fallback "<kind> {data}"


def test_an_effect_kind_without_an_applier_is_an_error_naming_it():
    effect = Effect(step="teleport", key="teleport:home", side="home", kind="teleport")
    with pytest.raises(UnknownEffectKind, match="'teleport'"):
        gather(None, Writes(), effect)  # type: ignore[arg-type]
