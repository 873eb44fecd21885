"""The result sheet's card gold (docs/decisions/matches.md): where the league sells special play cards whose
gold counts in the winnings ([parameters.cards] gold_in_winnings), each side enters the gold its cards gave, paid with the winnings
(league/rules/postmatch/card_gold.py); the sheet hands it on as the decision `card_gold:<side>`."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from league.rules import Ruleset


def card_gold_fields(ruleset: Ruleset, sides: tuple[str, ...] = ("home", "away")) -> dict[str, forms.Field]:
    attrs = {"step": ruleset.params.gp_granularity, "min": 0}
    return {
        f"card_gold_{side}": forms.IntegerField(
            label=gettext_lazy("Gold from special play cards"),
            required=False,
            min_value=0,
            help_text=gettext_lazy("Counted in the winnings; leave empty when the cards gave none."),
            widget=forms.NumberInput(attrs=attrs),
        )
        for side in sides
    }
