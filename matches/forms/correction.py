"""The forms of a processed match's correction (matches.services.corrections): the result sheet
(matches.forms.report) with every post-match die as editable values and the reason, and the void.

They turn text into a correction's inputs, in the format of inputs_of, and never write. The sheet's
own winnings and fan factor dice are not shown: every die the sequence used is listed apart, by its
key, whoever rolled it (the table or the server).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.card_models import MatchCard
from matches.forms import report_steps
from matches.forms.card_plays import add_card_play_fields, clean_card_plays
from matches.forms.report import ReportForm
from matches.services.report_input import RESULT_FIELDS

DICE_TEXT = re.compile(r"^\s*\d{1,3}(\s*[,;+ ]\s*\d{1,3})*\s*$")
# Only what a typed value must be to mean a die: its faces are checked by the replay, which words
# any refusal in the preview (a die's faces depend on it: the MVP draw's on the candidates).
MAX_FACE = 100
REASON_MAX = 2000


def die_field(key: str) -> str:
    # Keys look like "improvement:p12:1": colons make awkward ids and CSS selectors.
    return "die__" + key.replace(":", "__")


def reason_field(label: Any) -> forms.CharField:
    return forms.CharField(
        label=label,
        max_length=REASON_MAX,
        help_text=gettext_lazy("The coaches read it on the match page and in their to-do."),
        widget=forms.Textarea(attrs={"rows": 2, "class": "form-control"}),
    )


class CorrectionForm(ReportForm):
    """The result sheet prefilled from the inputs a correction starts from, its dice and the reason.

    `inputs`: those inputs (inputs_of's format); `dice_labels`: each die's name by key; `cards`: the
    special play cards the sides bought for the match, whose play the commissioner may correct."""

    def __init__(
        self,
        *args: Any,
        inputs: dict[str, Any],
        dice_labels: dict[str, str],
        cards: Sequence[MatchCard] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, require_mvp=True, **kwargs)
        self.inputs = inputs
        self.card_rows = add_card_play_fields(self, self.ruleset, cards, self.lines)
        self.die_keys = sorted(inputs["dice"])
        for key in self.die_keys:
            self.fields[die_field(key)] = forms.CharField(
                label=dice_labels.get(key, key),
                required=False,
                max_length=100,
                widget=forms.TextInput(attrs={"class": "form-control", "inputmode": "numeric", "autocomplete": "off"}),
            )
        self.fields["reason"] = reason_field(_("Why the result is corrected"))

    def dice_fields(self) -> list[forms.BoundField]:
        return [self[die_field(key)] for key in self.die_keys]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.dice_in: dict[str, list[int]] = {}
        for key in self.die_keys:
            name = die_field(key)
            text = (data.get(name) or "").strip()
            if not text:
                continue  # left to the server, which rolls it when the match is replayed
            if not DICE_TEXT.match(text):
                self.add_error(name, _("Write the dice as numbers separated by commas, such as “4, 3”."))
                continue
            values = [int(v) for v in re.findall(r"\d+", text)]
            if not all(1 <= v for v in values):
                self.add_error(name, _("A die shows 1 or more."))
                continue
            if not all(v <= MAX_FACE for v in values):
                self.add_error(name, _("A die shows at most %(max)s.") % {"max": MAX_FACE})
                continue
            self.dice_in[key] = values
        self.cards_in = clean_card_plays(self, self.card_rows, self.inputs["result"].get("cards_played") or [])
        return data

    def to_inputs(self) -> dict[str, Any]:
        """The correction's inputs: the sheet and dice as typed, and the decisions the sheet does not
        hold (the winnings re-roll, the coaches' improvement choices) as they were."""
        report = self.to_report()
        managed = {"mvp"} if self.mvp_chosen else set()
        if self.bank is not None:
            managed |= {"bank", "se_bank"}
        if self.card_gold:
            managed |= {"card_gold"}
        managed |= report_steps.managed(self)
        decisions = {k: v for k, v in self.inputs["decisions"].items() if k.split(":", 1)[0] not in managed}
        decisions |= {k: v for k, v in report.decisions.items() if k.split(":", 1)[0] in managed}
        result = {name: getattr(report, name) for name in RESULT_FIELDS}
        # The cards bought are on the sheet (matches.forms.card_plays); with none bought, the
        # entries are kept as they were (there is nothing they could name).
        stored = self.inputs["result"].get("cards_played") or []
        result["cards_played"] = self.cards_in if self.card_rows else stored
        return {
            "result": result,
            "played_on": report.played_on.isoformat() if report.played_on else None,
            "lines": [asdict(line) for line in report.lines],
            "casualties": [asdict(c) for c in report.casualties],
            "dice": dict(sorted(self.dice_in.items())),
            "decisions": dict(sorted(decisions.items())),
        }


class VoidForm(forms.Form):
    reason = reason_field(gettext_lazy("Why the match is void"))


class RestoreForm(forms.Form):
    reason = reason_field(gettext_lazy("Why the previous result is restored"))
