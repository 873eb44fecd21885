"""JSON API of the rules catalogue: the shipped rulesets and their team lists (read-only, public).

The data is the engine's own (league.rules), in the request's language; nothing here touches the
database. House rules belong to a league, so these endpoints show the rulesets as shipped.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.template import engines
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from drf_spectacular.views import SpectacularRedocView
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.rules import Position, Ruleset, StarPlayer, TeamList, collation_key, load_ruleset, ruleset_keys

# Category letters in the rulebook's order rather than a frozenset's arbitrary one.
CATEGORY_ORDER = "GASPME"


def request_language() -> str:
    return get_language() or "en"


def categories(letters: frozenset[str]) -> str:
    return "".join(sorted(letters, key=lambda c: (CATEGORY_ORDER.find(c), c)))


def skill_refs(ruleset: Ruleset, keys: tuple[str, ...] | list[str], lang: str) -> list[dict[str, str]]:
    """Skill keys with their names; a key the ruleset no longer knows is shown as itself, not a 500."""
    refs = []
    for key in keys:
        skill = ruleset.skills.get(key)
        refs.append({"key": key, "name": skill.name(lang) if skill else key})
    return refs


class SkillRefSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField(help_text="In the request's language (Accept-Language).")

    class Meta:
        ref_name = "SkillRef"


class NamesSerializer(serializers.Serializer):
    en = serializers.CharField()
    fr = serializers.CharField()

    class Meta:
        ref_name = "Names"


def names(item: Any) -> dict[str, str]:
    return {"en": item.name("en"), "fr": item.name("fr")}


def ruleset_or_404(key: str) -> Ruleset:
    if key not in ruleset_keys():
        raise NotFound(_("Unknown ruleset “%(ruleset)s”.") % {"ruleset": key})
    return load_ruleset(key)


def team_list_or_404(ruleset: Ruleset, team_key: str) -> TeamList:
    if team_key not in ruleset.teams:
        raise NotFound(_("“%(team)s” is not a team of this ruleset.") % {"team": team_key})
    return ruleset.team(team_key)


class _CatalogueApi(APIView):
    # The catalogue is public and read-only: AllowAny lets a POST end in 405, not in a login prompt.
    permission_classes = [AllowAny]


class RulesetListApi(_CatalogueApi):
    class OutputSerializer(serializers.Serializer):
        key = serializers.CharField()
        version = serializers.CharField()
        name = serializers.CharField()
        names = NamesSerializer()

        class Meta:
            ref_name = "RulesetSummary"

    @extend_schema(operation_id="rulesets_list", responses={200: OutputSerializer(many=True)})
    def get(self, request: Request) -> Response:
        lang = request_language()
        rows = [
            {"key": r.key, "version": r.version, "name": r.name(lang), "names": names(r)}
            for r in (load_ruleset(key) for key in ruleset_keys())
        ]
        return Response(self.OutputSerializer(rows, many=True).data)


class RulesetTeamSummarySerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    reroll_cost = serializers.IntegerField(help_text="Price of one re-roll at creation (doubled afterwards).")
    max_rerolls = serializers.IntegerField()
    apothecary_allowed = serializers.BooleanField()

    class Meta:
        ref_name = "RulesetTeamSummary"


class RulesetDetailApi(_CatalogueApi):
    class OutputSerializer(serializers.Serializer):
        key = serializers.CharField()
        version = serializers.CharField()
        name = serializers.CharField()
        names = NamesSerializer()
        starting_treasury = serializers.IntegerField()
        teams = RulesetTeamSummarySerializer(many=True)

        class Meta:
            ref_name = "RulesetDetail"

    @extend_schema(
        operation_id="rulesets_retrieve",
        responses={200: OutputSerializer, 404: OpenApiResponse(description="Unknown ruleset.")},
    )
    def get(self, request: Request, key: str) -> Response:
        lang = request_language()
        ruleset = ruleset_or_404(key)
        teams = sorted(ruleset.teams.values(), key=lambda t: (collation_key(t.name(lang)), t.key))
        data = {
            "key": ruleset.key,
            "version": ruleset.version,
            "name": ruleset.name(lang),
            "names": names(ruleset),
            "starting_treasury": ruleset.params.starting_treasury,
            "teams": [
                {
                    "key": t.key,
                    "name": t.name(lang),
                    "reroll_cost": t.reroll_cost,
                    "max_rerolls": t.max_rerolls,
                    "apothecary_allowed": t.apothecary_allowed,
                }
                for t in teams
            ],
        }
        return Response(self.OutputSerializer(data).data)


class PositionSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    max = serializers.IntegerField(help_text="Most players of this position a team may have.")
    cost = serializers.IntegerField()
    ma = serializers.IntegerField()
    st = serializers.IntegerField()
    ag = serializers.IntegerField()
    av = serializers.IntegerField()
    skills = SkillRefSerializer(many=True)
    normal_categories = serializers.CharField(help_text="Skill categories on a normal roll, e.g. “GS”.")
    double_categories = serializers.CharField(help_text="Skill categories on a double.")

    class Meta:
        ref_name = "Position"


class StarPlayerSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    cost = serializers.IntegerField()
    ma = serializers.IntegerField()
    st = serializers.IntegerField()
    ag = serializers.IntegerField()
    av = serializers.IntegerField()
    skills = SkillRefSerializer(many=True)

    class Meta:
        ref_name = "StarPlayer"


def position_data(ruleset: Ruleset, pos: Position, lang: str) -> dict[str, Any]:
    return {
        "key": pos.key,
        "name": pos.name(lang),
        "max": pos.max_count,
        "cost": pos.cost,
        "ma": pos.ma,
        "st": pos.st,
        "ag": pos.ag,
        "av": pos.av,
        "skills": skill_refs(ruleset, pos.skills, lang),
        "normal_categories": categories(pos.normal_categories),
        "double_categories": categories(pos.double_categories),
    }


def star_data(ruleset: Ruleset, star: StarPlayer, lang: str) -> dict[str, Any]:
    return {
        "key": star.key,
        "name": star.name(lang),
        "cost": star.cost,
        "ma": star.ma,
        "st": star.st,
        "ag": star.ag,
        "av": star.av,
        "skills": skill_refs(ruleset, star.skills, lang),
    }


class RulesetTeamApi(_CatalogueApi):
    class OutputSerializer(serializers.Serializer):
        ruleset = serializers.CharField()
        key = serializers.CharField()
        name = serializers.CharField()
        names = NamesSerializer()
        reroll_cost = serializers.IntegerField()
        max_rerolls = serializers.IntegerField()
        apothecary_allowed = serializers.BooleanField()
        positions = PositionSerializer(many=True)
        star_players = StarPlayerSerializer(many=True)

        class Meta:
            ref_name = "RulesetTeamDetail"

    @extend_schema(
        operation_id="rulesets_teams_retrieve",
        responses={200: OutputSerializer, 404: OpenApiResponse(description="Unknown ruleset or team.")},
    )
    def get(self, request: Request, key: str, team_key: str) -> Response:
        lang = request_language()
        ruleset = ruleset_or_404(key)
        team = team_list_or_404(ruleset, team_key)
        data = {
            "ruleset": ruleset.key,
            "key": team.key,
            "name": team.name(lang),
            "names": names(team),
            "reroll_cost": team.reroll_cost,
            "max_rerolls": team.max_rerolls,
            "apothecary_allowed": team.apothecary_allowed,
            "positions": [position_data(ruleset, pos, lang) for pos in team.positions],
            "star_players": [star_data(ruleset, s, lang) for s in ruleset.stars_for_team(team.key, lang)],
        }
        return Response(self.OutputSerializer(data).data)


# drf-spectacular's Redoc page loads its fonts from Google even with the sidecar bundle; the page
# is redone without them (Redoc falls back to system fonts) so the docs stay fully offline, with the
# visitor's language on <html> (WCAG 3.1.1).
_REDOC_OFFLINE = """{% load i18n %}{% get_current_language as LANGUAGE_CODE %}<!DOCTYPE html>
<html lang="{{ LANGUAGE_CODE }}">
  <head>
    <title>{{ title|default:"Redoc" }}</title>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <style>body { margin: 0; padding: 0; }
      /* A code sample wraps instead of scrolling sideways. */
      pre { white-space: pre-wrap !important; overflow-wrap: anywhere !important; }</style>
  </head>
  <body>
    <script>
      /* Redoc's code samples are boxes that may scroll: each takes the keyboard's focus (WCAG 2.1.1). */
      new MutationObserver(function () {
        document.querySelectorAll("pre:not([tabindex])").forEach(function (pre) { pre.tabIndex = 0; });
      }).observe(document.documentElement, {childList: true, subtree: true});
    </script>
    {% if settings %}
    <div id="redoc-container"></div>
    <script src="{{ redoc_standalone }}"></script>
    <script>
      const redocSettings = {{ settings|safe }};
      Redoc.init("{{ schema_url }}", redocSettings, document.getElementById('redoc-container'))
    </script>
    {% else %}
    <redoc spec-url="{{ schema_url }}"></redoc>
    <script src="{{ redoc_standalone }}"></script>
    {% endif %}
  </body>
</html>"""


class OfflineRedocView(SpectacularRedocView):
    @extend_schema(exclude=True)
    def get(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse:
        context = super().get(request, *args, **kwargs).data  # type: ignore[no-untyped-call]  # drf-spectacular's get is unannotated
        return HttpResponse(engines["django"].from_string(_REDOC_OFFLINE).render(context, request))
