"""What a coach sends to build a team through the API (a creation, a draft edit, a hire): the
input serializers and the order they make. An alliance team (docs/rulesets.md, "Alliance teams")
names its second and third rosters and, for each player, the roster his position belongs to."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.fields import empty

from league.core.selectors import league_ruleset
from league.rules import Ruleset
from teams.models import Team
from teams.selectors import active_players
from teams.services import PlayerOrder, TeamOrder

ROSTERS = ("second_roster", "third_roster")


def unknown_position(position: str) -> str:
    # Same wording as the service's refusal, so one translation serves both.
    return _("“%(position)s” is not a position of this team.") % {"position": position}


class PlayerOrderSerializer(serializers.Serializer):
    position = serializers.CharField(max_length=40, help_text="Position key of the team list.")
    # Blank names and out-of-range numbers are the rules' business: the service words them.
    name = serializers.CharField(max_length=80, allow_blank=True, trim_whitespace=False)
    number = serializers.IntegerField(required=False, allow_null=True, help_text="1 to 99; free one if omitted.")
    roster = serializers.CharField(
        max_length=40,
        default="",
        allow_blank=True,
        help_text="An alliance team's player: the team-list key of the roster his position belongs to, the "
        "team's second_roster or third_roster; empty (or the race) for the team's race.",
    )

    class Meta:
        ref_name = "PlayerOrder"


class TeamOrderSerializer(serializers.Serializer):
    # What a coach chooses when building a team: the body of a draft edit, and of a creation with its league.
    name = serializers.CharField(max_length=80, allow_blank=True, trim_whitespace=False)
    race = serializers.CharField(max_length=40, help_text="Team-list key of the league's ruleset.")
    players = PlayerOrderSerializer(many=True, allow_empty=True)
    rerolls = serializers.IntegerField(default=0)
    fan_factor = serializers.IntegerField(default=0)
    assistant_coaches = serializers.IntegerField(default=0)
    cheerleaders = serializers.IntegerField(default=0)
    apothecary = serializers.BooleanField(default=False)
    college = serializers.CharField(
        max_length=80,
        default="",
        allow_blank=True,
        help_text="College of magic (free text), only where the league's ruleset asks for one.",
    )
    # An alliance team: three pairwise allied rosters, the race first (refused where the league
    # offers none); both empty for a team of one race.
    second_roster = serializers.CharField(
        max_length=40,
        default="",
        allow_blank=True,
        help_text="An alliance team's second roster: a team-list key allied with the race and the third "
        "roster. Give both rosters, or neither.",
    )
    third_roster = serializers.CharField(
        max_length=40,
        default="",
        allow_blank=True,
        help_text="An alliance team's third roster: a team-list key allied with the race and the second roster.",
    )

    class Meta:
        ref_name = "TeamDraftInput"

    def __init__(self, *args: Any, keep_unsent: bool = False, **kwargs: Any) -> None:
        # Not DRF's partial=True, which would also let each player sent lack his position or name.
        super().__init__(*args, **kwargs)
        self.keep_unsent = keep_unsent
        if keep_unsent:
            for field in self.fields.values():
                field.required, field.default = False, empty

    def ruleset_and_race(self, attrs: dict[str, Any]) -> tuple[Ruleset, str]:
        # Editing a draft: its league's ruleset; a PATCH without a race keeps the draft's.
        team: Team = self.context["team"]
        return league_ruleset(team.league), attrs.get("race", team.race)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        # Unknown race or position is malformed input (field errors); every other rule is
        # left to the service so that its messages are the only wording of the rules.
        if self.keep_unsent:
            # A form-encoded body reads an absent checkbox as false and an absent list as empty: only
            # what was really sent counts.
            attrs = {key: value for key, value in attrs.items() if key in self.initial_data}
            if not attrs:
                raise serializers.ValidationError(_("Give at least one field to change."))
        ruleset, race = self.ruleset_and_race(attrs)
        unknown = {
            name: [_("“%(team)s” is not a team of this ruleset.") % {"team": attrs[name]}]
            for name in ROSTERS
            if attrs.get(name) and attrs[name] not in ruleset.teams
        }
        if race not in ruleset.teams:
            unknown["race"] = [_("“%(team)s” is not a team of this ruleset.") % {"team": race}]
        if unknown:
            raise serializers.ValidationError(unknown)
        errors = [position_errors(ruleset, race, p) for p in attrs.get("players", [])]
        if any(errors):
            raise serializers.ValidationError({"players": errors})
        return attrs


def position_errors(ruleset: Ruleset, race: str, player: dict[str, Any]) -> dict[str, list[str]]:
    """A position its roster lacks; a roster the team does not have is the service's to word (the
    page's refusal: "A player belongs to a roster this team does not have")."""
    team_list = ruleset.teams.get(player.get("roster") or race)
    if team_list is None or player["position"] in {p.key for p in team_list.hire_positions}:
        return {}
    return {"position": [unknown_position(player["position"])]}


def order_allies(values: dict[str, Any]) -> tuple[str, ...]:
    """The alliance rosters sent: both, or () when neither is (one alone is kept, and refused by the
    service in the page's words)."""
    found = tuple(str(values.get(name) or "").strip() for name in ROSTERS)
    return found if any(found) else ()


def creation_order(data: dict[str, Any]) -> TeamOrder:
    """The order a creation sends."""
    return TeamOrder(
        name=data["name"],
        race=data["race"],
        players=tuple(PlayerOrder(**p) for p in data["players"]),
        rerolls=data["rerolls"],
        fan_factor=data["fan_factor"],
        assistant_coaches=data["assistant_coaches"],
        cheerleaders=data["cheerleaders"],
        apothecary=data["apothecary"],
        college=data["college"],
        allies=order_allies(data),
    )


def draft_order(team: Team, data: dict[str, Any]) -> TeamOrder:
    """The order to save: what was sent, and for a PATCH what the draft has for the rest."""
    if "players" in data:
        players = tuple(PlayerOrder(**p) for p in data["players"])
    else:
        kept = active_players(team)
        players = tuple(PlayerOrder(p.position, p.name, p.number, p.roster) for p in kept)
    head = {
        key: data.get(key, getattr(team, key))
        for key in (
            "name",
            "race",
            "rerolls",
            "fan_factor",
            "assistant_coaches",
            "cheerleaders",
            "apothecary",
            "college",
        )
    }
    rosters = {name: data.get(name, getattr(team, name)) for name in ROSTERS}
    return TeamOrder(players=players, allies=order_allies(rosters), **head)
