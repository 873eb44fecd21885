"""The standings: a season's table (and its drawing of lots) and the league's points scheme and
tie-breakers, set by its commissioner."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.competitions.derived import read as derived
from league.competitions.seasons.models import Season
from league.competitions.standings import selectors as sel
from league.competitions.standings.cache import cached, season_version
from league.competitions.standings.forms import StandingsSettingsForm, describe_scheme, tie_breaker_label
from league.competitions.standings.services import lots_draw, standings_order_set, standings_update
from league.competitions.standings.table import season_settings, standings_settings, versioned_settings
from league.core.permissions import is_commissioner, signed_in
from league.core.selectors import league_or_404, league_ruleset
from league.infra.inputs import posted_id
from league.infra.page_shared import share_among_readers
from league.rules import load_ruleset
from league.rules.postmatch.results import draws_possible
from league.rules.standings import LotsRequest, Standings
from teams.models import Team


def explained(settings: dict[str, Any]) -> dict[str, Any]:
    """The scheme in sentences and the tie-breakers in order, for the page under a table."""
    from league.competitions.standings.forms import TIE_BREAKER_HELP

    return {
        "scheme_lines": describe_scheme(settings["scheme"]),
        "tie_breakers": [
            {"key": key, "label": tie_breaker_label(key), "help": TIE_BREAKER_HELP.get(key, "")}
            for key in settings["tie_breakers"]
        ],
    }


def _team(team: Team | None) -> dict[str, Any] | None:
    # What the rows show of a team: small to keep in the cache (a model instance is not).
    if team is None:
        return None
    return {"pk": team.pk, "name": team.name, "get_absolute_url": team.get_absolute_url()}


def table_rows(table: Standings, teams: Mapping[int | str, Team]) -> list[dict[str, Any]]:
    """The table's rows with their teams and why a row sits where it does."""
    waiting = {team for request in table.lots_needed if request.tie_breaker == "lots" for team in request.teams}
    ordering = {
        team for request in table.lots_needed if request.tie_breaker == "commissioner" for team in request.teams
    }
    rows = []
    for row in table.rows:
        rows.append(
            {
                "row": row,
                "team": _team(teams.get(row.team)),
                "bonus": row.points - row.points_without_bonus,
                "above_next_on": tie_breaker_label(row.above_next_on) if row.above_next_on else "",
                "waiting_lots": row.team in waiting,
                "waiting_order": row.team in ordering,
            }
        )
    return rows


def season_table_rows(
    season: Season, version: str | None = None
) -> tuple[tuple[LotsRequest, ...], list[dict[str, Any]]]:
    """The lots the season's table waits for and its rows with teams, in a fixed number of
    queries; computed once per `version` (league.competitions.standings.cache) and language (the rows carry
    translated labels). Not the whole Standings: its ledger would make every cache read slow."""

    def compute() -> tuple[tuple[LotsRequest, ...], list[dict[str, Any]]]:
        # The table kept at write time when it is kept for this version (league.competitions.derived).
        table = derived.table(season, version)
        teams = sel.teams_by_id(row.team for row in table.rows)
        return table.lots_needed, table_rows(table, teams)

    return cached(f"table:{get_language()}", version, compute)


def _posted_order(request: HttpRequest) -> list[int]:
    """The teams of the group named by the posted key ("commissioner:<id>,<id>..."), in the places
    the commissioner gave them (place_<team id>: 1 is first); refused unless every place from 1
    to the group's size is given once."""
    teams = [posted_id(part) for part in str(request.POST["order"]).partition(":")[2].split(",")]
    places = {team: posted_id(request.POST.get(f"place_{team}")) for team in teams if team is not None}
    if None in teams or sorted(p or 0 for p in places.values()) != list(range(1, len(teams) + 1)):
        raise ValidationError(_("Give each tied team one place: every place from first to last, once each."))
    return sorted(places, key=lambda team: places[team] or 0)


@require_http_methods(["GET", "POST"])
def season_standings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    season = sel.season_or_404(slug, number)
    league = season.league
    commissioner = is_commissioner(request.user, league)
    error = ""
    if request.method == "POST" and "order" in request.POST:
        if not commissioner:
            raise PermissionDenied(_("Only the league's commissioner may order tied teams."))
        try:
            standings_order_set(
                season=season, key=str(request.POST["order"]), order=_posted_order(request), by=signed_in(request.user)
            )
        except ValidationError as refusal:
            error = " ".join(refusal.messages)
        else:
            messages.success(request, _("The tied teams are ordered."))
            return redirect("league:season_standings", slug=league.slug, number=season.number)
    elif request.method == "POST":
        if not commissioner:
            raise PermissionDenied(_("Only the league's commissioner may draw lots."))
        try:
            drawn = lots_draw(season=season, key=str(request.POST.get("lots", "")), by=signed_in(request.user))
        except ValidationError as refusal:
            error = " ".join(refusal.messages)
        else:
            names = sel.team_names(drawn)
            messages.success(
                request,
                _("Lots drawn: %(dice)s.")
                % {"dice": ", ".join(f"{names[t]} {'-'.join(map(str, d))}" for t, d in drawn.items())},
            )
            return redirect("league:season_standings", slug=league.slug, number=season.number)
    settings = season_settings(season)
    version = season_version(season, versioned_settings(season, settings))
    needed, rows = season_table_rows(season, version)
    by_id = {item["row"].team: item["team"] for item in rows}
    groups = [
        {"key": request_.key, "teams": [by_id.get(team) for team in request_.teams], "kind": request_.tie_breaker}
        for request_ in needed
    ]
    lots_needed = [group for group in groups if group["kind"] == "lots"]
    orders_needed = [
        {**group, "places": range(1, len(group["teams"]) + 1)} for group in groups if group["kind"] == "commissioner"
    ]
    lots = sel.season_lots(season)
    share_among_readers(request)  # the same to every reader of his standing: the commissioner's forms aside
    return render(
        request,
        "league/standings.html",
        {
            "league": league,
            "season": season,
            "rows": rows,
            "table_version": version,
            "lots_needed": lots_needed,
            "orders_needed": orders_needed,
            "lots": lots,
            "is_commissioner": commissioner,
            "season_copy": bool(season.standings_settings),
            "error": error,
            "draws": draws_possible(league_ruleset(league)),  # no draw column for a ruleset without draws
            **explained(settings),
        },
        status=400 if error else 200,
    )


@require_http_methods(["GET", "POST"])
def standings_settings_page(request: HttpRequest, slug: str) -> HttpResponse:
    league = league_or_404(slug)
    if not is_commissioner(request.user, league):
        raise PermissionDenied(_("Only the league's commissioner may change its settings."))
    ruleset = load_ruleset(league.ruleset)
    current = standings_settings(league)
    form = StandingsSettingsForm(
        request.POST if request.method == "POST" else None,
        ruleset=ruleset,
        initial=StandingsSettingsForm.initial_from(current, ruleset),
    )
    if request.method == "POST":
        if form.is_valid():
            try:
                changes = standings_update(
                    league=league, by=signed_in(request.user), scheme=form.scheme(), tie_breakers=form.tie_breakers()
                )
            except ValidationError as refusal:
                for message in refusal.messages:
                    form.add_error(None, message)
            else:
                if changes:
                    messages.success(request, _("Standings settings saved."))
                else:
                    messages.info(request, _("Nothing changed."))
                return redirect("league:standings_settings", slug=league.slug)
    history = [
        {
            "entry": entry,
            "what": _("Points scheme") if entry.data.get("setting") == "standings_scheme" else _("Tie-breakers"),
            "old": _shown(entry.data.get("setting"), entry.data.get("old")),
            "new": _shown(entry.data.get("setting"), entry.data.get("new")),
        }
        for entry in sel.standings_changes(league)
    ]
    return render(
        request,
        "league/standings_settings.html",
        {"league": league, "form": form, "history": history, **explained(current)},
        status=400 if form.is_bound and form.errors else 200,
    )


def _shown(setting: object, value: object) -> str:
    if setting == "standings_scheme" and isinstance(value, dict):
        return " ".join(describe_scheme(value))
    if isinstance(value, list):
        return ", ".join(tie_breaker_label(str(key)) for key in value)
    return str(value)
