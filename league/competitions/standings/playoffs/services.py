"""Play-offs: the commissioner creates a season's knock-out bracket; winners advance by themselves.

The bracket is the scheduling engine's data (league.scheduling.brackets) stored as rows: the seeds
(team ids in seed order), one BracketGame per game slot with its sources ("seed:k", "bye",
"winner:n", "loser:n") and, once decided, its winner. Everything else is computed again from those
rows by the engine: who plays a game, who the champion is. A match is created for a game as soon as
both its teams are known; when a play-off match is processed (matches.services.postgame) its
winner is recorded, the next game's match created, and the final decides the season's winner.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.competitions.seasons.events import publish_season
from league.competitions.seasons.fixtures import MatchMaker
from league.competitions.seasons.models import Bracket, BracketGame, Round, Season, SeasonTeam
from league.competitions.seasons.selectors import unplayed_league_matches
from league.competitions.standings.table import season_table
from league.core.audit import log_action
from league.core.permissions import is_commissioner
from league.rules.postmatch.scoring import winning_side
from league.scheduling import brackets as engine
from league.scheduling.qualification import (
    Qualification,
    by_standings,
    by_team_value,
    by_team_value_times_win_rate,
    by_win_rate,
)
from teams.models import Team

# Match.stage of a game by its round code; earlier rounds are plain "playoff" matches.
STAGE_BY_CODE = {"semi_final": "semi_final", "final": "final"}
# The number a random draw is made with (random.Random(number)): rolled by the server, large
# enough that two draws never share it by chance, and kept, so the draw can be replayed and audited.
DRAW_ROLL_MAX = 2**31 - 1


@dataclass(frozen=True)
class BracketChoice:
    """What the commissioner asks for (the creation form's cleaned data)."""

    size: int
    qualification: str
    seeding: str
    third_place: bool = False
    manual: tuple[int, ...] = ()  # team ids in seed order, for the "manual" qualification


def approved_teams(season: Season) -> dict[int, Team]:
    """The season's approved teams by id, in name order (one query)."""
    entries = SeasonTeam.objects.filter(season=season, status=SeasonTeam.Status.APPROVED)
    return {t.pk: t for t in Team.objects.filter(pk__in=entries.values("team_id")).order_by("name", "pk")}


def _tie_refusal(result: Qualification[int], teams: dict[int, Team]) -> ValidationError:
    names = ", ".join(teams[t].name for t in result.tied)
    return ValidationError(
        ngettext(
            "%(teams)s are tied for the last place: resolve the tie first (by the league's tie-breakers or by "
            "drawing lots), or choose the qualifiers yourself.",
            "%(teams)s are tied for the last %(places)s places: resolve the tie first (by the league's "
            "tie-breakers or by drawing lots), or choose the qualifiers yourself.",
            result.places_left,
        )
        % {"teams": names, "places": result.places_left}
    )


def qualifiers(season: Season, choice: BracketChoice, teams: dict[int, Team] | None = None) -> list[int]:
    """The qualified team ids, best first, by the chosen method (the rulebook; ties refused, never hidden)."""
    teams = approved_teams(season) if teams is None else teams
    size = choice.size
    if not engine.MIN_TEAMS <= size <= engine.MAX_TEAMS:
        raise ValidationError(
            _("A bracket takes %(min)s to %(max)s teams.") % {"min": engine.MIN_TEAMS, "max": engine.MAX_TEAMS}
        )
    if size > len(teams):
        raise ValidationError(
            _("The season has %(count)s approved teams: a bracket of %(size)s is too large.")
            % {"count": len(teams), "size": size}
        )
    method = choice.qualification
    if method == Bracket.Qualification.MANUAL:
        picked = list(choice.manual)
        if len(picked) != size:
            raise ValidationError(
                _("Choose exactly %(size)s teams, in seed order (you chose %(count)s).")
                % {"size": size, "count": len(picked)}
            )
        if len(set(picked)) != len(picked):
            raise ValidationError(_("A team is chosen twice."))
        if any(t not in teams for t in picked):
            raise ValidationError(_("Only the season's approved teams can qualify."))
        return picked
    if method not in Bracket.Qualification.values:
        raise ValidationError(_("Unknown qualification method."))
    rows = season_table(season).rows
    if method == Bracket.Qualification.STANDINGS:
        groups: list[list[int]] = []
        last_position = 0
        for row in rows:
            if groups and row.tied and row.position == last_position:
                groups[-1].append(cast(int, row.team))  # the table's teams are team ids here
            else:
                groups.append([cast(int, row.team)])
            last_position = row.position
        result = by_standings(groups, size)
    else:
        records = {row.team: (row.won, row.played) for row in rows}
        values = {t: teams[t].team_value for t in teams}
        if method == Bracket.Qualification.TEAM_VALUE:
            result = by_team_value(values, size)
        elif method == Bracket.Qualification.WIN_RATE:
            result = by_win_rate({t: records.get(t, (0, 0)) for t in teams}, size)
        else:
            result = by_team_value_times_win_rate(values, {t: records.get(t, (0, 0)) for t in teams}, size)
    if not result.decided:
        raise _tie_refusal(result, teams)
    return list(result.qualified)


def _sources(source: engine.Source) -> str:
    return "bye" if source.kind == "bye" else f"{source.kind}:{source.ref}"


def _source(text: str) -> engine.Source:
    kind, _sep, ref = text.partition(":")
    return engine.Source("bye") if text == "bye" else engine.Source(kind, int(ref))  # type: ignore[arg-type]


def engine_bracket(bracket: Bracket, games: Sequence[BracketGame]) -> engine.Bracket[int]:
    """The stored bracket as the engine's data, with the recorded winners (byes need none)."""
    played = [g for g in games if not g.third_place]
    rounds = max(g.round_number for g in played)
    return engine.Bracket(
        seeds=tuple(bracket.seeds),
        size=2**rounds,
        rounds=rounds,
        games=tuple(
            engine.Game(g.number, g.round_number, _source(g.home_source), _source(g.away_source), g.third_place)
            for g in games
        ),
        winners={
            g.number: g.winner_id
            for g in games
            if g.winner_id is not None and "bye" not in (g.home_source, g.away_source)
        },
    )


def build(seeds: Sequence[int], seeding: str, third_place: bool, roll: int | None) -> engine.Bracket[int]:
    """The engine's bracket for these seeds: standard pairing, or drawn with random.Random(roll)."""
    draw = seeding == Bracket.Seeding.DRAW
    b = engine.bracket(seeds, random_draw=draw, rng=random.Random(roll) if draw else None)
    if third_place:
        try:
            b = engine.with_third_place(b)
        except engine.BracketError:
            raise ValidationError(
                _("A third-place game needs two semi-finals that are both played (no bye).")
            ) from None
    return b


def creation_refusal(season: Season) -> str:
    """Why this season cannot get its bracket now ("" when it can). A season moved to its play-offs
    without a bracket (by the season's status step, before that step led here) still gets one."""
    if season.status not in (Season.Status.REGULAR, Season.Status.PLAYOFFS):
        return _("The play-offs start from the regular season; this season is “%(status)s”.") % {
            "status": season.get_status_display()
        }
    if Bracket.objects.filter(season=season).exists():
        return _("This season already has its play-off bracket.")
    return ""


class UnplayedMatches(ValidationError):
    """The regular season still has matches to play: starting the play-offs closes them, so the
    commissioner confirms knowing which (docs/decisions/seasons.md, "Regular fixtures once the play-offs start")."""

    def __init__(self, matches: list[Any]) -> None:
        super().__init__(
            ngettext(
                "%(count)d regular-season match is not played yet: once the play-offs start it can no longer be "
                "played unless you reopen it. Confirm to start the play-offs anyway.",
                "%(count)d regular-season matches are not played yet: once the play-offs start they can no longer "
                "be played unless you reopen them. Confirm to start the play-offs anyway.",
                len(matches),
            )
            % {"count": len(matches)}
        )
        self.matches = matches


def bracket_create(*, season: Season, choice: BracketChoice, by: User, unplayed_ok: bool = False) -> Bracket:
    """The season's bracket: qualifiers, seeds, games, play-off rounds and the matches ready to play.

    Moves the season from its regular season to its play-offs. Refused (nothing written) when the
    season is not in its regular season, already has a bracket, or the choice does not fit; and,
    unless `unplayed_ok`, when league matches are still to play (UnplayedMatches lists them)."""
    league = season.league
    if not is_commissioner(by, league):
        raise PermissionDenied(_("Only the league's commissioner may create the play-offs."))
    if choice.seeding not in Bracket.Seeding.values:
        raise ValidationError(_("Unknown seeding."))
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
        refusal = creation_refusal(season)
        if refusal:
            raise ValidationError(refusal)
        teams = approved_teams(season)
        seeds = qualifiers(season, choice, teams)
        unplayed = unplayed_league_matches(season)
        if unplayed and not unplayed_ok:
            raise UnplayedMatches(unplayed)
        roll = secrets.randbelow(DRAW_ROLL_MAX) + 1 if choice.seeding == Bracket.Seeding.DRAW else None
        b = build(seeds, choice.seeding, choice.third_place, roll)
        bracket = Bracket.objects.create(
            season=season,
            size=len(seeds),
            qualification=choice.qualification,
            seeding=choice.seeding,
            third_place=choice.third_place,
            seeds=seeds,
            draw_roll=roll,
            created_by=by,
        )
        first = (Round.objects.filter(season=season).order_by("-number").values_list("number", flat=True).first()) or 0
        Round.objects.bulk_create(
            Round(season=season, number=first + r, phase=Round.Phase.PLAYOFF, code=engine.round_code(b, r))
            for r in range(1, b.rounds + 1)
        )
        BracketGame.objects.bulk_create(
            BracketGame(
                bracket=bracket,
                number=g.number,
                round_number=g.round,
                third_place=g.third_place,
                home_source=_sources(g.home),
                away_source=_sources(g.away),
                winner_id=engine.winner(b, g.number) if engine.is_bye(b, g.number) else None,
            )
            for g in b.games
        )
        season.status = Season.Status.PLAYOFFS
        season.save(update_fields=["status"])
        log_action(
            action="league.playoffs.created",
            actor=by,
            league=league,
            season=season.number,
            qualification=choice.qualification,
            seeding=choice.seeding,
            third_place=choice.third_place,
            seeds=[teams[t].name for t in seeds],
            draw_roll=roll,
            unplayed_closed=[m.pk for m in unplayed],
        )
        publish_season("playoffs.started", season, by, words={"teams": len(seeds)}, seeds=list(seeds))
        _schedule_ready(season, bracket, by)
    return bracket


def _schedule_ready(season: Season, bracket: Bracket, by: User | None) -> list[Any]:
    """A match for every game whose two teams are known and that has none yet (caller holds the lock)."""
    from matches.models import Match

    games = list(bracket.games.all())
    b = engine_bracket(bracket, games)
    rounds = {r.number: r for r in Round.objects.filter(season=season, phase=Round.Phase.PLAYOFF)}
    first = min(rounds) - 1
    teams = None
    maker = MatchMaker(season.league, by or season.league.commissioner)
    created = []
    for game in games:
        if game.match_id is not None or engine.is_bye(b, game.number):
            continue
        pair = engine.participants(b, game.number)
        home, away = pair
        if home is None or away is None:
            continue
        if teams is None:
            teams = Team.objects.in_bulk(b.seeds)
        code = rounds[first + game.round_number].code
        stage = Match.Stage.THIRD_PLACE if game.third_place else STAGE_BY_CODE.get(code, Match.Stage.PLAYOFF)
        match = maker.build(season, rounds[first + game.round_number], teams[home], teams[away], stage)
        match.save()
        game.match = match
        game.save(update_fields=["match"])
        log_action(
            action="matches.match.scheduled",
            actor=by,
            league=season.league,
            match=match.pk,
            home=match.home.name,
            away=match.away.name,
            stage=stage,
        )
        created.append(match)
    return created


def match_winner(match: Any) -> int | None:
    """The team that won a play-off match, by the rules engine's reading (a concession loses, then
    the score, then the shoot-out); None when the result names no shoot-out winner (submission
    refuses that)."""
    side = winning_side(
        match.home_score or 0, match.away_score or 0, match.conceded_by or None, match.shootout_winner or None
    )
    return None if side is None else match.home_id if side == "home" else match.away_id


def match_processed(match_id: int) -> None:
    """A processed play-off match: record its winner, create the matches now ready, decide the season.

    Idempotent and safe under concurrent workers: everything happens under the bracket's row lock,
    and a game that already has its winner or its match is left alone."""
    from matches.models import Match

    with transaction.atomic():
        game = BracketGame.objects.filter(match_id=match_id).select_related("bracket").first()
        if game is None:
            return
        bracket = Bracket.objects.select_for_update().select_related("season__league").get(pk=game.bracket_id)
        game = BracketGame.objects.get(pk=game.pk)
        match = Match.objects.get(pk=match_id)
        if match.status != Match.Status.PROCESSED:
            return
        season = bracket.season
        if game.winner_id is None:
            won = match_winner(match)
            if won is None:
                return
            game.winner_id = won
            game.save(update_fields=["winner"])
            log_action(
                action="league.playoffs.advanced",
                actor=None,
                league=season.league,
                season=season.number,
                game=game.number,
                match=match.pk,
                winner=won,
            )
        _schedule_ready(season, bracket, None)
        _decide(season, bracket)


def _decide(season: Season, bracket: Bracket) -> None:
    """The final decided: the season's winner. Every game decided: the season is closed."""
    games = list(bracket.games.all())
    b = engine_bracket(bracket, games)
    champion = engine.champion(b)
    if champion is None:
        return
    fields = []
    if season.winner_id is None:
        season.winner_id = champion
        fields.append("winner")
    if season.status != Season.Status.CLOSED and all(g.winner_id is not None for g in games):
        season.status = Season.Status.CLOSED
        season.closed_at = timezone.now()
        fields += ["status", "closed_at"]
    if fields:
        season.save(update_fields=fields)
        name = Team.objects.filter(pk=champion).values_list("name", flat=True).first()
        if "winner" in fields:
            log_action(
                action="league.playoffs.champion", actor=None, league=season.league, season=season.number, winner=name
            )
            _award_final_trophy(season, games, champion)
        if "status" in fields:
            log_action(action="league.playoffs.closed", actor=None, league=season.league, season=season.number)


def _award_final_trophy(season: Season, games: Sequence[BracketGame], champion: int) -> None:
    """The trophy the commissioner chose for this season's final goes to its winner."""
    from league.competitions.challenges.trophies.services import award_season_final
    from matches.models import Match

    played = [g for g in games if not g.third_place]
    final = max(played, key=lambda g: (g.round_number, g.number))
    # A decided final was played: it has its match.
    teams = Match.objects.filter(pk=cast(int, final.match_id)).values_list("home_id", "away_id").first() or ()
    runner_up = next((pk for pk in teams if pk != champion), None)
    award_season_final(season, champion, runner_up)
