"""Season pages: the list of a league's seasons, a new season, a season's page (status,
teams, rounds and fixtures) and its fixtures page (round robin, manual fixture, Swiss round, round
dates). Services write (league/competitions/seasons/services.py, league/competitions/seasons/fixtures.py); a refusal shows
its reasons with status 400 and changes nothing; a permission failure is a 403.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from league.competitions.seasons import fixtures as services_fixtures
from league.competitions.seasons import rounds as services_rounds
from league.competitions.seasons import selectors as sel
from league.competitions.seasons import services as services_seasons
from league.competitions.seasons.forms import (
    GenerateForm,
    ManualFixtureForm,
    RoundDatesBulkForm,
    RoundDatesForm,
    SeasonCreateForm,
)
from league.competitions.seasons.models import Round, Season, SeasonTeam
from league.competitions.seasons.selectors import (
    league_seasons,
    season_approved,
    season_entries,
    season_round_page,
    season_unrounded_matches,
    unplayed_league_matches,
)
from league.core.models import League
from league.core.permissions import is_commissioner, signed_in
from league.core.selectors import league_or_404
from league.infra.page_shared import share_among_readers
from teams.models import Team

Status = Season.Status
SEASON_TEAMS_LISTED = 24  # as the league home: beyond, the standings list every team
# Steps that cannot be undone ask for a confirmation first.
CONFIRMED_STEPS = {Status.REGULAR, Status.PLAYOFFS, Status.CLOSED}
STEP_LABELS: dict[str, str | Promise] = {
    Status.REGISTRATION: gettext_lazy("Open the registration"),
    Status.REGULAR: gettext_lazy("Start the regular season"),
    Status.PLAYOFFS: gettext_lazy("Start the play-offs"),
    Status.CLOSED: gettext_lazy("Close the season"),
}
STEP_WARNINGS: dict[str, str | Promise] = {
    Status.REGULAR: gettext_lazy(
        "The points scheme and tie-breakers in force today are kept for this season, and requests "
        "still waiting are refused. Teams can no longer enter or withdraw."
    ),
    Status.PLAYOFFS: gettext_lazy("The regular season ends: its table is final."),
    Status.CLOSED: gettext_lazy("The season ends for good. Without play-offs, the sole leader of the table wins it."),
}


_league = league_or_404
_season = sel.season_or_404


def _refused(request: HttpRequest, refusal: ValidationError) -> None:
    for message in refusal.messages:
        messages.error(request, message)


def season_list(request: HttpRequest, slug: str) -> HttpResponse:
    league = _league(slug)
    return render(
        request,
        "league/seasons.html",
        {
            "league": league,
            "seasons": league_seasons(league),
            "is_commissioner": is_commissioner(request.user, league),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    league = _league(slug)
    if not is_commissioner(request.user, league):
        raise PermissionDenied(_("Only a commissioner of the league may run its seasons."))
    form = SeasonCreateForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                season = services_seasons.season_create(league=league, by=signed_in(request.user), **form.cleaned_data)
            except ValidationError as refusal:
                form.add_error(None, refusal)
            else:
                messages.success(request, _("Season %(name)s created.") % {"name": season.name})
                return redirect(season)
        status = 400
    return render(request, "league/season_new.html", {"league": league, "form": form}, status=status)


def _teams(request: HttpRequest, league: League) -> list[Team]:
    """The teams ticked (one or several `team` values); an unknown one is a 404."""
    ids = {_int(value) for value in request.POST.getlist("team")}
    teams = sel.league_teams(league, ids)
    if len(teams) != len(ids):
        raise Http404(_("No such team in this league."))
    return teams


def _entries(request: HttpRequest, season: Season) -> list[SeasonTeam]:
    """The requests ticked (one or several `entry` values); an unknown one is a 404."""
    ids = {_int(value) for value in request.POST.getlist("entry")}
    entries = sel.season_entries_by_id(season, ids)
    if len(entries) != len(ids):
        raise Http404(_("No such request in this season."))
    for entry in entries:
        entry.season = season
    return entries


def _entry(request: HttpRequest, season: Season) -> SeasonTeam:
    return sel.season_entry_or_404(season, _int(request.POST.get("entry")))


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _season_action(request: HttpRequest, season: Season) -> str | HttpResponse:
    """Run the posted action; returns the success message, or a confirmation page."""
    action, by = request.POST.get("action", ""), signed_in(request.user)
    if action == "advance":
        to = request.POST.get("to", "")
        if to in CONFIRMED_STEPS and not request.POST.get("confirmed"):
            if not is_commissioner(by, season.league):
                raise PermissionDenied(_("Only a commissioner of the league may run its seasons."))
            return render(
                request,
                "league/season_confirm.html",
                {
                    "league": season.league,
                    "season": season,
                    "to": to,
                    "label": STEP_LABELS.get(to, to),
                    "warning": STEP_WARNINGS.get(to, ""),
                    # Starting the play-offs closes the league matches still to play: listed first.
                    "unplayed": unplayed_league_matches(season) if to == Status.PLAYOFFS else [],
                },
            )
        services_seasons.season_advance(season=season, to=to, by=by)
        return _("The season is now “%(status)s”.") % {"status": dict(Status.choices).get(to, to)}
    if action == "request":
        services_seasons.entries_request(season=season, teams=_teams(request, season.league), by=by)
        return _("Your request was sent: the commissioner will answer it.")
    if action == "add":
        done = services_seasons.entries_add(season=season, teams=_teams(request, season.league), by=by)
        return ngettext("%(count)d team entered.", "%(count)d teams entered.", len(done)) % {"count": len(done)}
    if action in ("approve", "refuse"):
        done = services_seasons.entries_decide(
            season=season, entries=_entries(request, season), by=by, approve=action == "approve"
        )
        if action == "approve":
            return ngettext("%(count)d team approved.", "%(count)d teams approved.", len(done)) % {"count": len(done)}
        return ngettext("%(count)d team refused.", "%(count)d teams refused.", len(done)) % {"count": len(done)}
    if action == "withdraw":
        services_seasons.entry_withdraw(entry=_entry(request, season), by=by)
        return _("Team withdrawn.")
    raise ValidationError(_("Unknown action."))


@require_http_methods(["GET", "POST"])
def season_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    league = _league(slug)
    season = _season(league, number)
    status = 200
    if request.method == "POST":
        if not request.user.is_authenticated:
            raise PermissionDenied(_("Log in first."))
        try:
            done = _season_action(request, season)
        except ValidationError as refusal:
            _refused(request, refusal)
            status = 400
        else:
            if isinstance(done, HttpResponse):
                return done
            messages.success(request, done)
            return redirect(season)
    commissioner = is_commissioner(request.user, league)
    open_entries = season.status in (Status.DRAFT, Status.REGISTRATION)
    ready = []
    if open_entries:
        entries = season_entries(season)
        approved = [e for e in entries if e.status == SeasonTeam.Status.APPROVED]
        pending = [e for e in entries if e.status == SeasonTeam.Status.PENDING]
        approved_total = len(approved)
        if request.user.is_authenticated:
            entered = {e.team_id for e in approved + pending}
            teams = sel.ready_teams(league, coach_id=None if commissioner else request.user.pk)
            ready = [t for t in teams if t.pk not in entered]
    else:
        # Once entries are closed the list has no button (and no request waits: starting the
        # season refused them): a big season lists its first teams and sends to the standings for
        # the others, so that the page's size and time do not grow with the league.
        approved, approved_total = season_approved(season, SEASON_TEAMS_LISTED)
        pending = []
    arranged = season_unrounded_matches(season)
    round_page = season_round_page(season, request.GET.get("round"))
    if not open_entries:
        share_among_readers(request)  # the entries, each coach's own buttons, are closed
    return render(
        request,
        "league/season.html",
        {
            "league": league,
            "season": season,
            "is_commissioner": commissioner,
            "steps": [(to, STEP_LABELS[to]) for to in services_seasons.TRANSITIONS[season.status]],
            "approved": approved,
            "approved_more": approved_total - len(approved),
            "pending": pending,
            "open_entries": open_entries,
            "may_enter": ready,
            "rounds": round_page.shown,
            "round_page": round_page,
            "arranged": arranged,
            "arranged_view": {"matches": arranged, "byes": []},
            "played_statuses": services_fixtures.PLAYED,
            "user_id": request.user.pk,
            # Challenges still waiting, with their deadlines: one query.
            "open_challenges": sel.open_challenges(season),
        },
        status=status,
    )


class EarlyConfirmation(Exception):
    """Generating fixtures while registration is open asks the commissioner to confirm first."""


def _early(request: HttpRequest, season: Season) -> bool:
    """Whether the commissioner confirmed generating before registration closes; asks otherwise."""
    if season.status != Status.REGISTRATION:
        return False
    if request.POST.get("confirmed"):
        return True
    raise EarlyConfirmation


def _fixtures_action(request: HttpRequest, season: Season, forms: dict[str, Any]) -> str:
    action, by = request.POST.get("action", ""), signed_in(request.user)
    form: Form
    if action == "generate":
        form = forms["generate"] = GenerateForm(request.POST)
        if not form.is_valid():
            raise ValidationError(_("Check the round robin's options."))
        services_fixtures.fixtures_generate(season=season, by=by, early=_early(request, season), **form.cleaned_data)
        return _("Fixtures generated.")
    if action == "manual":
        form = forms["manual"] = ManualFixtureForm(request.POST, teams=forms["teams"])
        if not form.is_valid():
            raise ValidationError(_("Choose a round and two teams of the season."))
        services_fixtures.fixture_add(season=season, by=by, **form.cleaned_data)
        return _("Fixture added.")
    if action == "swiss":
        rnd = services_fixtures.swiss_round(season=season, by=by, early=_early(request, season))
        return _("Round %(number)d paired.") % {"number": rnd.number}
    if action == "dates":
        form = RoundDatesForm(request.POST)
        if not form.is_valid():
            raise ValidationError(_("Enter valid dates."))
        rnd = sel.round_or_404(season, form.cleaned_data["round_number"])
        rnd.season = season
        services_rounds.round_dates_set(
            rnd=rnd, starts_on=form.cleaned_data["starts_on"], deadline=form.cleaned_data["deadline"], by=by
        )
        return _("Round %(number)d dates saved.") % {"number": rnd.number}
    if action == "dates_bulk":
        form = forms["dates_bulk"] = RoundDatesBulkForm(request.POST, auto_id="bulk_%s")
        if not form.is_valid():
            raise ValidationError(_("Enter valid dates."))
        dated = services_rounds.round_dates_bulk(season=season, by=by, **form.cleaned_data)
        return ngettext("%(count)d round dated.", "%(count)d rounds dated.", len(dated)) % {"count": len(dated)}
    raise ValidationError(_("Unknown action."))


@login_required
@require_http_methods(["GET", "POST"])
def season_fixtures(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    league = _league(slug)
    season = _season(league, number)
    if not is_commissioner(request.user, league):
        raise PermissionDenied(_("Only a commissioner of the league may run its seasons."))
    teams = sel.approved_teams(season)
    forms: dict[str, Any] = {"teams": teams}
    status = 200
    if request.method == "POST":
        try:
            done = _fixtures_action(request, season, forms)
        except EarlyConfirmation:
            return render(
                request,
                "league/season_fixtures_confirm.html",
                {"league": league, "season": season, "posted": _reposted(request)},
            )
        except ValidationError as refusal:
            _refused(request, refusal)
            status = 400
        else:
            messages.success(request, done)
            target = reverse("league:season_fixtures", args=[league.slug, season.number])
            # Back on the round whose dates were saved: a long season shows one round at a time.
            asked = request.POST.get("round_number", "")
            return redirect(target + (f"?round={asked}" if asked.isdigit() else ""))
    # Rounds without a fixture yet are shown here, where their dates are set.
    round_page = season_round_page(season, request.GET.get("round"), with_empty=True)
    rounds = round_page.shown
    for view in rounds:
        view.form = RoundDatesForm(
            initial={
                "round_number": view.round.number,
                "starts_on": view.round.starts_on,
                "deadline": view.round.deadline,
            },
            auto_id=f"r{view.round.number}_%s",
        )
    if request.method == "GET":
        share_among_readers(request)  # the same to every commissioner of the league
    return render(
        request,
        "league/season_fixtures.html",
        {
            "league": league,
            "season": season,
            "generate_form": forms.get("generate") or GenerateForm(),
            "manual_form": forms.get("manual") or ManualFixtureForm(teams=teams),
            "bulk_form": forms.get("dates_bulk") or _bulk_form(round_page.rounds),
            "first_day": services_rounds.FIRST_DAY,
            "last_day": services_rounds.LAST_DAY,
            "rounds": rounds,
            "round_page": round_page,
            "played_statuses": services_fixtures.PLAYED,
        },
        status=status,
    )


def _reposted(request: HttpRequest) -> list[tuple[str, str]]:
    """The fields of a post to send again once confirmed (the token is the page's own)."""
    return [(key, value) for key, values in request.POST.lists() if key != "csrfmiddlewaretoken" for value in values]


def _bulk_form(rounds: Sequence[Round]) -> RoundDatesBulkForm:
    """Offered from the first round without a first day to the last round (every round of the
    season, not only the one a long season's page shows)."""
    numbers = [r.number for r in rounds]
    undated = [r.number for r in rounds if r.starts_on is None]
    initial = {"first_round": (undated or numbers or [1])[0], "last_round": (numbers or [1])[-1]}
    return RoundDatesBulkForm(initial=initial, auto_id="bulk_%s")


@login_required
@require_POST
def season_reopen(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The commissioner reopens a league match the play-offs closed; back to the match's page."""
    league = _league(slug)
    season = _season(league, number)
    if not is_commissioner(request.user, league):
        raise PermissionDenied(_("Only a commissioner of the league may run its seasons."))
    match = sel.season_match_or_404(season, _int(request.POST.get("match")))
    try:
        services_rounds.fixture_reopen(match=match, by=signed_in(request.user))
    except ValidationError as refusal:
        _refused(request, refusal)
    else:
        messages.success(request, _("This match is open again: it can be played."))
    return redirect(match)
