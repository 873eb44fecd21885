"""Forms of the trophies page: they turn text into the services' arguments and never write."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from league.competitions.seasons.models import Season
from teams.models import Team

# (value, label) pairs, or groups of them (league.competitions.challenges.trophies.selectors.trophy_choices).
Choices = list[Any]


class MinorTournamentForm(forms.Form):
    name = forms.CharField(label=_("Tournament name"), max_length=100)
    prize_winner = forms.IntegerField(label=_("Prize for the winner (gold pieces)"), min_value=0, initial=0)
    prize_runner_up = forms.IntegerField(label=_("Prize for the runner-up (gold pieces)"), min_value=0, initial=0)


# The trophy fields' values (league.competitions.challenges.trophies.selectors.trophy_choices): a ruleset trophy's key, or
# "t<pk>" for a commissioner's minor tournament; the view turns them into Trophy rows.


class SeasonTrophyForm(forms.Form):
    season: forms.ModelChoiceField[Season] = forms.ModelChoiceField(label=_("Season"), queryset=None)
    trophy = forms.ChoiceField(label=_("Its final awards"), required=False)
    player_of_the_year = forms.BooleanField(
        label=_("Player of the Year (a trophy that has one: the league's player with the most SPP gains its skill)"),
        required=False,
    )

    def __init__(self, *args: Any, seasons: QuerySet[Season], trophies: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast("forms.ModelChoiceField[Season]", self.fields["season"]).queryset = seasons
        cast(forms.ChoiceField, self.fields["trophy"]).choices = [("", _("no trophy")), *trophies]


class AwardForm(forms.Form):
    trophy = forms.ChoiceField(label=_("Trophy"))
    team: forms.ModelChoiceField[Team] = forms.ModelChoiceField(label=_("Winner"), queryset=None)
    runner_up: forms.ModelChoiceField[Team] = forms.ModelChoiceField(
        label=_("Runner-up"), queryset=None, required=False
    )
    player_of_the_year = forms.BooleanField(
        label=_("Player of the Year (a trophy that has one: the league's player with the most SPP gains its skill)"),
        required=False,
    )

    def __init__(self, *args: Any, trophies: Choices, teams: QuerySet[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["trophy"]).choices = trophies
        cast("forms.ModelChoiceField[Team]", self.fields["team"]).queryset = teams
        cast("forms.ModelChoiceField[Team]", self.fields["runner_up"]).queryset = teams
