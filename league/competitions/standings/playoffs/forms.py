"""The play-off bracket's creation form (layout and parsing only: league.competitions.standings.playoffs.services writes)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.competitions.seasons.models import Bracket
from league.competitions.standings.playoffs.services import BracketChoice
from league.scheduling.brackets import MAX_TEAMS, MIN_TEAMS
from teams.models import Team


class BracketForm(forms.Form):
    size = forms.IntegerField(
        label=gettext_lazy("Number of teams"),
        min_value=MIN_TEAMS,
        max_value=MAX_TEAMS,
        initial=4,
        widget=forms.NumberInput(attrs={"class": "form-control", "inputmode": "numeric"}),
    )
    qualification = forms.ChoiceField(
        label=gettext_lazy("Qualifiers"),
        choices=Bracket.Qualification.choices,
        initial=Bracket.Qualification.STANDINGS,
        widget=forms.Select(attrs={"class": "form-select"}),
    )
    seeding = forms.ChoiceField(
        label=gettext_lazy("Pairings"),
        choices=Bracket.Seeding.choices,
        initial=Bracket.Seeding.DRAW,
        widget=forms.Select(attrs={"class": "form-select"}),
    )
    third_place = forms.BooleanField(
        label=gettext_lazy("Third-place game (the semi-finals' losers)"),
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )

    def __init__(self, *args: Any, teams: list[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.teams = teams
        # A play-off phase chosen by the commissioner: each team's seed, blank when it does not qualify.
        for team in teams:
            self.fields[f"seed_{team.pk}"] = forms.IntegerField(
                label=team.name,
                required=False,
                min_value=1,
                max_value=MAX_TEAMS,
                widget=forms.NumberInput(attrs={"class": "form-control form-control-sm", "inputmode": "numeric"}),
            )

    def main_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in ("size", "qualification", "seeding", "third_place")]

    def seed_fields(self) -> list[forms.BoundField]:
        return [self[f"seed_{team.pk}"] for team in self.teams]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data  # Form.clean returns cleaned_data itself
        if data.get("qualification") == Bracket.Qualification.MANUAL:
            seeds = {t.pk: data[f"seed_{t.pk}"] for t in self.teams if data.get(f"seed_{t.pk}") is not None}
            if len(set(seeds.values())) != len(seeds):
                self.add_error(None, _("Two teams have the same seed."))
            self.manual = tuple(sorted(seeds, key=lambda t: seeds[t]))
        else:
            self.manual = ()
        return data

    def choice(self) -> BracketChoice:
        data = self.cleaned_data
        return BracketChoice(
            size=data["size"],
            qualification=data["qualification"],
            seeding=data["seeding"],
            third_place=bool(data.get("third_place")),
            manual=self.manual,
        )
