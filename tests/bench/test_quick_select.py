"""QuickSelect writes the markup Django's Select writes with its templates, option for option."""

from __future__ import annotations

import re

import pytest
from django import forms
from league.infra.widgets import QuickSelect

CHOICES = [("", "---------"), (1, "Reavers & <Co>"), (2, "Orcs “2”"), ("Group", [(3, "A"), (4, 'B "quoted"')])]


def normal(html: str) -> str:
    return re.sub(r">\s+<", "><", html.strip())


@pytest.mark.parametrize("value", [None, 2, "4", "nope"])
@pytest.mark.parametrize("attrs", [{}, {"class": "form-select", "required": True, "disabled": False, "id": "id_x"}])
def test_quick_select_renders_as_django_select(value, attrs):
    class Both(forms.Form):
        slow = forms.ChoiceField(choices=CHOICES, widget=forms.Select(attrs=attrs))
        quick = forms.ChoiceField(choices=CHOICES, widget=QuickSelect(attrs=attrs))

    form = Both(initial={"slow": value, "quick": value})
    slow, quick = normal(str(form["slow"])), normal(str(form["quick"]))
    assert quick == slow.replace("slow", "quick")
    assert "Reavers &amp; &lt;Co&gt;" in quick and 'optgroup label="Group"' in quick
