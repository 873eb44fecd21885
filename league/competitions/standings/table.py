"""A season's table, read from the database and ranked by the one standings engine
(league.rules.standings): stored results in, the engine's Standings out. Nothing is stored but
the results (and the lots' dice), so a table is always what its results say.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any, cast

from django.db.models import Sum

from league.competitions.challenges.models import Challenge
from league.competitions.seasons.models import Bye, Season, SeasonTeam, StandingsLot, StandingsOrder
from league.core.models import League
from league.ratings.selectors import team_ratings
from league.rules import load_ruleset
from league.rules.standings import Bye as ByeRecord
from league.rules.standings import (
    PointsScheme,
    Result,
    Standings,
    StandingsTeam,
    compute_standings,
    scheme_from_mapping,
)
from league.rules.standings.records import Side

# Results the table counts: a confirmed score, whatever the post-match sequence is doing.
PLAYED = ("confirmed", "processing", "processed", "failed")


def standings_settings(league: League) -> dict[str, Any]:
    """The points scheme and tie-breakers in force for the league, as JSON (what a season keeps
    in Season.standings_settings when its regular season starts)."""
    # The schemes are the ruleset's data, which house rules do not change: no need to apply them.
    ruleset = load_ruleset(league.ruleset)
    scheme = ruleset.standings_schemes[ruleset.default_standings_scheme]
    rules = {rule.key: rule.value for rule in league.house_rules.all()}
    chosen = rules.get("standings_scheme")
    if isinstance(chosen, str) and chosen in ruleset.standings_schemes:
        scheme = ruleset.standings_schemes[chosen]
    values: dict[str, Any] = chosen if isinstance(chosen, dict) else scheme_to_mapping(scheme)
    tie_breakers = rules.get("standings_tie_breakers") or list(ruleset.default_tie_breakers)
    return {"scheme": values, "tie_breakers": list(tie_breakers)}


def scheme_to_mapping(scheme: PointsScheme) -> dict[str, Any]:
    return {
        "key": scheme.key,
        "win": scheme.win,
        "draw": scheme.draw,
        "loss": scheme.loss,
        "forfeit_win": scheme.forfeit_win,
        "forfeit_loss": scheme.forfeit_loss,
        "bye": scheme.bye,
        "concede": scheme.concede,
        "concession_counts_as_loss": scheme.concession_counts_as_loss,
        "bonuses": [
            {
                "key": b.key,
                "metric": b.metric,
                "comparator": b.comparator,
                "threshold": b.threshold,
                "points": b.points,
                "applies_to": b.applies_to,
            }
            for b in scheme.bonuses
        ],
    }


def season_settings(season: Season) -> dict[str, Any]:
    """The season's own copy once its regular season started; the league's settings before."""
    return season.standings_settings or standings_settings(season.league)


def versioned_settings(season: Season, settings: dict[str, Any]) -> dict[str, Any]:
    """The settings a season's cached table is keyed by (league.competitions.standings.cache hashes them):
    with the commissioner's tie-breaker, his stored orders too, so that ordering tied teams shows
    at once (one more query, only then)."""
    if "commissioner" not in settings.get("tie_breakers", ()):
        return settings
    rows = StandingsOrder.objects.filter(season=season).order_by("team_id")
    return {
        **settings,
        "commissioner_orders": [[t, p, str(at)] for t, p, at in rows.values_list("team_id", "position", "ordered_at")],
    }


def ranks_by_rating(league_id: int) -> bool:
    """Whether a table of the league ranks tied teams by their rating (a season's own copy of the
    settings, or the league's for a season that has none): new ratings then change its pages."""
    league = League.objects.filter(pk=league_id).first()
    if league is None:
        return False
    kept = list(Season.objects.filter(league=league).values_list("standings_settings", flat=True))
    wanted = [settings for settings in kept if settings]
    if len(wanted) < len(kept) or not kept:
        wanted.append(standings_settings(league))
    return any("rating" in (settings.get("tie_breakers") or ()) for settings in wanted)


def season_table(season: Season) -> Standings:
    """The season's regular-season table, in a fixed number of queries."""
    settings = season_settings(season)
    values = {k: v for k, v in settings["scheme"].items() if k != "key"}
    scheme, problems = scheme_from_mapping(str(settings["scheme"].get("key", "custom")), values)
    if scheme is None:
        raise ValueError("; ".join(problems))
    entries = SeasonTeam.objects.filter(season=season, status=SeasonTeam.Status.APPROVED).order_by("pk")
    # The team value tie-breaker reads the team's value now (the kept Team.team_value), the rating
    # one the team's ELO rating now (league.ratings).
    entered = list(entries.values_list("team_id", "team__team_value"))
    ratings: dict[int, int] = {}
    if "rating" in settings["tie_breakers"]:
        ratings = team_ratings(season.league, [team_id for team_id, _value in entered])
    teams = [StandingsTeam(team=team_id, team_value=value, rating=ratings.get(team_id)) for team_id, value in entered]
    results = season_results(season)
    # A team with a result but no approved entry (withdrawn mid-season) keeps its row: its
    # opponents' results stand, and the engine refuses results of teams it was not given.
    listed = {team.team for team in teams}
    for item in results:
        for team_id in (item.team,) if isinstance(item, ByeRecord) else (item.home, item.away):
            if team_id not in listed:
                listed.add(team_id)
                teams.append(StandingsTeam(team=team_id))
    lots: dict[int | str, int] = dict(StandingsLot.objects.filter(season=season).values_list("team_id", "value"))
    orders: dict[int | str, int] = {}
    if "commissioner" in settings["tie_breakers"]:
        # The commissioner's order: position 1 first, so the engine's "higher ranks higher" reads -position.
        rows = StandingsOrder.objects.filter(season=season).values_list("team_id", "position")
        orders = {team: -position for team, position in rows}
    return compute_standings(teams, results, scheme, settings["tie_breakers"], lots, orders)


def _casualties(season: Season) -> dict[tuple[int, str], int]:
    """The casualties of each side of the season's counted matches, summed from their lines in one
    grouped query (a subquery per match and side read the lines 6,000 times on 3,000 matches)."""
    from matches.models import MatchPlayer

    lines = MatchPlayer.objects.filter(match__season=season, match__stage="", match__status__in=PLAYED)
    grouped = lines.values("match_id", "side").annotate(total=Sum("casualties")).order_by()
    return {(row["match_id"], row["side"]): row["total"] or 0 for row in grouped}


def season_results(season: Season) -> list[Result | ByeRecord]:
    """The regular season's results, challenge forfeits and byes as the engine's records (four
    queries). A forfeit (a refused challenge, the rulebook) is a Result awarded to its winner
    with a 2-0 score and no casualties, placed in time among the matches by when it was decided."""
    from matches.models import Match
    from matches.services.sequence import sequence_key

    rows = (
        Match.objects.filter(season=season, stage="", status__in=PLAYED)
        .values_list(
            "pk", "sequence", "home_id", "away_id", "home_score", "away_score", "conceded_by", "shootout_winner"
        )
        .order_by("sequence", "pk")
    )
    cas = _casualties(season)
    timed: list[tuple[str, Result]] = []
    for pk, seq, home, away, hs, as_, conceded, shootout in rows:
        hc, ac = cas.get((pk, "home"), 0), cas.get((pk, "away"), 0)
        timed.append(
            (
                seq,
                Result(
                    key=str(pk),
                    order=0,
                    home=home,
                    away=away,
                    home_td=hs or 0,
                    away_td=as_ or 0,
                    home_cas=hc,
                    away_cas=ac,
                    conceded_by=cast("Side | None", conceded or None),
                    shootout_winner=cast("Side | None", shootout or None),
                ),
            )
        )
    forfeits = (
        Challenge.objects.filter(season=season)
        .exclude(forfeit_to="")
        .order_by("pk")
        .values_list("pk", "challenger_id", "challenged_id", "replacement_id", "forfeit_to", "decided_at")
    )
    # The score the ruleset records a forfeit with (not a league setting: no house rules to read).
    score = load_ruleset(season.league.ruleset).params.challenge_forfeit_score if forfeits else 0
    for pk, challenger, challenged, replacement, to, decided_at in forfeits:
        won = to == Challenge.Forfeit.CHALLENGER
        # The key a match confirmed then, with no day of play, would have: the same order.
        # A forfeit is decided when it is set: decided_at is there.
        seq = sequence_key(played_on=None, confirmed_at=cast(datetime, decided_at), pk=pk)
        result = Result(
            key=f"challenge:{pk}",
            order=0,
            home=challenger,
            away=replacement or challenged,
            home_td=score if won else 0,
            away_td=0 if won else score,
            awarded_to="home" if won else "away",
        )
        timed.append((seq, result))
    timed.sort(key=lambda item: item[0])  # stable: equal keys keep the matches' (sequence, pk) order
    records: list[Result | ByeRecord] = [replace(result, order=order) for order, (_s, result) in enumerate(timed)]
    for round_number, team_id in Bye.objects.filter(round__season=season).values_list("round__number", "team_id"):
        records.append(ByeRecord(key=f"bye:{round_number}:{team_id}", order=round_number, team=team_id))
    return records
