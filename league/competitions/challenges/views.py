"""League challenges' pages: a season's challenges with their deadlines and the
actions each reader may take, the form to issue one, and the answers and rulings as POSTs.
Services write (league/competitions/challenges/services.py); a refusal is shown with status 400 and changes
nothing; the wrong person gets a 403; an unknown season, challenge or team a 404.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.competitions.challenges import selectors as sel
from league.competitions.challenges import services
from league.competitions.challenges.models import Challenge
from league.competitions.seasons.models import Season
from league.competitions.seasons.views import _int, _league, _season
from league.core.permissions import is_commissioner, signed_in
from league.core.selectors import league_ruleset
from teams.models import Team

ANSWERS = ("accept", "refuse", "replace", "agree", "decline")
# Answers that cannot be undone ask for a confirmation first.
CONFIRMED = {"refuse", "decline"}


def _url(season: Season) -> str:
    return reverse("league:season_challenges", kwargs={"slug": season.league.slug, "number": season.number})


def _season_team(request: HttpRequest, season: Season, field: str) -> Team:
    """A team of the league named in the POST (404 otherwise); the services check its season."""
    return sel.league_team_or_404(season.league, _int(request.POST.get(field)))


def _challenge(season: Season, pk: int) -> Challenge:
    return sel.season_challenge_or_404(season, pk)


def _logged_in(request: HttpRequest) -> None:
    if not request.user.is_authenticated:
        raise PermissionDenied(_("Log in first."))


def _page(request: HttpRequest, season: Season, status: int = 200) -> HttpResponse:
    league = season.league
    commissioner = is_commissioner(request.user, league)
    user_id = request.user.pk
    teams = sel.approved_teams_with_coaches(season)
    now = timezone.now()
    regular = season.status == Season.Status.REGULAR
    rows = []
    challenges = sel.season_challenges(season)
    for challenge in challenges:
        challenge.season = season
        late = challenge.is_open and now > challenge.deadline
        pending = challenge.status == Challenge.Status.PENDING and regular
        replacing = challenge.status == Challenge.Status.REPLACED
        match_open = challenge.match is None or challenge.match.status == "scheduled"
        rows.append(
            {
                "challenge": challenge,
                "late": late,
                "may_answer": pending and not late and (commissioner or challenge.challenged.coach_id == user_id),
                "may_agree": challenge.status == Challenge.Status.REPLACING
                and regular
                and (commissioner or cast(Team, challenge.replacement).coach_id == user_id),  # replacing: named
                "may_decline": replacing and match_open and (commissioner or challenge.challenger.coach_id == user_id),
                "may_rule": commissioner and challenge.is_open,
                "replacements": [t for t in teams if t.pk not in (challenge.challenger_id, challenge.challenged_id)],
            }
        )
    own = teams if commissioner else [t for t in teams if t.coach_id == user_id]
    # A coach challenges another coach's team (p.31): his own teams are not offered as targets.
    targets = teams if commissioner else [t for t in teams if t.coach_id != user_id]
    params = league_ruleset(league).params
    return render(
        request,
        "league/challenges.html",
        {
            "league": league,
            "season": season,
            "rows": rows,
            "is_commissioner": commissioner,
            "may_issue": bool(own)
            and bool(targets)
            and season.status == Season.Status.REGULAR
            and params.challenges_enabled,
            "own_teams": own,
            "teams": teams,
            "targets": targets,
            "params": params,
        },
        status=status,
    )


def _refused(request: HttpRequest, refusal: ValidationError) -> None:
    for message in refusal.messages:
        messages.error(request, message)


@require_http_methods(["GET", "POST"])
def season_challenges(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The season's challenges; a POST issues one (the challenger's coach or the commissioner)."""
    season = _season(_league(slug), number)
    if request.method == "POST":
        _logged_in(request)
        challenger = _season_team(request, season, "challenger")
        challenged = _season_team(request, season, "challenged")
        try:
            services.challenge_issue(
                season=season, challenger=challenger, challenged=challenged, by=signed_in(request.user)
            )
        except ValidationError as refusal:
            _refused(request, refusal)
            return _page(request, season, status=400)
        messages.success(
            request,
            _("%(challenger)s challenges %(challenged)s.")
            % {"challenger": challenger.name, "challenged": challenged.name},
        )
        return redirect(_url(season))
    return _page(request, season)


def _answer(request: HttpRequest, challenge: Challenge, action: str) -> str:
    by = signed_in(request.user)
    if action == "accept":
        services.challenge_accept(challenge=challenge, by=by)
        return _("Challenge accepted: the match is a fixture of the season.")
    if action == "refuse":
        services.challenge_refuse(challenge=challenge, by=by)
        return _("Challenge refused: a 2-0 win for %(team)s.") % {"team": challenge.challenger.name}
    if action == "replace":
        replacement = _season_team(request, challenge.season, "replacement")
        services.challenge_replace(challenge=challenge, replacement=replacement, by=by)
        return _("%(team)s is named as the replacement: waiting for his agreement.") % {"team": replacement.name}
    if action == "agree":
        services.challenge_replacement_agree(challenge=challenge, by=by)
        return _("The replacement agreed: the match is a fixture of the season.")
    services.challenge_decline_replacement(challenge=challenge, by=by)
    return _("The challenger declined the replacement: a 0-2 loss for %(team)s.") % {"team": challenge.challenger.name}


def _may_confirm(request: HttpRequest, challenge: Challenge, action: str) -> bool:
    """Whether the reader may take the destructive step (checked before showing the confirmation)."""
    if is_commissioner(request.user, challenge.season.league):
        return True
    team = challenge.challenged if action == "refuse" else challenge.challenger
    return team.coach_id == request.user.pk


@require_POST
def challenge_answer(request: HttpRequest, slug: str, number: int, pk: int) -> HttpResponse:
    """Accept, refuse, name a replacement, the replacement's agreement, or the challenger's
    refusal to play him. A refusal or a decline asks for a confirmation first."""
    season = _season(_league(slug), number)
    challenge = _challenge(season, pk)
    _logged_in(request)
    action = request.POST.get("action", "")
    if action not in ANSWERS:
        messages.error(request, _("Unknown action."))
        return _page(request, season, status=400)
    if action in CONFIRMED and not request.POST.get("confirmed"):
        if not _may_confirm(request, challenge, action):
            raise PermissionDenied(_("Only the coaches concerned or the commissioner may answer this challenge."))
        return render(
            request,
            "league/challenge_confirm.html",
            {"league": season.league, "season": season, "challenge": challenge, "action": action},
        )
    try:
        done = _answer(request, challenge, action)
    except ValidationError as refusal:
        _refused(request, refusal)
        return _page(request, season, status=400)
    messages.success(request, done)
    return redirect(_url(season))


@require_POST
def challenge_rule(request: HttpRequest, slug: str, number: int, pk: int) -> HttpResponse:
    """The commissioner's ruling on a late answer: award the win, cancel, or extend the deadline."""
    season = _season(_league(slug), number)
    challenge = _challenge(season, pk)
    _logged_in(request)
    days: Any = request.POST.get("days") or None
    try:
        if days is not None:
            try:
                days = int(days)
            except ValueError:
                raise ValidationError(_("The new delay must be between 1 and 60 days.")) from None
        services.challenge_rule(
            challenge=challenge,
            ruling=request.POST.get("ruling", ""),
            reason=request.POST.get("reason", ""),
            days=days,
            by=signed_in(request.user),
        )
    except ValidationError as refusal:
        _refused(request, refusal)
        return _page(request, season, status=400)
    messages.success(request, _("Ruling recorded."))
    return redirect(_url(season))
