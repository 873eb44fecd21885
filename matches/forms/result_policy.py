"""The result sheet's fields for the ruleset's result policy (league.rules.postmatch.results):
where a level score may not stand (a play-off match, a ruleset without draws), whether the match
went to sudden-death overtime, the shoot-out's winner and its dice."""

from __future__ import annotations

import re
from typing import Any, cast

from django import forms
from django.utils.translation import gettext as _

from league.rules import Ruleset
from league.rules.postmatch.results import ties_resolved
from matches.forms.common import checkbox
from matches.models import SIDES, Match

_PAIR = re.compile(r"^\s*(\d)\s*[-–/:]\s*(\d)\s*$")


def add_result_policy_fields(form: forms.Form, match: Match, ruleset: Ruleset) -> bool:
    """Add the overtime and shoot-out fields when the match's level score is resolved; whether it is."""
    if not ties_resolved(ruleset, bool(match.stage)):
        return False
    form.fields["overtime"] = forms.BooleanField(
        label=_("The match went to sudden-death overtime"), required=False, widget=checkbox()
    )
    form.fields["shootout_winner"] = forms.ChoiceField(
        label=_("Shoot-out winner (a tied score only)"),
        required=False,
        choices=[("", _("No shoot-out"))]
        + [(side, _("%(team)s won the shoot-out") % {"team": match.team(side).name}) for side, _l in SIDES],
        widget=forms.RadioSelect,
    )
    form.fields["shootout_dice"] = ShootoutDiceField(
        label=_("Shoot-out dice (optional)"),
        required=False,
        max_length=120,
        help_text=_("Each roll as home-away, in order, e.g. “4-4, 6-2”: a level pair is rolled again."),
        widget=forms.TextInput(attrs={"class": "form-control", "autocomplete": "off"}),
    )
    if isinstance(form.initial.get("shootout_dice"), list):  # as stored: shown as typed
        form.initial["shootout_dice"] = shootout_dice_text(form.initial["shootout_dice"])
    return True


class ShootoutDiceField(forms.CharField):
    """The shoot-out's pairs typed as "4-4, 6-2", cleaned to [[4, 4], [6, 2]]."""

    def clean(self, value: Any) -> Any:
        return parse_shootout_dice(super().clean(value))


def parse_shootout_dice(text: str) -> list[list[int]]:
    """The pairs typed on the sheet ("4-4, 6-2"); ValidationError for anything else."""
    pairs: list[list[int]] = []
    for chunk in (c for c in re.split(r"[,;]", text or "") if c.strip()):
        found = _PAIR.match(chunk)
        if not found:
            raise forms.ValidationError(_("“%(chunk)s” is not a pair of dice such as 6-2.") % {"chunk": chunk.strip()})
        pairs.append([int(found.group(1)), int(found.group(2))])
    return pairs


def shootout_dice_text(pairs: Any) -> str:
    """The stored pairs as the sheet shows them again."""
    return ", ".join(f"{home}-{away}" for home, away in cast(list, pairs or []))


def result_policy_values(form: forms.Form) -> dict[str, Any]:
    """The ReportInput values of these fields (empty when the sheet has none)."""
    if "shootout_winner" not in form.fields:
        return {}
    data = form.cleaned_data
    winner = data.get("shootout_winner") or ""
    return {
        "shootout_winner": winner,
        "overtime": bool(data.get("overtime")) or bool(winner),  # a shoot-out follows the overtime
        "shootout_dice": [list(p) for p in data.get("shootout_dice") or ()],  # as stored (JSON lists)
    }
