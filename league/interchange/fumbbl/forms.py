"""The upload form: a FUMBBL team file and, optionally, its roster file."""

from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.interchange.fumbbl.parse import MAX_BYTES


def _read(upload: UploadedFile | None) -> bytes | None:
    """The upload's bytes, read no further than the limit (a larger file is refused unread)."""
    if upload is None:
        return None
    if upload.size is not None and upload.size > MAX_BYTES:
        raise forms.ValidationError(_("The file is larger than %(limit)s kB.") % {"limit": MAX_BYTES // 1024})
    data: bytes = upload.read(MAX_BYTES + 1)
    return data


class FumbblUploadForm(forms.Form):
    team_file = forms.FileField(label=gettext_lazy("FUMBBL team file (JSON)"))
    roster_file = forms.FileField(label=gettext_lazy("FUMBBL roster file (JSON, optional)"), required=False)

    def clean_team_file(self) -> bytes | None:
        return _read(self.cleaned_data.get("team_file"))

    def clean_roster_file(self) -> bytes | None:
        return _read(self.cleaned_data.get("roster_file"))


class FumbblConfirmForm(forms.Form):
    """The confirmation carries the files read for the preview, as text, so nothing is kept on the server."""

    team_json = forms.CharField(widget=forms.HiddenInput, max_length=MAX_BYTES, strip=False)
    roster_json = forms.CharField(widget=forms.HiddenInput, max_length=MAX_BYTES, strip=False, required=False)
