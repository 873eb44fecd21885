"""Forms of the trophies page: they turn text into the services' arguments and never write."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class MinorTournamentForm(forms.Form):
    name = forms.CharField(label=_("Tournament name"), max_length=100)
    prize_winner = forms.IntegerField(label=_("Prize for the winner (gold pieces)"), min_value=0, initial=0)
    prize_runner_up = forms.IntegerField(label=_("Prize for the runner-up (gold pieces)"), min_value=0, initial=0)


class SeasonTrophyForm(forms.Form):
    season = forms.ModelChoiceField(label=_("Season"), queryset=None)
    trophy = forms.ModelChoiceField(
        label=_("Its final awards"), queryset=None, required=False, empty_label=_("no trophy")
    )
    player_of_the_year = forms.BooleanField(
        label=_("Player of the Year (a trophy that has one: the league's player with the most SPP gains its skill)"),
        required=False,
    )

    def __init__(self, *args, seasons, trophies, names, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = seasons
        self.fields["trophy"].queryset = trophies
        self.fields["trophy"].label_from_instance = lambda t: names.get(t.pk, str(t))


class AwardForm(forms.Form):
    trophy = forms.ModelChoiceField(label=_("Trophy"), queryset=None)
    team = forms.ModelChoiceField(label=_("Winner"), queryset=None)
    runner_up = forms.ModelChoiceField(label=_("Runner-up"), queryset=None, required=False)
    player_of_the_year = forms.BooleanField(
        label=_("Player of the Year (a trophy that has one: the league's player with the most SPP gains its skill)"),
        required=False,
    )

    def __init__(self, *args, trophies, teams, names, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["trophy"].queryset = trophies
        self.fields["trophy"].label_from_instance = lambda t: names.get(t.pk, str(t))
        self.fields["team"].queryset = teams
        self.fields["runner_up"].queryset = teams
