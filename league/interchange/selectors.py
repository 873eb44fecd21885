"""Reads of the import runs, and their reports worded in the active language (page and command)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from league.core.models import League
from league.core.selectors import league_ruleset
from league.interchange.models import ImportRun
from league.interchange.obblm.plan import blocking, left_out, refusals, row_label, worded
from matches.models import Match

STAGE_NAMES = {
    "coaches": gettext_lazy("coaches"),
    "teams": gettext_lazy("teams and players"),
    "seasons": gettext_lazy("seasons"),
    "matches": gettext_lazy("matches"),
    "derived": gettext_lazy("team values and statuses"),
}


def league_runs(league: League, limit: int = 10) -> list[ImportRun]:
    return list(ImportRun.objects.filter(league=league).defer("data")[:limit])


def run_of(league: League, pk: int) -> ImportRun:
    return get_object_or_404(ImportRun.objects.defer("data"), league=league, pk=pk)


def unfinished_run(league: League) -> ImportRun | None:
    """The league's import still under way or stopped (its teams are not all shown as ready yet)."""
    live = (ImportRun.State.QUEUED, ImportRun.State.RUNNING, ImportRun.State.FAILED)
    return ImportRun.objects.filter(league=league, state__in=live).defer("data").first()


def stage_name(stage: str) -> str:
    return str(STAGE_NAMES.get(stage, stage))


def report_view(report: dict[str, Any], league: League | None = None) -> dict[str, Any]:
    """A dry-run report with its reasons, races and play-off rounds worded, for the page."""
    lang = get_language() or "en"
    teams = league_ruleset(league).teams if league is not None else {}
    stages = dict(Match.Stage.choices)
    return {
        **report,
        "teams": [
            {**t, "race_name": teams[t["race"]].name(lang) if t["race"] in teams else t["race"]}
            for t in report.get("teams", [])
        ],
        "matches": [{**m, "stage_name": str(stages.get(m["stage"], m["stage"]))} for m in report.get("matches", [])],
        "refusals": worded(refusals(report)),
        "unmapped_text": worded(blocking(report)),
        "left_out_text": worded(left_out(report)),
        "repairs": [{**r, "row": row_label(r["key"])} for r in report.get("repairs", [])],
        "problems_text": worded(report.get("problems", [])),
    }


FIGURES = {
    "tv": gettext_lazy("team value"),
    "value": gettext_lazy("player value"),
    "spp": gettext_lazy("SPP"),
    "ff": gettext_lazy("fan factor"),
    "status": gettext_lazy("status"),
}


def final_view(report: dict[str, Any]) -> dict[str, Any]:
    """A final report's differences with their figure named and explained in words, for the page."""
    explain = report.get("explain", {})
    values = []
    for v in report.get("values", []):
        what = v.get("what", "")
        reason = v.get("reason") or explain.get(what, "")
        named = what in FIGURES
        values.append(
            {
                **v,
                "row": f"{row_label(v['key'])} ({v['name']})" if v.get("name") else row_label(v["key"]),
                "figure": str(FIGURES[what]) if named else what,
                "named": named,
                "why": _(reason) if reason else "",
            }
        )
    return {**report, "values": values}


def report_lines(report: dict[str, Any], *, final: bool) -> list[str]:
    """A report as lines of text (the command prints them)."""
    counts = report.get("counts", {})
    lines = [
        _("Coaches: %(coaches)s, teams: %(teams)s, players: %(players)s, seasons: %(seasons)s, matches: %(matches)s.")
        % {k: counts.get(k, 0) for k in ("coaches", "teams", "players", "seasons", "matches")}
    ]
    if final:
        view = final_view(report)
        for v in view["values"]:
            lines.append(
                f"{v['row']}, {v['figure']}: OBBLM {v['dump']}, " + _("here %(n)s.") % {"n": v["ours"]} + f" {v['why']}"
            )
        return lines
    if report.get("version"):
        detected = _("detected") if report.get("version_detected") else _("as named")
        lines.append(_("Version: %(version)s (%(how)s).") % {"version": report["version"], "how": detected})
    for team in report.get("teams", []):
        lines.append(
            f"  {team['name']} ({team['race']}), {team['coach']}: "
            + ngettext("%(n)s player", "%(n)s players", team["players"]) % {"n": team["players"]}
        )
    for season in report.get("seasons", []):
        lines.append(
            f"  {season['name']}: "
            + ngettext("%(n)s match", "%(n)s matches", season["matches"]) % {"n": season["matches"]}
        )
    for repair in report.get("repairs", []):
        lines.append(
            _("Repaired %(key)s %(column)s: “%(before)s” → “%(after)s”") % {**repair, "key": row_label(repair["key"])}
        )
    lines += [_("Left out:") + f" {text}" for text in worded(left_out(report))]
    refused = worded(refusals(report))
    lines += [_("Cannot be brought over:") + f" {text}" for text in refused]
    return lines
