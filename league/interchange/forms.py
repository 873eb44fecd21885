"""The import page's forms: the dump to check, and the confirmation that starts the real run."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from league.interchange.obblm.tables import version_label, versions
from league.interchange.runs import MAX_BYTES


def version_choices() -> list[tuple[str, str]]:
    """Detect, or one of the version folders by its name in the page's language."""
    language = (get_language() or "en")[:2]
    return [("", str(gettext_lazy("Detect it from the dump"))), *((v, version_label(v, language)) for v in versions())]


class DumpForm(forms.Form):
    dump = forms.FileField(
        label=gettext_lazy("MySQL dump of the OBBLM/NAFLM database"),
    )
    version = forms.ChoiceField(label=gettext_lazy("Version"), choices=version_choices, required=False)

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
