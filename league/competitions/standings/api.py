"""Standings and play-off endpoints of the JSON API (/api/leagues/<slug>/seasons/<number>/standings/
and .../playoffs/): the season's table as its page computes it (the same cached rows, the
tie-breakers in order), the play-off bracket as its page draws it, and the commissioner's bracket:
its qualifiers seen first (preview), then created, with the page's options. The services write and
refuse (league/competitions/standings/playoffs/services.py); a refusal is a 400, code "refused".
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from league.competitions.seasons.api import (
    READ_ERRORS,
    WRITE_ERRORS,
    CompetitionApi,
    SeasonSummarySerializer,
    TeamRefSerializer,
    season_or_404,
    summary_data,
)
from league.competitions.seasons.models import Bracket, Season
from league.competitions.standings import selectors as sel
from league.competitions.standings.cache import season_version
from league.competitions.standings.playoffs.services import (
    BracketChoice,
    approved_teams,
    bracket_create,
    creation_refusal,
    qualifiers,
)
from league.competitions.standings.playoffs.views import bracket_rounds
from league.competitions.standings.table import season_settings, versioned_settings
from league.competitions.standings.views import explained, season_table_rows
from league.core.permissions import is_commissioner, signed_in
from league.scheduling.brackets import MAX_TEAMS, MIN_TEAMS


class TieBreakerSerializer(serializers.Serializer):
    key = serializers.CharField()
    # DRF's metaclass takes declared fields out of the class: `label` does not shadow Field.label
    # at run time, as the stubs assume.
    label = serializers.CharField()  # type: ignore[assignment]
    help = serializers.CharField()

    class Meta:
        ref_name = "StandingsTieBreaker"


class StandingsRowSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="Shared by tied rows (3, 3, 5).")
    position_label = serializers.CharField(help_text='"3=" for a shared place.')
    tied = serializers.BooleanField()
    team = TeamRefSerializer(allow_null=True)
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    conceded = serializers.IntegerField()
    byes = serializers.IntegerField()
    td_for = serializers.IntegerField()
    td_against = serializers.IntegerField()
    td_diff = serializers.IntegerField()
    cas_for = serializers.IntegerField()
    cas_against = serializers.IntegerField()
    cas_diff = serializers.IntegerField()
    points = serializers.IntegerField()
    bonus = serializers.IntegerField(help_text="The bonus points among the points.")
    form = serializers.ListField(child=serializers.CharField(), help_text="W/D/L of the last 5 results, latest last.")
    above_next_on = serializers.CharField(
        allow_null=True, help_text="The tie-breaker that put this row above the next (null if tied or last)."
    )
    above_next_on_label = serializers.CharField()
    waiting_lots = serializers.BooleanField(help_text="Tied until the commissioner draws lots.")
    waiting_order = serializers.BooleanField(help_text="Tied until the commissioner orders the group.")

    class Meta:
        ref_name = "StandingsRow"


class TieGroupSerializer(serializers.Serializer):
    key = serializers.CharField()
    kind = serializers.CharField(help_text="lots or commissioner.")
    teams = serializers.ListField(child=serializers.IntegerField())

    class Meta:
        ref_name = "StandingsTieGroup"


class StandingsSerializer(serializers.Serializer):
    season = SeasonSummarySerializer()
    season_copy = serializers.BooleanField(help_text="The scheme kept when the regular season started.")
    scheme = serializers.DictField(help_text="The points scheme, as the league's settings store it.")
    scheme_lines = serializers.ListField(child=serializers.CharField(), help_text="The scheme in sentences.")
    tie_breakers = TieBreakerSerializer(many=True, help_text="In the order they are applied.")
    rows = StandingsRowSerializer(many=True)
    ties_waiting = TieGroupSerializer(many=True, help_text="Groups the commissioner must still separate.")

    class Meta:
        ref_name = "Standings"


def _row(item: dict[str, Any]) -> dict[str, Any]:
    row, team = item["row"], item["team"]
    return {
        "position": row.position,
        "position_label": row.position_label,
        "tied": row.tied,
        "team": None if team is None else {"id": team["pk"], "name": team["name"]},
        **{
            name: getattr(row, name)
            for name in ("played", "won", "drawn", "lost", "conceded", "byes", "td_for", "td_against", "td_diff")
        },
        **{name: getattr(row, name) for name in ("cas_for", "cas_against", "cas_diff", "points")},
        "bonus": item["bonus"],
        "form": list(row.form),
        "above_next_on": row.above_next_on,
        "above_next_on_label": str(item["above_next_on"]),
        "waiting_lots": item["waiting_lots"],
        "waiting_order": item["waiting_order"],
    }


class StandingsApi(CompetitionApi):
    @extend_schema(operation_id="seasons_standings", responses={200: StandingsSerializer, **READ_ERRORS})
    def get(self, request: Request, slug: str, number: int) -> Response:
        season = season_or_404(slug, number)
        settings = season_settings(season)
        # The page's own rows, from the same cache entry: the table is the page's.
        needed, rows = season_table_rows(season, season_version(season, versioned_settings(season, settings)))
        data = {
            "season": summary_data(season),
            "season_copy": bool(season.standings_settings),
            "scheme": settings["scheme"],
            **explained(settings),
            "rows": [_row(item) for item in rows],
            "ties_waiting": [{"key": r.key, "kind": r.tie_breaker, "teams": list(r.teams)} for r in needed],
        }
        return Response(StandingsSerializer(data).data)


class SlotSerializer(serializers.Serializer):
    label = serializers.CharField(  # type: ignore[assignment]  # a declared field, as above
        help_text="The team's name, or where it will come from (winner of game 1)."
    )
    team = serializers.IntegerField(allow_null=True, help_text="The team's id once known.")
    seed = serializers.IntegerField(allow_null=True)
    bye = serializers.BooleanField()
    score = serializers.IntegerField(allow_null=True)
    won = serializers.BooleanField()

    class Meta:
        ref_name = "BracketSlot"


class GameSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    third_place = serializers.BooleanField()
    bye = serializers.BooleanField()
    match = serializers.IntegerField(allow_null=True, help_text="The match's id once both teams are known.")
    winner = serializers.IntegerField(allow_null=True)
    home = SlotSerializer()
    away = SlotSerializer()

    class Meta:
        ref_name = "BracketGame"


class BracketRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The bracket's round (1: the first).")
    name = serializers.CharField()
    games = GameSerializer(many=True)

    class Meta:
        ref_name = "BracketRound"


class BracketSerializer(serializers.Serializer):
    size = serializers.IntegerField()
    qualification = serializers.CharField(help_text="standings, team_value, win_rate, tv_times_win_rate or manual.")
    seeding = serializers.CharField(help_text="standings (1 v 4, 2 v 3) or draw.")
    third_place = serializers.BooleanField()
    seeds = TeamRefSerializer(many=True, help_text="The qualifiers in seed order (seed 1 first).")
    draw_roll = serializers.IntegerField(allow_null=True, help_text="The server's number a random draw was made with.")
    rounds = BracketRoundSerializer(many=True, help_text="The final first, as the page reads.")

    class Meta:
        ref_name = "Bracket"


class PlayoffsSerializer(serializers.Serializer):
    season = SeasonSummarySerializer()
    bracket = BracketSerializer(allow_null=True, help_text="null until the commissioner creates it.")

    class Meta:
        ref_name = "Playoffs"


def _slot(slot: dict[str, Any]) -> dict[str, Any]:
    return {key: slot[key] for key in ("label", "team", "seed", "bye", "score", "won")}


def playoffs_data(season: Season) -> dict[str, Any]:
    bracket = sel.season_bracket(season)
    if bracket is None:
        return {"season": summary_data(season), "bracket": None}
    names = sel.team_names(bracket.seeds)
    rounds = [
        {
            "number": section["number"],
            "name": section["name"],
            "games": [
                {
                    "number": card["game"].number,
                    "third_place": card["third_place"],
                    "bye": card["bye"],
                    "match": card["game"].match_id,
                    "winner": card["game"].winner_id,
                    "home": _slot(card["home"]),
                    "away": _slot(card["away"]),
                }
                for card in section["games"]
            ],
        }
        for section in bracket_rounds(bracket)
    ]
    return {
        "season": summary_data(season),
        "bracket": {
            "size": bracket.size,
            "qualification": bracket.qualification,
            "seeding": bracket.seeding,
            "third_place": bracket.third_place,
            "seeds": [{"id": team, "name": names.get(team, "")} for team in bracket.seeds],
            "draw_roll": bracket.draw_roll,
            "rounds": rounds,
        },
    }


class BracketInputSerializer(serializers.Serializer):
    size = serializers.IntegerField(min_value=MIN_TEAMS, max_value=MAX_TEAMS, help_text="Number of teams.")
    qualification = serializers.ChoiceField(choices=Bracket.Qualification.choices)
    seeding = serializers.ChoiceField(choices=Bracket.Seeding.choices)
    third_place = serializers.BooleanField(default=False, help_text="A third-place game (the semi-finals' losers).")
    seeds = serializers.ListField(
        child=serializers.IntegerField(),
        default=list,
        help_text="With the manual qualification: the qualifiers' team ids in seed order (seed 1 first).",
    )

    class Meta:
        ref_name = "BracketInput"

    def choice(self) -> BracketChoice:
        data = self.validated_data
        manual = data["qualification"] == Bracket.Qualification.MANUAL
        return BracketChoice(
            size=data["size"],
            qualification=data["qualification"],
            seeding=data["seeding"],
            third_place=data["third_place"],
            manual=tuple(data["seeds"]) if manual else (),
        )


class BracketCreateSerializer(BracketInputSerializer):
    unplayed_ok = serializers.BooleanField(
        default=False,
        help_text="Start the play-offs although league matches are still to play: they can no longer be played "
        "unless reopened (otherwise refused, as the page asks first).",
    )

    class Meta:
        ref_name = "BracketCreateInput"


class QualifiersSerializer(serializers.Serializer):
    seeds = TeamRefSerializer(many=True, help_text="The qualifiers in seed order, before any draw.")

    class Meta:
        ref_name = "BracketQualifiers"


def _commissioner_choice(request: Request, season: Season, serializer_class: type[BracketInputSerializer]) -> Any:
    if not is_commissioner(request.user, season.league):
        raise PermissionDenied(_("Only the league's commissioner may create the play-offs."))
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer


class PlayoffsApi(CompetitionApi):
    @extend_schema(operation_id="seasons_playoffs", responses={200: PlayoffsSerializer, **READ_ERRORS})
    def get(self, request: Request, slug: str, number: int) -> Response:
        return Response(PlayoffsSerializer(playoffs_data(season_or_404(slug, number))).data)

    @extend_schema(
        operation_id="seasons_playoffs_create",
        request=BracketCreateSerializer,
        responses={201: PlayoffsSerializer, **WRITE_ERRORS},
        description="Create the season's bracket (commissioner): qualifiers, seeds (drawn or by the standings), "
        "games and the first matches; the season moves to its play-offs.",
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        season = season_or_404(slug, number)
        serializer = _commissioner_choice(request, season, BracketCreateSerializer)
        bracket_create(
            season=season,
            choice=serializer.choice(),
            by=signed_in(request.user),
            unplayed_ok=serializer.validated_data["unplayed_ok"],
        )
        return Response(
            PlayoffsSerializer(playoffs_data(season_or_404(slug, number))).data, status=status.HTTP_201_CREATED
        )


class PlayoffsPreviewApi(CompetitionApi):
    @extend_schema(
        operation_id="seasons_playoffs_preview",
        request=BracketInputSerializer,
        responses={200: QualifiersSerializer, **WRITE_ERRORS},
        description="The teams this choice qualifies, in seed order, as the page previews them (commissioner); "
        "nothing is written.",
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        season = season_or_404(slug, number)
        serializer = _commissioner_choice(request, season, BracketInputSerializer)
        refusal = creation_refusal(season)
        if refusal:
            raise ValidationError(refusal)
        teams = approved_teams(season)
        seeds = qualifiers(season, serializer.choice(), teams)
        return Response(QualifiersSerializer({"seeds": [{"id": t, "name": teams[t].name} for t in seeds]}).data)
