"""Forms of the match pages. They turn text into the services' input records and never write.

This module holds what they share and the small ones; the pre-match forms are in forms_prematch,
the result sheet in forms_report, the dice page's in forms_dice, the send-back reason in
forms_dispute.

Rules (inducement limits, budgets, casualty tables, who may be credited…) are left to the
services, which word every refusal at once in the user's language. The forms only check what a
typed value must be to mean anything: a D6 shows 1 to 6, both dice of a roll are given, the
number of fan factor dice matches the outcome, only the winner re-rolls its winnings.
"""

from __future__ import annotations

from typing import Any, cast

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.db.models import Model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.infra.inputs import column_max
from league.rules import (
    Ruleset,
    collation_key,
)
from teams.models import Team
from teams.selectors import no_teams


def category_label(ruleset: Ruleset, key: str, lang: str) -> str:
    """“Strength (S)”, “Force (F)”: a skill category's name and letter, from the ruleset's data."""
    return f"{ruleset.category_name(key, lang)} ({ruleset.category_letters(key, lang)})"


MERCENARY_ROWS = 3  # per side; squads stop at 16 players anyway
NUMERIC = {"inputmode": "numeric", "class": "form-control"}


def checkbox() -> forms.CheckboxInput:
    return forms.CheckboxInput(attrs={"class": "form-check-input"})


def number(
    label: Any = "", *, required: bool = False, column: tuple[type[Model], str] | None = None, **attrs: Any
) -> forms.IntegerField:
    """An integer input that opens the phone's number pad. No rule limit is checked here: the
    services word them. `column` bounds the value by what its database column holds, which no rule
    does (PostgreSQL refuses more: a 500; SQLite overflows past 64 bits)."""
    field = forms.IntegerField(
        label=label, required=required, max_value=column_max(*column) if column else None, widget=forms.NumberInput()
    )
    field.widget.attrs.update({**NUMERIC, **attrs})  # the page's own min/max hints stay as given
    return field


def check_d6(form: forms.Form, name: str, what: str) -> int | None:
    value = form.cleaned_data.get(name)
    if value is not None and not 1 <= value <= 6:
        form.add_error(name, _("%(what)s: a D6 shows 1 to 6 (you entered %(value)s).") % {"what": what, "value": value})
        return None
    return value


class ScheduleForm(forms.Form):
    home = forms.ModelChoiceField(label=gettext_lazy("Home team"), queryset=no_teams())
    away = forms.ModelChoiceField(label=gettext_lazy("Away team"), queryset=no_teams())

    def __init__(self, *args: Any, teams: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Sorted as a reader expects (accents ignored); the queryset still validates the choice.
        ordered = sorted(teams, key=lambda t: collation_key(t.name))
        for name in ("home", "away"):
            field = cast("forms.ModelChoiceField[Team]", self.fields[name])
            field.queryset = teams
            field.choices = [("", field.empty_label)] + [
                (t.pk, f"{t.name} ({t.coach.get_username()})") for t in ordered
            ]
            field.widget.attrs["class"] = "form-select form-select-lg"
        self.helper = FormHelper()
        self.helper.add_input(Submit("submit", _("Schedule the match"), css_class="btn-lg"))


class ImprovementForm(forms.Form):
    choice = forms.ChoiceField(label=gettext_lazy("Improvement"), widget=forms.RadioSelect)

    def __init__(self, *args: Any, groups: list[tuple[Any, list[tuple[str, str]]]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["choice"]).choices = groups
