"""A season's play-off bracket, and its creation by the commissioner (preview, then confirmation)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_http_methods

from league.competitions.seasons.models import Bracket, BracketGame, Season
from league.competitions.seasons.round_labels import round_label
from league.competitions.standings import selectors as sel
from league.competitions.standings.playoffs.forms import BracketForm
from league.competitions.standings.playoffs.services import (
    UnplayedMatches,
    approved_teams,
    bracket_create,
    creation_refusal,
    engine_bracket,
    qualifiers,
)
from league.core.permissions import is_commissioner, signed_in
from league.scheduling import brackets as engine
from teams.models import Team


def _slot(
    source: str, team_id: int | None, teams: Mapping[int | str, Team], seeds: list[int], game: BracketGame
) -> dict:
    """One side of a game card: the team and its seed when known, else where it will come from."""
    kind, _sep, ref = source.partition(":")
    if kind == "bye":
        label = pgettext("bracket", "Bye")
    elif team_id is not None:
        label = teams[team_id].name
    elif kind == "winner":
        label = _("Winner of game %(number)s") % {"number": ref}
    else:
        label = _("Loser of game %(number)s") % {"number": ref}
    match = game.match
    side = None
    if match is not None and team_id is not None:
        side = "home" if match.home_id == team_id else "away"
    return {
        "label": label,
        "team": team_id,
        "known": team_id is not None,
        "bye": kind == "bye",
        "seed": seeds.index(team_id) + 1 if team_id in seeds else None,
        "score": getattr(match, f"{side}_score") if side and match is not None and match.status in PLAYED else None,
        "won": team_id is not None and game.winner_id == team_id and kind != "bye",
    }


PLAYED = ("confirmed", "processing", "processed", "failed")


def bracket_rounds(bracket: Bracket) -> list[dict[str, Any]]:
    """The bracket as round sections of game cards, in a fixed number of queries (3)."""
    games = sel.bracket_games(bracket)
    b = engine_bracket(bracket, games)
    teams = sel.teams_by_id(bracket.seeds)
    rounds = sel.playoff_rounds(bracket)
    first = min(rounds) - 1 if rounds else 0
    sections: dict[int, dict[str, Any]] = {}
    for game in games:
        pair = engine.participants(b, game.number)
        home, away = pair
        section = sections.setdefault(
            game.round_number,
            {"number": game.round_number, "name": round_label(rounds.get(first + game.round_number)), "games": []},
        )
        section["games"].append(
            {
                "game": game,
                "third_place": game.third_place,
                "home": _slot(game.home_source, home, teams, bracket.seeds, game),
                "away": _slot(game.away_source, away, teams, bracket.seeds, game),
                "bye": engine.is_bye(b, game.number),
            }
        )
    return [sections[n] for n in sorted(sections, reverse=True)]  # the final first: read from the top


@require_http_methods(["GET", "POST"])
def season_playoffs(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    season = sel.season_or_404(slug, number)
    league = season.league
    commissioner = is_commissioner(request.user, league)
    if request.method == "POST" and not commissioner:
        raise PermissionDenied(_("Only the league's commissioner may create the play-offs."))
    bracket = sel.season_bracket(season)
    form, preview, unplayed, status = None, None, None, 200
    if commissioner and (request.method == "POST" or (bracket is None and season.status == Season.Status.REGULAR)):
        teams = approved_teams(season)
        form = BracketForm(request.POST if request.method == "POST" else None, teams=list(teams.values()))
        if request.method == "POST":
            if form.is_valid():
                choice = form.choice()
                try:
                    if request.POST.get("action") == "confirm":
                        try:
                            bracket_create(
                                season=season,
                                choice=choice,
                                by=signed_in(request.user),
                                unplayed_ok=bool(request.POST.get("unplayed_ok")),
                            )
                        except UnplayedMatches as warning:
                            # Asked again, with the matches listed: the bracket is not created yet.
                            unplayed = {"message": warning.messages[0], "matches": warning.matches}
                            preview = [teams[t] for t in qualifiers(season, choice, teams)]
                        else:
                            messages.success(
                                request, _("The play-off bracket is ready: its first matches are scheduled.")
                            )
                            return redirect("league:season_playoffs", slug=league.slug, number=season.number)
                    refusal = creation_refusal(season)
                    if refusal:
                        raise ValidationError(refusal)
                    if preview is None:
                        preview = [teams[t] for t in qualifiers(season, choice, teams)]
                except ValidationError as refused:
                    form.add_error(None, refused)
            if form.errors:
                status = 400
    return render(
        request,
        "league/playoffs.html",
        {
            "league": league,
            "season": season,
            "bracket": bracket,
            "rounds": bracket_rounds(bracket) if bracket else [],
            "form": form,
            "preview": preview,
            "unplayed": unplayed,
            "is_commissioner": commissioner,
            "final_trophy": _final_trophy_name(season),
        },
        status=status,
    )


def _final_trophy_name(season: Season) -> str:
    """The name of the trophy this season's final awards ("" when none was chosen)."""
    from django.utils.translation import get_language

    from league.competitions.challenges.trophies.selectors import season_final_trophy, trophy_name

    trophy = season_final_trophy(season.pk)
    return trophy_name(trophy, get_language() or "en") if trophy else ""
