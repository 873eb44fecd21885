"""Forms of the trophies page: they turn text into the services' arguments and never write."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class MinorTournamentForm(forms.Form):
    name = forms.CharField(label=_("Tournament name"), max_length=100)
    prize_winner = forms.IntegerField(label=_("Prize for the winner (gold pieces)"), min_value=0, initial=0)
    prize_runner_up = forms.IntegerField(label=_("Prize for the runner-up (gold pieces)"), min_value=0, initial=0)


# The trophy fields' values (league.competitions.challenges.trophies.selectors.trophy_choices): a ruleset trophy's key, or
# "t<pk>" for a commissioner's minor tournament; the view turns them into Trophy rows.


class SeasonTrophyForm(forms.Form):
    season = forms.ModelChoiceField(label=_("Season"), queryset=None)
    trophy = forms.ChoiceField(label=_("Its final awards"), required=False)
    player_of_the_year = forms.BooleanField(
        label=_("Player of the Year (a trophy that has one: the league's player with the most SPP gains its skill)"),
        required=False,
    )

    def __init__(self, *args, seasons, trophies, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = seasons
        self.fields["trophy"].choices = [("", _("no trophy")), *trophies]


class AwardForm(forms.Form):
    trophy = forms.ChoiceField(label=_("Trophy"))
    team = forms.ModelChoiceField(label=_("Winner"), queryset=None)
    runner_up = forms.ModelChoiceField(label=_("Runner-up"), queryset=None, required=False)
    player_of_the_year = forms.BooleanField(
        label=_("Player of the Year (a trophy that has one: the league's player with the most SPP gains its skill)"),
        required=False,
    )

    def __init__(self, *args, trophies, teams, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["trophy"].choices = trophies
        self.fields["team"].queryset = teams
        self.fields["runner_up"].queryset = teams
