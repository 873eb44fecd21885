"""A test-only post-match effect kind, added end to end the way a ruleset's own would be: the fans'
clubs of a winning team give it 10,000 gp per touchdown. This module is the whole kind (its step,
its engine declaration, its application, its wording in both languages); install() is its
registration, undone when the test ends. Nothing else in the code knows it."""

from __future__ import annotations

from league.rules.postmatch.kinds import KINDS, EffectKind, negate
from league.rules.postmatch.records import SIDES
from league.rules.postmatch.run import Run
from league.rules.registry import POST_MATCH
from matches.effects.money import apply_money
from matches.effects.words import lang
from matches.models import MatchEffect
from matches.services.appliers import EFFECT_APPS, EffectApp, Reading
from matches.views.outcome import STEP_LABELS
from teams.errors import gp

KEY = "fan_gift"
GIFT_PER_TOUCHDOWN = 10_000
# The ledger kind its gold is written under, as the ruleset declares it (ledger_kinds.csv).
LEDGER_ROW = "fan_gift,Fans' gift,Cadeau des supporters,test ruleset\n"


def step_fan_gift(run: Run) -> None:
    """After a win, the fans' clubs' gift: the engine's half of the kind."""
    for side in SIDES:
        touchdowns = run.report.side(side).score
        if run.outcomes[side] != "win" or not touchdowns:
            continue
        gift = GIFT_PER_TOUCHDOWN * touchdowns
        run.treasury[side] += gift
        run.emit(side, KEY, f"{KEY}:{side}", amount=gift, treasury=run.treasury[side], touchdowns=touchdowns)


# Its data (a payload entry), its ledger kind and its reversal: the gift paid back.
KIND = EffectKind(KEY, reverse=negate("amount"), fields=("touchdowns",), money=KEY)

WORDING = {
    "en": "The fans' clubs give %(amount)s gp (%(touchdowns)s touchdowns).",
    "fr": "Les clubs de supporters offrent %(amount)s po (%(touchdowns)s touchdowns).",
}


class Label:
    """The step's title, in the reader's language when shown."""

    names = {"en": "Fans' gift", "fr": "Cadeau des supporters"}

    def __str__(self) -> str:
        return self.names["fr" if lang().startswith("fr") else "en"]


def describe_fan_gift(reading: Reading, effect: MatchEffect) -> str:
    wording = WORDING["fr" if lang().startswith("fr") else "en"]
    return wording % {"amount": gp(effect.amount), "touchdowns": (effect.data or {}).get("touchdowns", 0)}


# Gold into the ledger under the kind's ledger kind, like any money kind; undone the same way.
APP = EffectApp(apply_money, describe_fan_gift, undo=apply_money)


def install(monkeypatch) -> None:
    """The registration: the step, the kind in the engine and in the database, the step's title."""
    monkeypatch.setitem(POST_MATCH, KEY, step_fan_gift)
    monkeypatch.setitem(KINDS, KEY, KIND)
    monkeypatch.setitem(EFFECT_APPS, KEY, APP)
    monkeypatch.setitem(STEP_LABELS, KEY, Label())


__all__ = ["APP", "KIND", "LEDGER_ROW", "install"]
