"""The league's roster catalogue page: every team list of its ruleset with each profile as the
league plays it (the ruleset's, or the league's correction), the unknown ones flagged; the
commissioner completes or corrects a profile, or resets it after confirming."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core.models import League
from league.core.permissions import is_commissioner, signed_in
from league.core.roster import roster_profile_set
from league.core.selectors import audit_of, league_ruleset, league_with_rules_or_404, profile_rules
from league.rules import STATS, collation_key, load_ruleset


def _rows(league: League, team_key: str, lang: str) -> list[dict[str, Any]]:
    ruleset, corrected = league_ruleset(league), profile_rules(league)
    rows = []
    for position in ruleset.team(team_key).positions:
        ref = f"position:{team_key}:{position.key}"
        rows.append(_row(ref, position.name(lang), position, ref in corrected))
    for star in ruleset.stars_for_team(team_key, lang):
        ref = f"star:{star.key}"
        rows.append(_row(ref, star.name(lang), star, ref in corrected, star=True))
    return rows


def _row(ref: str, name: str, entry: Any, corrected: bool, star: bool = False) -> dict[str, Any]:
    stats = {stat: getattr(entry, stat) for stat in STATS}
    return {
        "ref": ref,
        "slug": ref.replace(":", "-"),
        "name": name,
        "stats": stats,
        "unknown": None in stats.values(),
        "corrected": corrected,
        "star": star,
    }


def _stats_from(post: Any) -> dict[str, int] | None:
    try:
        return {stat: int(post.get(stat, "")) for stat in STATS}
    except ValueError:
        return None


@require_http_methods(["GET", "POST"])
def roster_catalogue(request: HttpRequest, slug: str) -> HttpResponse:
    league = league_with_rules_or_404(slug)
    lang = get_language() or "en"
    ruleset = load_ruleset(league.ruleset)
    teams = sorted(ruleset.teams.values(), key=lambda t: collation_key(t.name(lang)))
    team_key = request.GET.get("team") or request.POST.get("team") or teams[0].key
    if team_key not in ruleset.teams:
        raise Http404("Unknown team")
    here = reverse("league:roster_catalogue", args=[league.slug]) + f"?team={team_key}"
    commissioner = is_commissioner(request.user, league)
    if request.method == "POST":
        if not commissioner:
            raise PermissionDenied(_("Only a commissioner of the league may change its roster catalogue."))
        ref = request.POST.get("ref", "")
        if request.POST.get("action") == "reset" and not request.POST.get("confirmed"):
            return render(request, "league/roster_reset_confirm.html", {"league": league, "ref": ref, "team": team_key})
        stats = None if request.POST.get("action") == "reset" else _stats_from(request.POST)
        try:
            if stats is None and request.POST.get("action") != "reset":
                raise ValidationError(_("Each characteristic is a whole number."))
            roster_profile_set(league=league, by=signed_in(request.user), ref=ref, stats=stats)
        except ValidationError as refusal:
            messages.error(request, " ".join(refusal.messages))
        else:
            messages.success(request, _("Roster catalogue updated."))
            return redirect(here)
        league = league_with_rules_or_404(slug)
    history = audit_of(league, "league.roster_profile.changed")
    return render(
        request,
        "league/roster_catalogue.html",
        {
            "league": league,
            "ruleset_name": ruleset.name(lang),
            "teams": [{"key": t.key, "label": t.name(lang)} for t in teams],
            "team_key": team_key,
            "rows": _rows(league, team_key, lang),
            "stats": STATS,
            "commissioner": commissioner,
            "history": history,
            "low": ruleset.params.stat_min_value,
            "high": ruleset.params.stat_max_value,
        },
    )
