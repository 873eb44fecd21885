"""The commissioner's word on a held line (matches.services.held): what stands, and to whom his
lines move. Sent twice: the choice, then its confirmation (`confirmed`)."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.held_models import HeldLine

CHOICES = (
    (HeldLine.Resolution.REMOVED, gettext_lazy("Remove his lines from this match")),
    (HeldLine.Resolution.MOVED, gettext_lazy("Move his lines to a team-mate")),
    (HeldLine.Resolution.CONFIRMED, gettext_lazy("He played as entered: the sheet stands")),
)


class HeldLineForm(forms.Form):
    choice = forms.ChoiceField(label=gettext_lazy("What stands"), choices=CHOICES, widget=forms.RadioSelect)
    to = forms.TypedChoiceField(label=gettext_lazy("Team-mate"), coerce=int, required=False, empty_value=None)
    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, targets: list[Any], action: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        to = self.fields["to"]
        assert isinstance(to, forms.TypedChoiceField)
        to.choices = [("", "—")] + [(p.pk, f"#{p.number} {p.name}") for p in targets]
        self.helper = FormHelper()
        self.helper.form_action = action
        self.helper.add_input(Submit("submit", _("Continue")))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("choice") == HeldLine.Resolution.MOVED and not data.get("to"):
            self.add_error("to", _("Choose the team-mate who gets his lines."))
        return data
