"""The form of a result sent back: its reason, which the coaches read before correcting it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from matches.services.dispute import REASON_MAX


class SendBackForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Why is the result wrong?"),
        help_text=gettext_lazy(
            "Say what to correct (e.g. “the second touchdown was scored by #7, not #4”). Both coaches see it."
        ),
        max_length=REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 4, "class": "form-control", "maxlength": REASON_MAX}),
    )
