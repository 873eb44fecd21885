"""The kinds of post-match effects, a registry: each kind declares itself in one module of this
package (or of a test), with its key, the data it carries beyond the common fields, the ledger kind
its gold moves under, and how it is reversed.

A step emits an effect by its kind's key (Run.emit refuses a kind nobody declared, and data the
kind did not declare); the web layer applies, words and undoes it through its own registry, keyed
the same (matches/effects/). The reversal is what the correctable history replays: the inverse
effect, keyed "<key>:undo" so that undoing twice changes nothing, or None where nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..effects import Effect

Reverse = Callable[[Effect], Effect | None]

UNDO = ":undo"  # the suffix of a reversal's natural key


def undo_key(key: str) -> str:
    return key + UNDO


def nothing(effect: Effect) -> None:
    """A record only (an MVP lost, a player who stays): nothing to reverse."""
    return None


def restore(effect: Effect) -> Effect:
    """The same effect marked as undoing the first: its applier's undo puts back what it set (a
    player's status, a mark) or recomputes what it computed (a team value)."""
    return replace(effect, key=undo_key(effect.key), undoes=effect.key, treasury=None, bank=None)


def negate(*names: str) -> Reverse:
    """The same effect with these numbers (fields or payload entries) negated: gold paid back, SPP
    or fan factor taken away; applied like the effect itself, under its own key."""

    def reverse(effect: Effect) -> Effect:
        fields = {name: -getattr(effect, name) for name in names if not name.startswith("payload.")}
        payload = dict(effect.payload)
        for name in names:
            if name.startswith("payload."):
                entry = name.removeprefix("payload.")
                payload[entry] = -payload[entry]  # type: ignore[operator]
        return replace(restore(effect), payload=payload, **fields)

    return reverse


@dataclass(frozen=True, slots=True)
class EffectKind:
    """One kind of effect. `fields`: the payload entries it carries (Effect.payload), beyond the
    common fields every effect may fill; `money`: the ledger kind (ledger_kinds.csv) its amount is
    written under, None when it moves no gold; `reverse`: its reversal (nothing, restore, negate)."""

    key: str
    reverse: Reverse
    fields: tuple[str, ...] = ()
    money: str | None = None


KINDS: dict[str, EffectKind] = {}


class UnknownEffectKind(LookupError):
    """An effect kind nobody declared (a step emitting a kind without its module)."""


def register_kind(kind: EffectKind) -> EffectKind:
    if kind.key in KINDS and KINDS[kind.key] != kind:
        raise ValueError(f"effect kind {kind.key!r} is declared twice")
    KINDS[kind.key] = kind
    return kind


def effect_kind(key: str, *, reverse: Reverse, fields: tuple[str, ...] = (), money: str | None = None) -> EffectKind:
    """Declare and register a kind (the kind modules' one line per kind)."""
    return register_kind(EffectKind(key, reverse, fields, money))


def kind_of(key: str) -> EffectKind:
    try:
        return KINDS[key]
    except KeyError:
        raise UnknownEffectKind(
            f"no post-match effect kind {key!r}: declare it in league/rules/postmatch/kinds/"
        ) from None


def reversal(effect: Effect) -> Effect | None:
    """The effect that undoes `effect`, or None when it changed nothing."""
    if effect.undoes is not None:
        raise ValueError(f"{effect.key!r} is itself a reversal")
    return kind_of(effect.kind).reverse(effect)


def reversals(effects: tuple[Effect, ...] | list[Effect]) -> tuple[Effect, ...]:
    """What undoes a plan's effects: the reversals in the reverse order of the effects."""
    return tuple(r for r in (reversal(e) for e in reversed(effects)) if r is not None)
