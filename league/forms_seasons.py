"""Forms of the season pages: they turn text into the services' arguments and never write."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.services_fixtures import MAX_ROUND
from league.widgets import QuickSelect


def _date(label) -> forms.DateField:
    return forms.DateField(label=label, required=False, widget=forms.DateInput(attrs={"type": "date"}))


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
    # Every team of the season, twice: options written in Python (league/widgets.py).
    home = forms.ModelChoiceField(label=_("Home"), queryset=None, widget=QuickSelect)
    away = forms.ModelChoiceField(label=_("Away"), queryset=None, widget=QuickSelect)

    def __init__(self, *args, teams, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["home"].queryset = teams
        self.fields["away"].queryset = teams


class RoundDatesForm(forms.Form):
    round_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MAX_ROUND)
    starts_on = _date(_("Play from"))
    deadline = _date(_("Deadline"))
