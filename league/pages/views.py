"""League pages and accounts: the league list, a league's teams, joining, signing up."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.accounts.forms import SignUpForm
from league.accounts.services import sign_up
from league.core import services
from league.core.forms import LeagueCreateForm
from league.core.models import League
from league.core.permissions import roles, signed_in
from league.core.selectors import (
    league_list,
    league_or_404,
    league_ruleset,
    league_with_rules_or_404,
    pending_for,
    pending_invitation_or_404,
)
from league.infra.page_shared import share_among_readers
from league.interchange.selectors import unfinished_run
from league.pages.selectors import HOME_TABLE_ROWS, current_season, league_home_or_404, next_fixtures, season_leaders
from league.rules import Ruleset, collation_key, load_ruleset
from league.rules.postmatch.results import draws_possible
from matches.context_processors import waiting_for
from matches.selectors.common import latest_results
from teams.selectors import team_list_for_league


def home(request: HttpRequest) -> HttpResponse:
    """The leagues and, for a logged-in user, what is waiting for him (the menu's badge counts the same)."""
    lang = get_language() or "en"
    leagues = list(league_list())
    for league in leagues:
        league.ruleset_name = load_ruleset(league.ruleset).name(lang)
    waiting = waiting_for(request) if request.user.is_authenticated else None
    return render(request, "league/home.html", {"leagues": leagues, "waiting": waiting})


HOME_TEAMS = 24


def team_rows(league: League, ruleset: Ruleset) -> list[dict[str, object]]:
    """The league's teams in the reader's alphabetical order, with their race's name."""
    lang = get_language() or "en"
    return [
        {"team": team, "race_name": ruleset.teams[team.race].name(lang) if team.race in ruleset.teams else team.race}
        for team in sorted(team_list_for_league(league.pk), key=lambda t: collation_key(t.name))
    ]


def league_teams(request: HttpRequest, slug: str) -> HttpResponse:
    """Every team of the league (the home lists them only up to HOME_TEAMS)."""
    league = league_with_rules_or_404(slug)
    return render(request, "league/teams.html", {"league": league, "teams": team_rows(league, league_ruleset(league))})


def league_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """The league, its current season (table, next fixtures, leaders) and its teams; the number of
    queries does not grow with the number of teams or matches."""
    # The house rules once: the ruleset and the standings settings both read them.
    league = league_home_or_404(slug)
    ruleset = league_ruleset(league)
    # A big league's teams have a page of their own: the home stays as quick at 200 teams as at 5.
    team_count = league.team_count  # type: ignore[attr-defined]  # league_home_or_404 annotates it
    teams_elsewhere = team_count > HOME_TEAMS
    teams = [] if teams_elsewhere else team_rows(league, ruleset)
    member, commissioner = roles(request.user, league)
    if member or not request.user.is_authenticated:
        # The same to every member of his standing (a non-member's page shows his own entry request).
        share_among_readers(request)
    season = current_season(league)
    season_context: dict[str, object] = {"season": season}
    if season is not None:
        from league.competitions.standings.cache import cached, season_version
        from league.competitions.standings.table import season_settings, versioned_settings
        from league.competitions.standings.views import season_table_rows

        season.league = league
        version = season_version(season, versioned_settings(season, season_settings(season)))
        _lots, rows = season_table_rows(season, version)
        season_context.update(
            {
                "standings_rows": rows[:HOME_TABLE_ROWS],
                "draws": draws_possible(ruleset),  # no draw column for a ruleset without draws
                "standings_more": len(rows) > HOME_TABLE_ROWS,
                "table_version": version,
                "next_fixtures": next_fixtures(season),
                # Read only when the cached leaders' block is missing (a template calls a callable).
                "leaders": lambda: cached("leaders", version, lambda: season_leaders(season)),
            }
        )
    return render(
        request,
        "league/detail.html",
        {
            "league": league,
            "teams": teams,
            "team_count": team_count,
            "teams_elsewhere": teams_elsewhere,
            "is_member": member,
            "is_commissioner": commissioner,
            # An OBBLM import under way or stopped: its teams show once it is done (read by commissioners only).
            "import_run": (lambda: unfinished_run(league)) if commissioner else None,
            "can_join": request.user.is_authenticated and not member and league.open_to_join,
            "latest_results": latest_results(league),
            "pending": pending_for(request.user, league) if request.user.is_authenticated and not member else None,
            **season_context,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def league_new(request: HttpRequest) -> HttpResponse:
    """Any logged-in user may create a league; they become its commissioner."""
    form = LeagueCreateForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            league = services.league_create(commissioner=signed_in(request.user), **form.cleaned_data)
        except ValidationError as refusal:
            for message in refusal.messages:
                form.add_error(None, message)
        else:
            messages.success(
                request, _("League %(league)s created: you are its commissioner.") % {"league": league.name}
            )
            return redirect(league)
    return render(request, "league/new.html", {"form": form})


@login_required
@require_POST
def league_join(request: HttpRequest, slug: str) -> HttpResponse:
    """The league page's button: join, ask to join, or answer an invitation (decline=1)."""
    from league.core import membership
    from league.core.models import MembershipRequest

    league = league_or_404(slug)
    try:
        if request.POST.get("decline"):
            invitation = pending_invitation_or_404(league, signed_in(request.user).pk)
            membership.invitation_answer(invitation=invitation, user=signed_in(request.user), accept=False)
            messages.info(request, _("Invitation declined."))
            return redirect(league)
        result = membership.join_or_ask(league=league, user=signed_in(request.user))
    except ValidationError as refusal:
        for message in refusal.messages:
            messages.error(request, message)
    else:
        if isinstance(result, MembershipRequest):
            messages.info(request, _("Your request was sent: the commissioner will answer it."))
        else:
            messages.success(
                request, _("Welcome to %(league)s! You can now create your team.") % {"league": league.name}
            )
    return redirect(league)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account (a name, an address, a password), mail the link confirming the address, log straight in."""
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = ""
    if request.user.is_authenticated:
        return redirect(next_url or "home")
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user, sent = sign_up(form=form, language=get_language() or "en", absolute=request.build_absolute_uri)
        # The account was just made, not authenticated: name the backend that will load it
        # (there are two, django-axes' own only watches logins). An unconfirmed address does not
        # keep him out (docs/decisions/accounts.md): his profile page says it is unconfirmed.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome, %(name)s: your account is ready.") % {"name": user.get_username()})
        if sent:
            messages.info(
                request,
                _("A link was mailed to %(address)s: follow it to confirm the address.") % {"address": user.email},
            )
        else:
            messages.warning(
                request,
                _("The mail to %(address)s could not be sent: send it again from your profile.")
                % {"address": user.email},
            )
        return redirect(next_url or "home")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """400 with the site's menu: Django's own handler renders 400.html without the request (no
    user, no language switcher). The reason is not shown: it may name a host or a header."""
    try:
        return render(request, "400.html", status=400)
    except Exception:  # a request too broken for the context processors: the plain page
        from django.views.defaults import bad_request as plain

        return plain(request, exception)


@require_http_methods(["GET", "HEAD"])
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, asked for by browsers and feed readers that do not read the page's <link>: the
    static icon (served by WhiteNoise, with its cache headers)."""
    return redirect(static("img/favicon.ico"), permanent=True)
