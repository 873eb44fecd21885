"""A league history of four teams written as import reports, for the worker tests of corrections
(tests/tasks/test_corrections_worker.py): the reports, a correction's inputs, and the state of the
teams by names, so that two leagues with the same team names compare field by field."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from django.db.models import Sum

from league.core.services import league_create, league_join
from matches.importing import import_match
from matches.models import DiceRoll, Match
from matches.services.common import prematch_dice
from matches.services.corrections import inputs_of
from matches.services.report_input import CasualtyLine, PlayerLine
from teams.models import ImprovementRoll, Player, Team, TreasuryEntry
from teams.selectors import compute_team_value, ledger_balance
from tests.builders import human_team, orc_team
from tests.matches.history_helpers import by_names

A, B, C, D = "Reavers", "Gouged Eye", "Grey Fangs", "Skull Bash"
ORCS = (B, D)


@dataclass(frozen=True)
class Game:
    """One result by shirt numbers: lines {(side, number): {touchdowns: n, ...}}, casualties
    suffered [(side, number, d6, d8)], and the MVP draw dice (which candidate each side draws)."""

    key: str
    home: str
    away: str
    day: int
    score: tuple[int, int]
    lines: dict[tuple[str, int], dict[str, int]] = field(default_factory=dict)
    casualties: tuple[tuple[str, int, int, int], ...] = ()
    mvp: tuple[int, int] = (1, 1)


def four_teams(league, coaches) -> dict[str, Any]:
    """Two Human and two Orc teams, one per coach; the dict by_names reads."""
    teams: dict[str, Any] = {"league": league}
    for name, coach in zip((A, B, C, D), coaches, strict=True):
        teams[name] = (orc_team if name in ORCS else human_team)(league, coach, name)
    return teams


def twin_league(name: str, commissioner, coaches) -> dict[str, Any]:
    league = league_create(name=name, ruleset="lrb6", commissioner=commissioner)
    for coach in coaches:
        league_join(league=league, user=coach)
    return four_teams(league, coaches)


def report(league, game: Game, prefix: str, dice: dict[str, list[int]] | None = None) -> dict[str, Any]:
    def lines(side: str) -> list[dict[str, int]]:
        return [{"number": n, **counts} for (s, n), counts in sorted(game.lines.items()) if s == side]

    def casualties(side: str) -> list[dict[str, int]]:
        return [{"number": n, "d6": d6, "d8": d8} for s, n, d6, d8 in game.casualties if s == side]

    return {
        "format_version": 1,
        "report_id": f"{prefix}-{game.key}",
        "league": league.slug,
        "ruleset": "lrb6",
        "home": game.home,
        "away": game.away,
        "played_on": f"2026-09-{game.day:02d}",
        "distinct_match": True,
        "prematch": {"weather": [3, 4]},
        "result": {"home_score": game.score[0], "away_score": game.score[1], "gate": 20},
        "players": {"home": lines("home"), "away": lines("away")},
        "casualties": {"home": casualties("home"), "away": casualties("away")},
        "dice": dice if dice is not None else {"mvp:home:1": [game.mvp[0]], "mvp:away:1": [game.mvp[1]]},
    }


def enter(teams: dict[str, Any], game: Game, prefix: str, by, dice=None) -> Match:
    """Imported by the commissioner: confirmed at once, its run queued when the import commits."""
    return import_match(report(teams["league"], game, prefix, dice), by=by, league=teams["league"]).match


def game_key(match: Match) -> str:
    return match.import_key.rsplit("-", 1)[1]


def used_dice(match: Match) -> dict[str, list[int]]:
    """The post-match dice a match stored, as import keys naming players side#number."""
    sides = {match.home_id: "home", match.away_id: "away"}
    numbers = {p.pk: f"{sides[p.team_id]}#{p.number}" for p in Player.objects.filter(team_id__in=list(sides))}
    skip = prematch_dice(match)
    return {
        re.sub(r"\bp(\d+)\b", lambda m: numbers[int(m.group(1))], purpose): list(values)
        for purpose, values in DiceRoll.objects.filter(match=match).values_list("purpose", "values")
        if purpose not in skip
    }


def dice_for(match: Match, dice: dict[str, list[int]]) -> dict[str, list[int]]:
    """Dice keyed side#number (used_dice) as a correction of `match` stores them: p<id>."""
    ids = {f"{side}#{p.number}": p.pk for side in ("home", "away") for p in match.team(side).players.all()}
    return {re.sub(r"\b(?:home|away)#\d+\b", lambda m: f"p{ids[m.group(0)]}", k): v for k, v in dice.items()}


def store_dice(match: Match, dice: dict[str, list[int]]) -> None:
    """A processed match's post-match dice made `dice` (keyed side#number), as if it had rolled
    them: what a replay of it then reads."""
    DiceRoll.objects.filter(match=match).exclude(purpose__in=prematch_dice(match)).delete()
    DiceRoll.objects.bulk_create(
        DiceRoll(match=match, purpose=purpose, values=values, source=DiceRoll.Source.SERVER)
        for purpose, values in dice_for(match, dice).items()
    )


def correction_inputs(match: Match, game: Game, dice: dict[str, list[int]] | None = None) -> dict[str, Any]:
    """The stored inputs of `match` (its dice and decisions) with `game`'s sheet (and `dice`)."""
    stored = inputs_of(match)

    def player(side: str, number: int) -> int:
        return match.team(side).players.get(number=number).pk

    return {
        **stored,
        "result": {**stored["result"], "home_score": game.score[0], "away_score": game.score[1]},
        "lines": [asdict(PlayerLine(player(s, n), **counts)) for (s, n), counts in sorted(game.lines.items())],
        "casualties": [asdict(CasualtyLine(player(s, n), d6, d8)) for s, n, d6, d8 in game.casualties],
        "dice": dice_for(match, dice) if dice is not None else stored["dice"],
    }


def league_matches(teams: dict[str, Any]) -> list[Match]:
    return list(Match.objects.filter(league=teams["league"]).order_by("sequence", "pk"))


def names_of(teams: dict[str, Any]) -> tuple[dict[int, str], dict[int, str]]:
    """Team id -> name, player id -> "team#number"."""
    team = {t.pk: t.name for t in Team.objects.filter(league=teams["league"])}
    player = {p.pk: f"{team[p.team_id]}#{p.number}" for p in Player.objects.filter(team_id__in=list(team))}
    return team, player


def rolls(teams: dict[str, Any]) -> list[tuple]:
    """Every improvement roll: the match that took it (by report key), whose, its index and dice."""
    _team, player = names_of(teams)
    return sorted(
        (game_key(r.match), player[r.player_id], r.index, r.d6a, r.d6b, r.pending, r.skill or "")
        for r in ImprovementRoll.objects.filter(player_id__in=list(player)).select_related("match")
    )


def ledger(teams: dict[str, Any]) -> list[tuple]:
    """Every ledger row, its keys naming matches by report key and players by name."""
    team, player = names_of(teams)
    keys = {m.pk: game_key(m) for m in Match.objects.filter(league=teams["league"])}

    def plain(key: str) -> str:
        key = re.sub(r"\bmatch:(\d+)", lambda m: f"match:{keys.get(int(m.group(1)), m.group(1))}", key)
        return re.sub(r"\b(p|player:)(\d+)\b", lambda m: m.group(1) + player.get(int(m.group(2)), m.group(2)), key)

    return sorted(
        (team[e.team_id], e.kind, e.account, e.amount, plain(e.key))
        for e in TreasuryEntry.objects.filter(team_id__in=list(team))
    )


def ledger_rows(teams: dict[str, Any]) -> set[tuple]:
    """The rows as stored, to show that none was deleted or rewritten."""
    return set(
        TreasuryEntry.objects.filter(team__league=teams["league"]).values_list(
            "pk", "team_id", "kind", "account", "amount", "key", "memo", "match_id"
        )
    )


def check_books(teams: dict[str, Any]) -> None:
    """Each team's treasury is what its ledger sums to, its team value what its roster makes."""
    for team in Team.objects.filter(league=teams["league"]):
        assert ledger_balance(team) == team.treasury, team.name
        total = TreasuryEntry.objects.filter(team=team, account=TreasuryEntry.TREASURY).aggregate(s=Sum("amount"))
        assert total["s"] == team.treasury, team.name
        assert compute_team_value(team) == team.team_value, team.name


def state(teams: dict[str, Any]) -> dict[str, Any]:
    return {"teams": by_names(teams), "rolls": rolls(teams)}


def differences(got: Any, expected: Any, path: str = "") -> list[str]:
    """Where two states differ, one line per field: a readable failure."""
    if isinstance(got, dict) and isinstance(expected, dict):
        return [
            line
            for key in sorted(set(got) | set(expected), key=str)
            for line in differences(got.get(key, "<missing>"), expected.get(key, "<missing>"), f"{path}/{key}")
        ]
    return [] if got == expected else [f"{path}: {got!r} != {expected!r}"]
