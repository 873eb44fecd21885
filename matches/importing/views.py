"""The match-report upload page: a file or pasted text, every refusal listed, the match on success.

The page only decodes the text and calls matches.importing.import_match, which checks and writes.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.core.permissions import signed_in
from matches.importing import import_match, parse_report
from matches.importing.schema import MAX_REPORT_BYTES
from matches.services import MatchError


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Report file (JSON)"), required=False)
    text = forms.CharField(
        label=gettext_lazy("…or paste the report"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "class": "font-monospace"}),
    )

    def clean(self) -> dict:
        data = super().clean() or self.cleaned_data  # Form.clean returns cleaned_data itself
        if not data.get("file") and not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Choose a file or paste the report."))
        return data

    def raw_report(self) -> bytes | str:
        upload = self.cleaned_data.get("file")
        # One byte over the limit is enough for parse_report to refuse it; no need to read more.
        report: bytes | str = upload.read(MAX_REPORT_BYTES + 1) if upload else self.cleaned_data["text"]
        return report


@login_required
def match_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    errors: list[str] = []
    status = 200
    if request.method == "POST" and not form.is_valid():
        status = 400  # a refused upload is bad input: the page lists why, with a 400 as the API
    elif request.method == "POST":
        try:
            result = import_match(parse_report(form.raw_report()), by=signed_in(request.user))
        except MatchError as exc:
            errors, status = exc.messages, 400
        except PermissionDenied as exc:
            errors, status = [str(exc)], 403
        else:
            if result.created:
                messages.success(request, _("The match report was imported."))
            else:
                messages.info(request, _("This report had already been imported: here is its match."))
            return redirect(result.match.get_absolute_url())
    return render(request, "matches/import.html", {"form": form, "errors": errors}, status=status)
