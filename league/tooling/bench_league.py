"""The league `manage.py bench_league` measures (docs/benchmarks.md): built fast, with bulk inserts.

The league is written with bulk_create, not through the services: the bench measures pages that
read a season, and building 3,000 matches through the post-match sequence would take minutes
without changing what the pages read (processed matches, their player lines, effects and dice, the
season's rounds). The serving and the measures are in league/tooling/bench_serve.py.

The matches of two teams, the last pair of round 1, are the exception: they run the real
post-match sequence (league/tooling/bench_replay.py), so that their history holds what a replay
undoes and runs again (effects, ledger entries, server dice, the stored input), and the bench can
correct their round-1 match. Their opponents' other matches stay written in bulk: a replay reads a
team it does not replay as it stood then.

The matches written in bulk are rated from scratch as an import's are; the ones played for real are
rated by the ratings' task as each run commits, late results for the league (league/tooling/bench_ratings.py).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.db import connection

from league.rules import default_ruleset_key

BATCH = 2000  # rows per INSERT: well under SQLite's and PostgreSQL's parameter limits
START = date(2026, 1, 5)  # round 1's Monday; each round a week later


@dataclass
class Built:
    league: object
    season: object
    coach: object  # the user the pages are served to: the coach of the first team
    commissioner: object
    team: object  # the coach's team, one of its players and its last match: the pages measured
    player: object
    match: object
    first_match: object  # the round-1 match of the two teams played for real: the one the bench corrects
    teams: int
    players: int
    matches: int
    lines: int
    seconds: float
    ratings: Any = None  # league.tooling.bench_ratings.Ratings


def build_league(*, teams: int, matches: int, seed: int = 9, prefix: str = "bench") -> Built:
    """A league of `teams` ready teams (11-12 players each), one regular season they are all
    approved into, and `matches` processed matches in round-robin rounds (each team at most once a
    round), with scores, FAME, gate, player lines (touchdowns, casualties), the SPP and MVP effects
    the statistics read, the dice of the post-match sequence (winnings, fan factor, MVP draws, the
    MVPs' improvement rolls) and sequence keys. `prefix` names the users and the league: several
    leagues can be built in one database."""
    from league.competitions.seasons.models import Round, Season, SeasonTeam
    from league.core.models import League, Membership
    from league.core.selectors import league_ruleset
    from league.core.services import league_create
    from league.ratings.services import recompute_league
    from league.tooling.bench_ratings import Ratings, from_scratch, incremental
    from league.tooling.bench_replay import play_for_real
    from matches.models import DiceRoll, Match, MatchCasualty, MatchEffect, MatchPlayer
    from matches.services.sequence import sequence_key
    from teams.models import Player, Team

    started = time.perf_counter()
    rng = random.Random(seed)
    User = get_user_model()
    commissioner = User.objects.create_user(f"{prefix}-commissioner")
    league: League = league_create(
        name=f"{prefix.title()} League of Seasons", ruleset=default_ruleset_key(), commissioner=commissioner
    )
    ruleset = league_ruleset(league)
    coaches = User.objects.bulk_create(
        [User(username=f"{prefix}-coach{n:03d}", password="!") for n in range(teams)], batch_size=BATCH
    )
    Membership.objects.bulk_create(
        [Membership(league=league, user=c, role=Membership.Role.COACH) for c in coaches], batch_size=BATCH
    )
    races = sorted(ruleset.teams)
    team_rows, rosters = [], []
    for n, coach in enumerate(coaches):
        race = ruleset.teams[races[n % len(races)]]
        roster: list[Any] = _roster(race, 11 + n % 2, rng)  # position keys; below, a team's players
        rerolls = 2 + n % 2
        value = sum(race.position(key).cost for key in roster) + rerolls * race.reroll_cost
        team_rows.append(
            Team(
                league=league,
                coach=coach,
                name=f"Bench Team {n:03d}",
                race=race.key,
                status=Team.Status.READY,
                rerolls=rerolls,
                fan_factor=rng.randint(0, 5),
                treasury=rng.randrange(0, 200_001, 10_000),
                team_value=value,
            )
        )
        rosters.append(roster)
    team_rows = Team.objects.bulk_create(team_rows, batch_size=BATCH)
    players = Player.objects.bulk_create(
        [
            Player(team=team, number=i, name=f"{team.name} #{i}", position=key)
            for team, roster in zip(team_rows, rosters, strict=True)
            for i, key in enumerate(roster, start=1)
        ],
        batch_size=BATCH,
    )
    squad: dict[int, list] = {}
    for player in players:
        squad.setdefault(player.team_id, []).append(player)

    now = datetime.now(UTC)
    season = Season.objects.create(
        league=league, number=1, name="Season 1", status=Season.Status.REGULAR, started_at=now
    )
    SeasonTeam.objects.bulk_create(
        [
            SeasonTeam(
                season=season,
                team=t,
                status=SeasonTeam.Status.APPROVED,
                requested_by=commissioner,
                decided_by=commissioner,
                decided_at=now,
            )
            for t in team_rows
        ],
        batch_size=BATCH,
    )
    per_round = teams // 2
    round_count = -(-matches // per_round)
    rounds = Round.objects.bulk_create(
        [
            Round(
                season=season,
                number=n + 1,
                starts_on=START + timedelta(weeks=n),
                deadline=START + timedelta(weeks=n, days=6),
            )
            for n in range(round_count)
        ]
    )
    # The last pair of round 1 plays for real: the first team, whose pages are measured, plays
    # them late in a long season (if at all), so its pages read what was written in bulk.
    first = _round_pairs(team_rows, 0)[:matches][-1]
    real_teams = {team.pk for team in first}
    match_rows: list[Match] = []
    results: list[tuple[int, int]] = []
    for n, round_ in enumerate(rounds):
        played_on = cast(date, round_.starts_on) + timedelta(days=rng.randint(0, 5))
        for home, away in _round_pairs(team_rows, n)[: matches - len(match_rows)]:
            home_score, away_score = rng.choice([0, 1, 1, 2, 2, 3]), rng.choice([0, 0, 1, 1, 2, 3])
            if (home, away) == first:  # the match the bench corrects: a touchdown to move
                home_score, away_score = max(home_score, 1), max(away_score, 1)
            real = bool(real_teams & {home.pk, away.pk})
            confirmed_at = datetime(played_on.year, played_on.month, played_on.day, 20, tzinfo=UTC) + timedelta(
                seconds=len(match_rows)
            )
            match_rows.append(
                Match(
                    league=league,
                    home=home,
                    away=away,
                    ruleset=ruleset.key,
                    ruleset_version=ruleset.version,
                    # A real one waits, submitted, for its turn in play_for_real.
                    status=Match.Status.SUBMITTED if real else Match.Status.PROCESSED,
                    scheduled_by=commissioner,
                    season=season,
                    round=round_,
                    played_on=played_on,
                    weather="nice",
                    home_tv=home.team_value,
                    away_tv=away.team_value,
                    home_score=home_score,
                    away_score=away_score,
                    home_fame=rng.randint(0, 2),
                    away_fame=rng.randint(0, 2),
                    gate=rng.randrange(20_000, 60_001, 1000),
                    submitted_by=home.coach,
                    submitted_at=confirmed_at - timedelta(hours=1),
                    confirmed_by=away.coach,
                    confirmed_at=confirmed_at,
                    processed_at=None if real else confirmed_at + timedelta(seconds=5),
                )
            )
            results.append((home_score, away_score))
    match_rows = Match.objects.bulk_create(match_rows, batch_size=BATCH)
    for match in match_rows:
        match.sequence = sequence_key(
            played_on=match.played_on or cast(Round, match.round).starts_on,
            confirmed_at=cast(datetime, match.confirmed_at),
            pk=match.pk,
        )
    Match.objects.bulk_update(match_rows, ["sequence"], batch_size=BATCH)

    lines, effects, dice, casualties = [], [], [], []
    spp: dict[int, int] = {}
    for match, scores in zip(match_rows, results, strict=True):
        real = match.status == Match.Status.SUBMITTED
        for side, team, score in (("home", match.home, scores[0]), ("away", match.away, scores[1])):
            roster = squad[team.pk]
            tds = [rng.choice(roster).pk for _ in range(score)]
            cas = [rng.choice(roster).pk for _ in range(rng.choice([0, 0, 1, 1, 2, 3]))]
            if real:
                # Each casualty credited is one the other side suffered, a Badly Hurt (D6 1-3: no
                # lasting effect, so every later report stays valid). The match the bench corrects
                # has one of each side to move.
                cas = cas or ([rng.choice(roster).pk] if real_teams >= {match.home_id, match.away_id} else [])
                victims = rng.sample(squad[match.away_id if side == "home" else match.home_id], len(cas))
                casualties += [
                    MatchCasualty(match=match, victim=victim, d6=rng.randint(1, 3), d8=rng.randint(1, 8))
                    for victim in victims
                ]
            for player in roster:
                line = MatchPlayer(
                    match=match,
                    player=player,
                    side=side,
                    touchdowns=tds.count(player.pk),
                    casualties=cas.count(player.pk),
                    completions=int(rng.random() < 0.1),
                )
                lines.append(line)
                if real:
                    continue  # the real sequence awards what it awards
                spp[player.pk] = spp.get(player.pk, 0) + 3 * line.touchdowns + 2 * line.casualties + line.completions
                effects += _spp_effects(match, side, player, line)
            if real:
                continue
            # The post-match sequence's MVP: one player of each side, 5 SPP (the statistics read it).
            mvp = rng.choice(roster)
            spp[mvp.pk] = spp.get(mvp.pk, 0) + 5
            effects.append(
                MatchEffect(
                    match=match, step="mvp", key=f"mvp:{side}:1", kind="mvp", team=team, player=mvp, data={"spp": 5}
                )
            )
            dice += [
                DiceRoll(match=match, purpose=f"mvp:{side}:1", values=[roster.index(mvp) + 1], source="server"),
                DiceRoll(match=match, purpose=f"winnings:{side}", values=[rng.randint(1, 6)], source="entered"),
                DiceRoll(match=match, purpose=f"ff:{side}", values=[rng.randint(1, 6)] * 2, source="server"),
                # Keyed by the player (p<id>): the match page names him and his team.
                DiceRoll(
                    match=match, purpose=f"improvement:p{mvp.pk}:1", values=[rng.randint(1, 6)] * 2, source="server"
                ),
            ]
    MatchPlayer.objects.bulk_create(lines, batch_size=BATCH)
    MatchEffect.objects.bulk_create(effects, batch_size=BATCH)
    DiceRoll.objects.bulk_create(dice, batch_size=BATCH)
    MatchCasualty.objects.bulk_create(casualties, batch_size=BATCH)
    for player in players:
        player.spp = spp.get(player.pk, 0)
    Player.objects.bulk_update(players, ["spp"], batch_size=BATCH)
    played = [m for m in match_rows if m.status == Match.Status.SUBMITTED]
    # The planner's statistics before the matches played for real, as a live database has them
    # after a bulk write (autovacuum's ANALYZE): without them every read of their runs and of
    # their listeners (the derived tables' build: 90 s a match here) is planned for empty tables.
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    # The matches written in bulk are rated as an import's are; the ones played for real are rated
    # by the post-match sequence's listener, one by one (league.tooling.bench_ratings).
    recompute_league(league)
    with incremental(Ratings()) as ratings:
        play_for_real(played)
    from_scratch(league, ratings)
    # Again once they are played, as autovacuum would: PostgreSQL would otherwise plan the pages
    # for the tables as they stood before.
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return Built(
        league=league,
        season=season,
        coach=team_rows[0].coach,
        commissioner=commissioner,
        team=team_rows[0],
        player=squad[team_rows[0].pk][0],
        match=_last_match(match_rows, team_rows[0], played),
        first_match=next(m for m in played if {m.home_id, m.away_id} == real_teams),
        teams=len(team_rows),
        players=len(players),
        matches=len(match_rows),
        lines=len(lines),
        seconds=time.perf_counter() - started,
        ratings=ratings,
    )


def _last_match(matches: list, team: Any, played: list) -> Any:
    """The team's last match written in bulk (its last match if none is): the match page measured
    is then the same kind of page whatever the league's size."""
    ours = [m for m in matches if team.pk in (m.home_id, m.away_id)]
    real = {m.pk for m in played}
    return ([m for m in ours if m.pk not in real] or ours)[-1]


def _spp_effects(match: Any, side: str, player: Any, line: Any) -> list:
    """The post-match sequence's SPP effects for one report line (the ruleset's awards), as it writes them."""
    from matches.models import MatchEffect

    return [
        MatchEffect(
            match=match,
            step="spp",
            key=f"spp:{side}:{player.pk}:{action}",
            kind="spp",
            team_id=player.team_id,
            player=player,
            data={"spp": award * count, "count": count, "reason": action},
        )
        for action, award, count in (
            ("touchdown", 3, line.touchdowns),
            ("casualty", 2, line.casualties),
            ("completion", 1, line.completions),
        )
        if count
    ]


def _roster(race: Any, size: int, rng: random.Random) -> list[str]:
    """`size` position keys: up to two of each specialist position (as coaches buy them), then
    the cheapest position (the linemen) to fill the roster, within each position's maximum."""
    positions = sorted(race.positions, key=lambda p: p.cost)
    roster: list[str] = []
    for position in positions[1:]:
        roster += [position.key] * min(position.max_count, 2, size - 1 - len(roster))
    for position in positions:
        roster += [position.key] * min(position.max_count - roster.count(position.key), size - len(roster))
    rng.shuffle(roster)
    return sorted(roster, key=lambda key: race.position(key).cost, reverse=True)


def _round_pairs(teams: list, n: int) -> list[tuple]:
    """Round n of a round robin (circle method): every team plays once, home and away alternate."""
    rest = teams[1:]
    shift = n % len(rest)
    ring = [teams[0]] + rest[shift:] + rest[:shift]
    half = len(ring) // 2
    pairs = list(zip(ring[:half], reversed(ring[half:]), strict=True))
    return [(a, b) if (n + i) % 2 else (b, a) for i, (a, b) in enumerate(pairs)]
