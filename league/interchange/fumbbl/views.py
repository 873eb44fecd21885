"""The FUMBBL import page of a league: upload, preview (every refusal listed), confirm.

Only the confirmation writes, through fumbbl_import, which reads and checks the files again: the
preview's hidden copy of them is input like any other.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core.models import League
from league.core.permissions import can_create_team, signed_in
from league.core.selectors import league_or_404, league_ruleset
from league.interchange.fumbbl.forms import FumbblConfirmForm, FumbblUploadForm
from league.interchange.fumbbl.mapping import MappedTeam
from league.interchange.fumbbl.services import FumbblImportRefused, Preview, fumbbl_import, fumbbl_preview, problem_text
from league.rules import Ruleset
from teams.views.detail import stat_gain_label

TEMPLATE = "interchange/fumbbl/import.html"


def _league_or_403(request: HttpRequest, slug: str) -> League:
    league = league_or_404(slug)
    if not can_create_team(request.user, league):
        raise PermissionDenied(_("Join the league before creating a team in it."))
    return league


def _rows(ruleset: Ruleset, mapped: MappedTeam, lang: str) -> list[dict[str, Any]]:
    """The roster as it will be created, in the reader's language (a refused part shows as read)."""
    team_list = ruleset.teams.get(mapped.race)
    casualties = {r.key: r for r in ruleset.casualty_table.values()}
    rows = []
    for p in mapped.players:
        pos = team_list.position(p.position) if team_list and p.position else None
        rows.append(
            {
                "number": p.number,
                "name": p.name,
                "position": pos.name(lang) if pos else p.source.position,
                "base_skills": [ruleset.skills[s].name(lang) for s in pos.skills if s in ruleset.skills] if pos else [],
                "gained": [ruleset.skills[s].name(lang) if s else stat_gain_label(k) for k, s in p.advancements],
                "injuries": [casualties[c].name(lang) if c in casualties else c for c, _stat in p.injuries],
                "miss_next_game": p.miss_next_game,
                "spp": p.spp,
            }
        )
    return rows


def _page(request: HttpRequest, league: League, **context: Any) -> HttpResponse:
    return render(request, TEMPLATE, {"league": league, **context})


def _preview_page(
    request: HttpRequest, league: League, preview: Preview, team_json: str, roster_json: str
) -> HttpResponse:
    ruleset = league_ruleset(league)
    lang = get_language() or "en"
    mapped = preview.mapped
    team_list = ruleset.teams.get(mapped.race)
    return _page(
        request,
        league,
        source=mapped.source,
        race=team_list.name(lang) if team_list else mapped.source.roster_name,
        rows=_rows(ruleset, mapped, lang),
        problems=[problem_text(p) for p in mapped.problems],
        lost=[problem_text(p) for p in mapped.lost],
        confirm=FumbblConfirmForm(initial={"team_json": team_json, "roster_json": roster_json}),
    )


def _refused(request: HttpRequest, league: League, refusal: FumbblImportRefused, form: Any = None) -> HttpResponse:
    return _page(request, league, form=form or FumbblUploadForm(), problems=[problem_text(p) for p in refusal.problems])


@login_required
@require_http_methods(["GET", "POST"])
def fumbbl_import_page(request: HttpRequest, slug: str) -> HttpResponse:
    league = _league_or_403(request, slug)
    if request.method == "GET":
        return _page(request, league, form=FumbblUploadForm())
    if request.POST.get("action") == "confirm":
        return _confirm(request, league)
    form = FumbblUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, league, form=form)
    team_data, roster_data = form.cleaned_data["team_file"], form.cleaned_data["roster_file"]
    try:
        preview = fumbbl_preview(league, team_data, roster_data)
    except FumbblImportRefused as refusal:
        return _refused(request, league, refusal, form)
    # Both decoded without error above, so they are UTF-8 text.
    return _preview_page(
        request,
        league,
        preview,
        team_data.decode("utf-8-sig"),
        roster_data.decode("utf-8-sig") if roster_data else "",
    )


def _confirm(request: HttpRequest, league: League) -> HttpResponse:
    form = FumbblConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The preview was lost: upload the files again."))
        return redirect("league:import_fumbbl", slug=league.slug)
    team_data = form.cleaned_data["team_json"].encode("utf-8")
    roster_data = form.cleaned_data["roster_json"].encode("utf-8") or None
    user = signed_in(request.user)
    try:
        team = fumbbl_import(league=league, coach=user, team_data=team_data, roster_data=roster_data, by=user)
    except FumbblImportRefused as refusal:
        return _refused(request, league, refusal)
    messages.success(request, _("%(team)s was imported from FUMBBL.") % {"team": team.name})
    return redirect(team)
