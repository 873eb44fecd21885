"""The NAF report page's one field: the organiser's name written in the report."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from django import forms
from django.utils.translation import gettext_lazy as _


class NafReportForm(forms.Form):
    organiser = forms.CharField(
        label=_("Organiser"),
        max_length=100,
        help_text=_("The name the NAF knows the organiser by: the league's name unless you change it."),
        error_messages={"required": _("Give the organiser's name.")},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
