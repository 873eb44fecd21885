"""What the JSON API shows of teams and players, and the functions that gather it.

Output serializers only describe the shape (and the OpenAPI schema); the figures come from the
rules engine through teams.selectors, exactly as on the team page, so the two cannot disagree.
Input serializers live with their views (teams/api/).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from league.catalogue.api import SkillRefSerializer, skill_refs
from league.ratings.models import RatingEntry
from league.ratings.selectors import rating_of
from league.rules import Ruleset, reroll_purchase_price
from teams.models import Player, Team, TreasuryEntry
from teams.selectors import RosterRow, ledger_kind_name, player_row, roster_rows


def status_field(choices: list[tuple[str, Any]]) -> serializers.CharField:
    """A status key documented as an inline enum: team and player statuses are both called
    "status", and as enum components their names would collide in the OpenAPI document."""
    field = serializers.CharField(help_text=", ".join(value for value, _label in choices))
    # drf-spectacular's own hints accept only callables here; a field instance is documented too.
    schema = extend_schema_field({"type": "string", "enum": [value for value, _label in choices]})
    return schema(field)  # type: ignore[type-var]


class InjurySerializer(serializers.Serializer):
    casualty = serializers.CharField(help_text="Key of the casualty-table result.")
    name = serializers.CharField()
    stat = serializers.CharField(allow_blank=True, help_text="ma, st, ag, av, or empty.")
    applied = serializers.BooleanField(help_text="False when the characteristic limits made it void.")

    class Meta:
        ref_name = "Injury"


class AdvancementSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=["new_skill", "new_skill_double", "ma_increase", "st_increase", "ag_increase", "av_increase"]
    )
    skill = serializers.CharField(allow_blank=True, help_text="Skill key, empty for a characteristic.")

    class Meta:
        ref_name = "Advancement"


class RosterRefSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="Team-list key of the ruleset.")
    name = serializers.CharField()

    class Meta:
        ref_name = "RosterRef"


class PlayerRowSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.CharField(
        help_text="Position key of the team list; an ally's is “<race>:<position>” of the allied race's list."
    )
    position_name = serializers.CharField()
    roster = serializers.CharField(
        help_text="Team-list key the position belongs to: the team's race, or an alliance team's second or third roster."
    )
    ma = serializers.IntegerField()
    st = serializers.IntegerField()
    ag = serializers.IntegerField()
    av = serializers.IntegerField()
    skills = SkillRefSerializer(many=True, help_text="Starting skills, then skills gained.")
    advancements = AdvancementSerializer(
        many=True,
        help_text="Gains in the order taken: how each skill (normal or double roll) or characteristic increase came.",
    )
    spp = serializers.IntegerField()
    value = serializers.IntegerField()
    niggling_injuries = serializers.IntegerField()
    miss_next_game = serializers.BooleanField()
    injuries = InjurySerializer(many=True)
    journeyman = serializers.BooleanField()
    rookie = serializers.BooleanField(
        help_text="A free rookie: characteristics halved, no team re-roll for his actions, 0 in team value."
    )
    champion = serializers.BooleanField(help_text="A star player hired as a permanent roster member (a champion).")
    status = status_field(Player.Status.choices)
    status_display = serializers.CharField()

    class Meta:
        ref_name = "RosterPlayer"


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    league = serializers.SlugField(help_text="Slug of the league.")
    league_name = serializers.CharField()
    ruleset = serializers.CharField()
    coach = serializers.CharField(help_text="Username of the coach.")
    race = serializers.CharField(help_text="Team-list key of the ruleset.")
    race_name = serializers.CharField()
    rosters = RosterRefSerializer(
        many=True,
        help_text="The team's rosters: its race alone, or an alliance team's three (the race first).",
    )
    status = status_field(Team.Status.choices)
    status_display = serializers.CharField()
    team_value = serializers.IntegerField()
    treasury = serializers.IntegerField()
    rerolls = serializers.IntegerField()
    fan_factor = serializers.IntegerField()
    assistant_coaches = serializers.IntegerField()
    cheerleaders = serializers.IntegerField()
    apothecary = serializers.BooleanField()
    college = serializers.CharField(
        allow_null=True, help_text="College of magic (free text); null where the league's ruleset has none."
    )

    class Meta:
        ref_name = "Team"


class TeamDetailSerializer(TeamSerializer):
    reroll_price = serializers.IntegerField(help_text="What the next team re-roll would cost now.")
    rating = serializers.IntegerField(
        help_text="The team's ELO rating in its league, in tenths of a point (15197 is 1519.7; docs/ratings.md)."
    )
    players = PlayerRowSerializer(many=True, help_text="Players on the roster, by number.")

    class Meta:
        ref_name = "TeamDetail"


class PlayerTeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = status_field(Team.Status.choices)
    team_value = serializers.IntegerField()
    treasury = serializers.IntegerField()

    class Meta:
        ref_name = "PlayerTeam"


class PlayerDetailSerializer(PlayerRowSerializer):
    team = PlayerTeamSerializer()

    class Meta:
        ref_name = "PlayerDetail"


class LedgerEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField(help_text="A ledger kind of the team's ruleset (its ledger_kinds.csv).")
    kind_display = serializers.CharField(help_text="The kind as the ruleset names it, in the request's language.")
    account = serializers.CharField(
        help_text="treasury, or bank (rulesets with a bank): the treasury is the sum of its treasury entries."
    )
    amount = serializers.IntegerField(help_text="Signed gold pieces: positive in, negative out.")
    key = serializers.CharField(help_text="Natural key, unique in the team's ledger (e.g. create:budget).")
    memo = serializers.CharField(allow_blank=True, help_text="Standard memos in the request's language.")
    match = serializers.IntegerField(allow_null=True, help_text="Id of the match that posted it, if any.")
    created_by = serializers.CharField(allow_null=True, help_text="Username; null when the system posted it.")
    created_at = serializers.DateTimeField()
    reverses = serializers.IntegerField(allow_null=True, help_text="Id of the entry this one reverses.")
    reversed_by = serializers.IntegerField(allow_null=True, help_text="Id of the entry that reverses this one.")

    class Meta:
        ref_name = "LedgerEntry"


class LedgerEntryDetailSerializer(LedgerEntrySerializer):
    team = PlayerTeamSerializer(help_text="The team after the entry.")

    class Meta:
        ref_name = "LedgerEntryDetail"


def ledger_entry_data(entry: TreasuryEntry, reversals: dict[int, int], ruleset: Ruleset) -> dict[str, Any]:
    """Needs entry.created_by loaded (select_related). Memos are stored in English and shown translated,
    as on the team page (an empty memo must not go through gettext: it would return the catalogue header);
    the kind is named by the team's ruleset."""
    return {
        "id": entry.pk,
        "kind": entry.kind,
        "kind_display": ledger_kind_name(ruleset, entry.kind),
        "account": entry.account,
        "amount": entry.amount,
        "key": entry.key,
        "memo": gettext(entry.memo) if entry.memo else "",
        "match": entry.match_id,
        "created_by": entry.created_by.get_username() if entry.created_by else None,
        "created_at": entry.created_at,
        "reverses": int(entry.key.split(":", 1)[1]) if entry.key.startswith("reverse:") else None,
        "reversed_by": reversals.get(entry.pk),
    }


def team_data(team: Team, ruleset: Ruleset, lang: str) -> dict[str, Any]:
    """Needs team.league and team.coach loaded (select_related) to stay at a fixed query count."""
    return {
        "id": team.pk,
        "name": team.name,
        "league": team.league.slug,
        "league_name": team.league.name,
        "ruleset": ruleset.key,
        "coach": team.coach.get_username(),
        "race": team.race,
        "race_name": ruleset.team(team.race).name(lang) if team.race in ruleset.teams else team.race,
        "rosters": [
            {"key": key, "name": ruleset.team(key).name(lang) if key in ruleset.teams else key}
            for key in (team.race, *team.allies)
        ],
        "status": team.status,
        "status_display": team.get_status_display(),
        "team_value": team.team_value,
        "treasury": team.treasury,
        "rerolls": team.rerolls,
        "fan_factor": team.fan_factor,
        "assistant_coaches": team.assistant_coaches,
        "cheerleaders": team.cheerleaders,
        "apothecary": team.apothecary,
        "college": team.college if ruleset.params.team_college else None,
    }


def team_detail_data(team: Team, ruleset: Ruleset, lang: str) -> dict[str, Any]:
    return {
        **team_data(team, ruleset, lang),
        "reroll_price": reroll_purchase_price(
            ruleset, team.race, at_creation=team.status == Team.Status.DRAFT, allies=team.allies
        ),
        "rating": rating_of(team.league, RatingEntry.Kind.TEAM, team.pk),
        "players": [row_data(row, ruleset, lang) for row in roster_rows(team, ruleset)],
    }


def _injuries(player: Player, ruleset: Ruleset, lang: str) -> list[dict[str, Any]]:
    by_key = {c.key: c for c in ruleset.casualty_table.values()}
    out = []
    for injury in player.injuries.all():
        result = by_key.get(injury.casualty)
        out.append(
            {
                "casualty": injury.casualty,
                "name": result.name(lang) if result else injury.casualty,
                "stat": injury.stat,
                "applied": injury.applied,
            }
        )
    return out


def row_data(row: RosterRow, ruleset: Ruleset, lang: str) -> dict[str, Any]:
    """One roster line; the player's advancements and injuries must be prefetched."""
    player = row.player
    return {
        "id": player.pk,
        "number": player.number,
        "name": player.display_name,
        "position": player.position,  # an ally's is "<race>:<position>"
        "position_name": row.position.name(lang),
        "roster": row.position.team_key,
        "ma": row.ma,
        "st": row.st,
        "ag": row.ag,
        "av": row.av,
        "skills": skill_refs(ruleset, list(row.skills), lang),
        "advancements": [{"kind": kind, "skill": skill} for kind, skill in row.advancements],
        "spp": player.spp,
        "value": row.value,
        "niggling_injuries": player.niggling_injuries,
        "miss_next_game": player.miss_next_game,
        "injuries": _injuries(player, ruleset, lang),
        "journeyman": player.journeyman,
        "rookie": player.rookie,
        "champion": row.position.champion,
        "status": player.status,
        "status_display": player.get_status_display(),
    }


def player_detail_data(player: Player, ruleset: Ruleset, lang: str) -> dict[str, Any]:
    team = player.team
    return {
        **row_data(player_row(player, ruleset), ruleset, lang),
        "team": team_summary_data(team),
    }


def team_summary_data(team: Team) -> dict[str, Any]:
    return {
        "id": team.pk,
        "name": team.name,
        "status": team.status,
        "team_value": team.team_value,
        "treasury": team.treasury,
    }
