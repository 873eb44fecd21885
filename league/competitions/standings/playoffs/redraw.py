"""A drawn bracket after a correction of the regular season (docs/decisions/matches.md, "A bracket
after a correction"): while none of its matches is under way, the commissioner may have it drawn
again from the corrected table; once one is, it stands as drawn.

A redraw is the bracket the corrected table would have given on the day it was drawn: the same
size, qualification, seeding method, third-place choice and, for a random draw, the same stored
roll, so every game slot stays where it is and only the seeds change. All the bracket's games
exist from its creation ("seed:k", "winner:n"...); a game's match exists once both its teams are
known (the first round, and a later game both of whose earlier games are byes). A redraw writes
the new seeds, gives each bye to its new team, takes away the match of every game whose two teams
changed (nothing was done on it: no pre-match, no petty cash) and creates the matches now ready;
a game whose pairing is unchanged keeps its match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext as _

from league.competitions.seasons.events import publish_season
from league.competitions.seasons.models import Bracket, BracketGame, Season
from league.competitions.standings.playoffs.services import (
    BracketChoice,
    _schedule_ready,
    build,
    qualifiers,
)
from league.core.audit import log_action
from league.scheduling import brackets as engine
from teams.models import Team


def under_way_q() -> Q:
    """A play-off match something was done on: its pre-match (petty cash declared, or recorded), a
    result drafted, submitted, confirmed or processed. Redrawing under it would undo what its two
    teams spent or entered for that pairing, so its bracket stands as drawn."""
    from matches.models import Match

    return ~Q(status=Match.Status.SCHEDULED) | Q(home_petty_cash_declared=True) | Q(away_petty_cash_declared=True)


def under_way(bracket: Bracket) -> list[str]:
    """The bracket's matches under way, as “Home – Away”, in game order."""
    from matches.models import Match

    ids = BracketGame.objects.filter(bracket=bracket).exclude(match=None).values_list("match_id", flat=True)
    rows = Match.objects.filter(under_way_q(), pk__in=ids).order_by("pk").values_list("home__name", "away__name")
    return [f"{home} – {away}" for home, away in rows]


def _refused(match_id: int, season: Season, reason: Callable[[], str]) -> Exception:
    """A redraw that can no longer be made, as a replay's refusal: the correction around it fails with
    the reason, kept in each site language, and the history stays as it was
    (matches.services.corrections.correction_apply)."""
    from matches.services.replay import ReplayRefused

    def worded() -> str:
        return _("%(season)s play-offs: %(reason)s") % {"season": season.name, "reason": reason()}

    reasons = {}
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            reasons[lang] = worded()
    return ReplayRefused(match_id, worded(), reasons)


def redraw_brackets(season_ids: list[int], *, by: Any, match_id: int, correction: int) -> list[dict[str, Any]]:
    """Draw these seasons' brackets again from their table as it now stands, in the caller's
    transaction (the correction `correction` of match `match_id`, confirmed with “Redraw the
    bracket”); what was redrawn, audited."""
    done = []
    for season_id in season_ids:
        bracket = (
            Bracket.objects.select_for_update(of=("self",)).select_related("season__league").filter(season_id=season_id)
        )
        found = bracket.first()
        if found is not None:
            redrawn = _redraw(found, by, match_id, correction)
            if redrawn is not None:
                done.append(redrawn)
    return done


def _redraw(bracket: Bracket, by: Any, match_id: int, correction: int) -> dict[str, Any] | None:
    from matches.models import Match

    season = bracket.season
    started = under_way(bracket)
    if started:
        raise _refused(
            match_id,
            season,
            lambda: (
                _("%(matches)s is under way since the preview: the bracket can no longer be drawn again.")
                % {"matches": ", ".join(started)}
            ),
        )
    choice = BracketChoice(bracket.size, bracket.qualification, bracket.seeding, bracket.third_place)
    try:
        seeds = qualifiers(season, choice)
    except ValidationError:  # a tie the corrected table cannot break: worded again in each language
        raise _refused(match_id, season, lambda: " ".join(_tie_words(season, choice))) from None
    old = list(bracket.seeds)
    if seeds == old:
        return None
    fresh = build(seeds, bracket.seeding, bracket.third_place, bracket.draw_roll)
    bracket.seeds = seeds
    bracket.save(update_fields=["seeds"])
    removed = []
    for game in bracket.games.select_related("match"):
        if engine.is_bye(fresh, game.number):
            game.winner_id = engine.winner(fresh, game.number)
            game.save(update_fields=["winner"])
            continue
        match = game.match
        if match is not None and (match.home_id, match.away_id) != engine.participants(fresh, game.number):
            game.match = None
            game.save(update_fields=["match"])
            removed.append(match.pk)
            Match.objects.filter(pk=match.pk).delete()
    created = _schedule_ready(season, bracket, by)
    names = dict(Team.objects.filter(pk__in=old + seeds).values_list("pk", "name"))
    record = {
        "season": season.name,
        "before": [names.get(t, str(t)) for t in old],
        "after": [names.get(t, str(t)) for t in seeds],
    }
    log_action(
        action="league.playoffs.redrawn",
        actor=by,
        league=season.league,
        season=season.number,
        correction=correction,
        seeds_before=record["before"],
        seeds_after=record["after"],
        matches_removed=removed,
        matches_created=[m.pk for m in created],
    )
    # The season's coaches told once the correction commits: a match of theirs may be another now.
    publish_season("playoffs.redrawn", season, by, seeds_before=record["before"], seeds_after=record["after"])
    return record


def _tie_words(season: Season, choice: BracketChoice) -> list[str]:
    try:
        qualifiers(season, choice)
    except ValidationError as tie:
        return list(tie.messages)
    return []
