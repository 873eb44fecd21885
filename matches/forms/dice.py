"""The post-match dice page's form: one number input per die the sequence needs, all optional.

The rows come from the rules engine (matches.services.requested_dice); the form only reads the
typed numbers. Ranges and counts are left to the service, which words every refusal at once.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from matches.forms.common import number
from matches.services import DieRow


def field_name(key: str, index: int) -> str:
    # Keys look like "improvement:p12:1": colons make awkward ids and CSS selectors.
    return f"die__{key.replace(':', '__')}__{index}"


class DiceForm(forms.Form):
    def __init__(self, *args: Any, rows: list[DieRow], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rows = rows
        for row in rows:
            for i in range(row.count):
                label = row.label if row.count == 1 else _("%(die)s, die %(n)s") % {"die": row.label, "n": i + 1}
                field = self.fields[field_name(row.key, i)] = number(label, min=1, max=row.sides)
                if row.values is not None and i < len(row.values):
                    field.initial = row.values[i]

    def row_fields(self) -> list[tuple[DieRow, list[forms.BoundField]]]:
        return [(row, [self[field_name(row.key, i)] for i in range(row.count)]) for row in self.rows]

    def to_dice(self) -> dict[str, list[int]]:
        """{key: values} for the rows that were on the page posted (an empty list clears a die).
        A row that appeared meanwhile (the other coach saved an MVP die) is left alone."""
        out = {}
        for row in self.rows:
            names = [field_name(row.key, i) for i in range(row.count)]
            if not any(name in self.data for name in names):
                continue
            out[row.key] = [self.cleaned_data[name] for name in names if self.cleaned_data.get(name) is not None]
        return out
