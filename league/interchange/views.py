"""The OBBLM import pages, for the league's commissioners only: upload a dump (its dry run), read
the report, confirm the import, follow its progress (polled with htmx), resume it after a failure,
read the final report."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from league.core.models import League
from league.core.permissions import is_commissioner, signed_in
from league.core.selectors import league_or_404
from league.interchange.forms import DumpForm, StartForm
from league.interchange.models import ImportRun
from league.interchange.runs import ImportRefused, run_check, run_start
from league.interchange.selectors import final_view, league_runs, report_view, run_of, stage_name


def _league_for_commissioner(request: HttpRequest, slug: str) -> League:
    league = league_or_404(slug)
    if not is_commissioner(request.user, league):
        raise PermissionDenied(_("Only a commissioner of the league may import into it."))
    return league


def _run_url(run: ImportRun) -> str:
    return reverse("league:import_obblm_run", args=[run.league.slug, run.pk])


@require_http_methods(["GET", "POST"])
def obblm_import(request: HttpRequest, slug: str) -> HttpResponse:
    league = _league_for_commissioner(request, slug)
    form = DumpForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        dump = form.cleaned_data["dump"]
        try:
            run = run_check(
                league=league,
                by=signed_in(request.user),
                file_name=dump.name or "dump.sql",
                data=dump.read(),
                version=form.cleaned_data["version"],
                site_url=request.build_absolute_uri("/"),
            )
        except ImportRefused as refused:
            for problem in refused.problems:
                form.add_error("dump", problem)
        else:
            return redirect(_run_url(run))
    status = 400 if request.method == "POST" else 200
    return render(
        request, "interchange/import.html", {"league": league, "form": form, "runs": league_runs(league)}, status=status
    )


def _run_context(league: League, run: ImportRun, start_form: StartForm | None = None) -> dict[str, object]:
    return {
        "league": league,
        "run": run,
        "dry": report_view(run.dry_report, league),
        "final": final_view(run.report) if run.state == ImportRun.State.DONE else None,
        "start_form": start_form or StartForm(),
        "running": run.state in (ImportRun.State.QUEUED, ImportRun.State.RUNNING) and not run.stalled,
        "stage": stage_name(run.stage),
    }


@require_GET
def obblm_run(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    league = _league_for_commissioner(request, slug)
    return render(request, "interchange/run.html", _run_context(league, run_of(league, pk)))


@require_POST
def obblm_start(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Start the checked import (or resume a failed one) once the commissioner confirms it."""
    league = _league_for_commissioner(request, slug)
    run = run_of(league, pk)
    form = StartForm(request.POST)
    if not form.is_valid():
        return render(request, "interchange/run.html", _run_context(league, run, form), status=400)
    try:
        run_start(run=run, by=signed_in(request.user))
    except ImportRefused as refused:
        for problem in refused.problems:
            messages.error(request, problem)
        return redirect(_run_url(run))
    messages.success(request, _("The import has started: this page follows it."))
    return redirect(_run_url(run))


@require_GET
def obblm_progress(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The progress partial; it polls itself every second while the run is queued or running, and
    asks htmx to reload the page when it ends (the report or the resume button then show)."""
    league = _league_for_commissioner(request, slug)
    run = run_of(league, pk)
    response = render(request, "interchange/_progress.html", _run_context(league, run))
    ended = run.state in (ImportRun.State.DONE, ImportRun.State.FAILED) or run.stalled
    if ended and request.GET.get("was") == "running":
        response["HX-Refresh"] = "true"
    return response
