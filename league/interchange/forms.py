"""The import page's forms: the dump to check, and the confirmation that starts the real run."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.interchange.runs import MAX_BYTES

VERSION_CHOICES = [
    ("", gettext_lazy("Detect it from the dump")),
    ("obblm-lrb6", gettext_lazy("OBBLM (LRB6 era)")),
    ("obblm-old-names", gettext_lazy("OBBLM before 0.8 (skills stored as names)")),
    ("naflm", gettext_lazy("NAFLM")),
]


class DumpForm(forms.Form):
    dump = forms.FileField(
        label=gettext_lazy("MySQL dump of the OBBLM/NAFLM database"),
    )
    version = forms.ChoiceField(label=gettext_lazy("Version"), choices=VERSION_CHOICES, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Worded when the form is made: the page's language, not the one active at import.
        self.fields["dump"].help_text = _("A .sql file made by mysqldump, at most %(mb)s MB.") % {
            "mb": MAX_BYTES // (1024 * 1024)
        }

    def clean_dump(self) -> UploadedFile:
        dump: UploadedFile = self.cleaned_data["dump"]
        if dump.size is not None and dump.size > MAX_BYTES:
            raise forms.ValidationError(_("The file is larger than %(mb)s MB.") % {"mb": MAX_BYTES // (1024 * 1024)})
        return dump


class StartForm(forms.Form):
    confirmed = forms.BooleanField(
        label=gettext_lazy("I have read the dry run: create these coaches, teams, seasons and matches in the league."),
        required=True,
        error_messages={"required": gettext_lazy("Tick the box to confirm the import.")},
    )
