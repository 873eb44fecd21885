"""The last three stages of a load: OBBLM tours as seasons, their matches as history, the kept figures.

An imported match is history (Match.history): confirmed and processed at once, with its lines,
the lasting injuries it caused and its recorded effects (SPP, MVP, winnings, fan factor) for the
pages and statistics; the post-match sequence never runs on it, nor a replay or a correction,
because the dump's team state already holds its effects.

OBBLM's knockout rounds 251-255 (plan.KNOCKOUT) become play-off matches of the season (final,
third-place game, semi-finals, other play-off rounds) in play-off rounds numbered after the regular
ones. No bracket is made: OBBLM keeps no seeds, and the standings read only the regular matches.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from league.competitions.seasons.models import Round, Season, SeasonTeam
from league.competitions.standings.table import standings_settings
from league.core.models import League
from league.core.selectors import settings_snapshot
from league.interchange.obblm.mapping import Load
from league.interchange.obblm.plan import FIRST_KNOCKOUT, KNOCKOUT, casualties_by_key, knockout_stage, line_spp
from league.interchange.snapshot import MatchRow, PlayerLine, TourRow
from league.ratings.services import recompute_league
from matches.models import Match, MatchEffect, MatchPlayer
from matches.services.sequence import sequence_key
from teams.models import Injury, Player, Team
from teams.services.common import team_refresh_value

ACTIONS = (
    ("completion", "completions"),
    ("touchdown", "touchdowns"),
    ("interception", "interceptions"),
    ("casualty", "casualties"),
)


def _aware(moment: Any) -> Any:
    return timezone.make_aware(moment) if moment is not None and timezone.is_naive(moment) else moment


def tour_matches(load: Load, tour: TourRow) -> list[MatchRow]:
    return [m for m in load.snapshot.matches if m.tour.key == tour.source.key]


def round_numbers(matches: list[MatchRow]) -> dict[int, tuple[int, str]]:
    """OBBLM round -> (our round number, play-off code or ""): knockout rounds after the regular ones."""
    regular = sorted({m.round for m in matches if m.round < FIRST_KNOCKOUT})
    numbers = {r: (r, "") for r in regular}
    last = max(regular, default=0)
    codes: list[str] = []
    for r in sorted({m.round for m in matches if m.round in KNOCKOUT}):
        code = KNOCKOUT[r][1]
        if code not in codes:
            codes.append(code)
        numbers[r] = (last + 1 + codes.index(code), code)
    return numbers


def stage_seasons(load: Load) -> int:
    done = 0
    with transaction.atomic():
        League.objects.select_for_update().filter(pk=load.league.pk).first()
        number = Season.objects.filter(league=load.league).aggregate(n=Max("number"))["n"] or 0
        settings = standings_settings(load.league)
        for tour in load.snapshot.tours:
            if tour.source.key in load.mapped:
                continue
            matches = tour_matches(load, tour)
            dates = sorted(_aware(m.played) for m in matches if m.played)
            number += 1
            season = Season.objects.create(
                league=load.league,
                number=number,
                name=tour.name[:100] or f"OBBLM {tour.source.key}",
                status=Season.Status.CLOSED,
                standings_settings=settings,
                started_at=dates[0] if dates else None,
                closed_at=dates[-1] if dates else None,
            )
            now = timezone.now()
            teams = sorted({load.id_of(k) for m in matches for k in (m.home.key, m.away.key)})
            SeasonTeam.objects.bulk_create(
                SeasonTeam(
                    season=season,
                    team_id=t,
                    status=SeasonTeam.Status.APPROVED,
                    requested_by=load.by,
                    decided_by=load.by,
                    decided_at=now,
                )
                for t in teams
            )
            rounds = {n: code for n, code in round_numbers(matches).values()}
            Round.objects.bulk_create(
                Round(season=season, number=n, phase=Round.Phase.PLAYOFF if code else Round.Phase.REGULAR, code=code)
                for n, code in sorted(rounds.items())
            )
            load.record(tour.source.key, season)
            done += 1
    return done


def _ordered(matches: list[MatchRow]) -> list[MatchRow]:
    """Play order: the day played (an undated match first, as OBBLM lists it), then the dump's id."""
    return sorted(matches, key=lambda m: (m.played is not None, m.played or 0, m.source.id))


def stage_matches(load: Load) -> int:
    snap, done = load.snapshot, 0
    kept = settings_snapshot(load.league)
    injuries = casualties_by_key(load.ruleset)
    journeymen = {p.source.key for p in snap.players if p.journeyman}
    totals: Counter[str] = Counter()
    for imported in snap.imported_totals:
        totals[imported.player.key] += line_spp(load.ruleset, imported.line)
    ff: dict[str, int] = {t.source.key: t.fan_factor_bought for t in snap.teams}
    rounds_of: dict[int, dict[int, int]] = {}
    numbers_of: dict[str, dict[int, tuple[int, str]]] = {}
    with transaction.atomic():
        for row in _ordered(snap.matches):
            ff[row.home.key] = ff.get(row.home.key, 0) + row.home_ff_change
            ff[row.away.key] = ff.get(row.away.key, 0) + row.away_ff_change
            for line in row.lines:
                totals[line.player.key] += line_spp(load.ruleset, line)
            if row.source.key in load.mapped:
                continue
            season_id = load.id_of(row.tour.key)
            if season_id not in rounds_of:
                rounds_of[season_id] = dict(Round.objects.filter(season_id=season_id).values_list("number", "pk"))
            if row.tour.key not in numbers_of:
                numbers_of[row.tour.key] = round_numbers([m for m in snap.matches if m.tour.key == row.tour.key])
            numbers = numbers_of[row.tour.key]
            played = _aware(row.played)
            confirmed = played or timezone.now()
            match = Match.objects.create(
                league=load.league,
                home_id=load.id_of(row.home.key),
                away_id=load.id_of(row.away.key),
                ruleset=load.league.ruleset,
                ruleset_version=load.ruleset.version,
                status=Match.Status.PROCESSED,
                scheduled_by=load.by,
                played_on=played.date() if played else None,
                season_id=season_id,
                round_id=rounds_of[season_id].get(numbers[row.round][0]),
                stage=knockout_stage(row),
                home_score=row.home_score,
                away_score=row.away_score,
                # A star player's or mercenary's touchdowns: no roster line holds them.
                home_uncredited_touchdowns=_uncredited(row, row.home.key, row.home_score),
                away_uncredited_touchdowns=_uncredited(row, row.away.key, row.away_score),
                gate=row.gate,
                confirmed_at=confirmed,
                confirmed_by=load.by,
                processed_at=confirmed,
                settings_snapshot=kept,
                import_key=f"obblm:{load.league.pk}:{row.source.key}",
                history=True,
            )
            match.sequence = sequence_key(played_on=match.played_on, confirmed_at=confirmed, pk=match.pk)
            Match.objects.filter(pk=match.pk).update(sequence=match.sequence)
            if match.stage == Match.Stage.FINAL and row.home_score != row.away_score:
                # The final's winner wins the season (a drawn final names none: OBBLM keeps no shoot-out).
                winner = match.home_id if row.home_score > row.away_score else match.away_id
                Season.objects.filter(pk=season_id).update(winner_id=winner)
            _lines(load, match, row, injuries, journeymen, totals)
            _team_effects(load, match, row, ff)
            load.record(row.source.key, match)
            done += 1
    return done


def _uncredited(row: MatchRow, team_key: str, score: int) -> int:
    return max(0, score - sum(line.touchdowns for line in row.lines if line.team.key == team_key))


def _lines(load: Load, match: Match, row: MatchRow, injuries: dict, journeymen: set[str], totals: Counter[str]) -> None:
    lines, effects, lasting = [], [], []
    for line in row.lines:
        player_id = load.id_of(line.player.key)
        side = "home" if line.team.key == row.home.key else "away"
        lines.append(
            MatchPlayer(
                match=match,
                player_id=player_id,
                side=side,
                eligible=not line.missed_game,
                completions=line.completions,
                touchdowns=line.touchdowns,
                interceptions=line.interceptions,
                casualties=line.casualties,
                journeyman=line.player.key in journeymen,
            )
        )
        effects += _spp_effects(load, match, line, player_id, side, totals[line.player.key])
        for key in (k for k in [line.injury, *line.injuries_more] if k):
            result = injuries[key]
            if result.niggling or result.stat:
                lasting.append(Injury(player_id=player_id, casualty=key, stat=result.stat or "", match=match))
    MatchPlayer.objects.bulk_create(lines)
    MatchEffect.objects.bulk_create(effects)
    Injury.objects.bulk_create(lasting)


def _spp_effects(
    load: Load, match: Match, line: PlayerLine, player_id: int, side: str, total: int
) -> list[MatchEffect]:
    team_id = match.home_id if side == "home" else match.away_id
    w, out = load.ruleset.spp_awards, []
    counts = [(action, getattr(line, field)) for action, field in ACTIONS] + [("misc", line.misc_spp)]
    for action, count in counts:
        if count:
            spp = count * (w.get(action, 0) if action != "misc" else 1)
            data = {"count": count, "reason": action, "spp": spp, "total": total, "imported": True}
            out.append(
                MatchEffect(
                    match=match,
                    step="imported",
                    key=f"spp:{player_id}:{action}",
                    kind="spp",
                    team_id=team_id,
                    player_id=player_id,
                    amount=spp,
                    data=data,
                )
            )
    for n in range(line.mvp):
        data = {"spp": w.get("mvp", 0), "total": total, "imported": True}
        out.append(
            MatchEffect(
                match=match,
                step="imported",
                key=f"mvp:{player_id}:{n}",
                kind="mvp",
                team_id=team_id,
                player_id=player_id,
                amount=w.get("mvp", 0),
                data=data,
            )
        )
    return out


def _team_effects(load: Load, match: Match, row: MatchRow, ff: dict[str, int]) -> None:
    effects = []
    for side, team, gold, change in (
        ("home", row.home, row.home_winnings, row.home_ff_change),
        ("away", row.away, row.away_winnings, row.away_ff_change),
    ):
        team_id = match.home_id if side == "home" else match.away_id
        data = {"side": side, "imported": True}
        effects.append(
            MatchEffect(
                match=match,
                step="imported",
                key=f"winnings:{side}",
                kind="winnings",
                team_id=team_id,
                amount=gold,
                data=data,
            )
        )
        if change:
            fan = {**data, "delta": change, "total": max(0, ff.get(team.key, 0)), "dice": []}
            effects.append(
                MatchEffect(
                    match=match,
                    step="imported",
                    key=f"fan_factor:{side}",
                    kind="fan_factor",
                    team_id=team_id,
                    amount=change,
                    data=fan,
                )
            )
    MatchEffect.objects.bulk_create(effects)


def stage_derived(load: Load) -> int:
    """Kept figures the history decides: niggling injuries, who misses the next game, team values,
    and the teams made ready (retired for a retired OBBLM team) now that they are whole."""
    snap, done = load.snapshot, 0
    injuries = casualties_by_key(load.ruleset)
    last_line: dict[str, PlayerLine] = {}
    last_match: dict[str, MatchRow] = {}
    for row in _ordered(snap.matches):
        for key in (row.home.key, row.away.key):
            last_match[key] = row
    for key, row in last_match.items():
        for line in row.lines:
            if line.team.key == key:
                last_line[line.player.key] = line
    niggling: defaultdict[str, int] = defaultdict(int)
    for row in snap.matches:
        for line in row.lines:
            niggling[line.player.key] += sum(
                1 for k in [line.injury, *line.injuries_more] if k and injuries[k].niggling
            )
    with transaction.atomic():
        for team_row in snap.teams:
            key = f"derived:{team_row.source.key}"
            if key in load.mapped:
                continue
            for p in (p for p in snap.players if p.team.key == team_row.source.key):
                last = last_line.get(p.source.key)
                hurt = injuries[last.injury] if last is not None and last.injury else None
                misses = hurt is not None and hurt.misses_next_game and not hurt.dead
                Player.objects.filter(pk=load.id_of(p.source.key)).update(
                    niggling_injuries=niggling[p.source.key], miss_next_game=misses
                )
            team = Team.objects.get(pk=load.id_of(team_row.source.key))
            team.status = Team.Status.RETIRED if team_row.retired else Team.Status.READY
            team.save(update_fields=["status", "updated_at"])
            team_refresh_value(team=team)
            load.record(key, team)
            done += 1
    # The history's ratings, from scratch in play order: imported matches are written without the
    # post-match sequence, so no signal rated them. Idempotent, like every stage: a re-run or a
    # resume gives the same entries.
    recompute_league(load.league)
    return done
