"""Forms of the season pages: they turn text into the services' arguments and never write."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from league.competitions.seasons.fixtures import MAX_ROUND
from league.competitions.seasons.rounds import FIRST_DAY, LAST_DAY, MAX_DAYS
from league.infra.widgets import QuickSelect
from teams.models import Team


def _date(label: Any, required: bool = False) -> forms.DateField:
    # The browser's date picker keeps to the range the services accept (league.competitions.seasons.rounds).
    attrs = {"type": "date", "min": FIRST_DAY.isoformat(), "max": LAST_DAY.isoformat()}
    return forms.DateField(label=label, required=required, widget=forms.DateInput(attrs=attrs))


class SeasonCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    carry_over = forms.BooleanField(
        label=_("Register again every team of the previous season that is still ready"), required=False
    )


class GenerateForm(forms.Form):
    legs = forms.TypedChoiceField(
        label=_("Round robin"),
        choices=[(1, _("Single: each pair meets once")), (2, _("Double: each pair meets home and away"))],
        coerce=int,
    )
    first_date = _date(_("First round starts on"))
    days_between = forms.IntegerField(
        label=_("Days between rounds"), required=False, min_value=1, max_value=365, initial=7
    )


class ManualFixtureForm(forms.Form):
    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=MAX_ROUND)
    # Every team of the season, twice: options written in Python (league/infra/widgets.py).
    home: forms.ModelChoiceField[Team] = forms.ModelChoiceField(label=_("Home"), queryset=None, widget=QuickSelect)
    away: forms.ModelChoiceField[Team] = forms.ModelChoiceField(label=_("Away"), queryset=None, widget=QuickSelect)

    def __init__(self, *args: Any, teams: QuerySet[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast("forms.ModelChoiceField[Team]", self.fields["home"]).queryset = teams
        cast("forms.ModelChoiceField[Team]", self.fields["away"]).queryset = teams


class RoundDatesForm(forms.Form):
    round_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MAX_ROUND)
    starts_on = _date(_("Play from"))
    deadline = _date(_("Deadline"))


class RoundDatesBulkForm(forms.Form):
    """Several rounds dated at once: a first day and a rhythm, and each deadline's offset."""

    first_round = forms.IntegerField(label=_("From round"), min_value=1, max_value=MAX_ROUND)
    last_round = forms.IntegerField(label=_("To round"), min_value=1, max_value=MAX_ROUND)
    starts_on = _date(_("The first of them starts on"), required=True)
    every_days = forms.IntegerField(label=_("A round every (days)"), min_value=1, max_value=MAX_DAYS, initial=7)
    deadline_days = forms.IntegerField(
        label=_("Deadline: days after each round's first day (empty: none)"),
        required=False,
        min_value=0,
        max_value=MAX_DAYS,
        initial=6,
    )
