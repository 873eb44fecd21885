"""The result sheet's bank fields (a ruleset with a bank, the optional group `bank`): per side, the
gold moved into the bank and the part of the spiralling expenses the bank pays."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from matches.models import SIDES
from teams.errors import gp


def bank_fields(self: Any) -> None:
    """A ruleset with a bank: per side, the gold the coach moves into it (negative: out of it)
    and the part of the spiralling expenses it pays (blank: the ruleset's default split)."""
    assert self.bank is not None
    step = {"step": self.ruleset.params.gp_granularity, "class": "form-control"}
    for side, _label in SIDES:
        self.fields[f"bank_{side}"] = forms.IntegerField(
            label=_("Into the bank (negative: out of it)"),
            required=False,
            help_text=_("At most %(max)s gp in the bank; leave empty to move nothing.")
            % {"max": gp(self.bank.max_balance)},
            widget=forms.NumberInput(attrs=step),
        )
        if self.bank.pays_spiralling_expenses:
            self.fields[f"se_bank_{side}"] = forms.IntegerField(
                label=_("Spiralling expenses paid by the bank"),
                required=False,
                min_value=0,
                help_text=_("Only when the team owes some and has gold in the bank; empty: the default split."),
                widget=forms.NumberInput(attrs={**step, "min": 0}),
            )
