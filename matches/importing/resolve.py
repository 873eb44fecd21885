"""Finding what a report names (the league, the two teams, their players) and turning the report
into the services' inputs (PrematchInput, ReportInput).

Nothing here writes. Every problem is collected rather than raised, so the importer can answer
with all of them at once. Players are named by roster number or id; in dice and decision keys by
"home#7" / "away#3" or "p<id>", which become the engine's "p<id>" refs once found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.utils.translation import gettext as _

from league.core.models import League
from league.rules import Ruleset
from league.rules.prematch import InducementOrder, Mercenary, journeymen_needed
from matches.fingerprint import COUNTS as FINGERPRINT_COUNTS
from matches.fingerprint import fingerprint
from matches.services.prematch import PrematchInput
from matches.services.report_input import CasualtyLine, PlayerLine, ReportInput
from matches.services.wording import casualties_problem, missed_problem
from teams.models import Player, Team

SIDES = ("home", "away")
REF = re.compile(r"^(?:p(?P<id>[1-9][0-9]*)|(?P<side>home|away)#(?P<number>[1-9][0-9]?))$")
KEY_WITH_REF = re.compile(r"^(?P<head>improvement|leave|journeyman):(?P<ref>[^:]+)(?P<tail>(?::[0-9]+)?)$")
COUNTS = ("completions", "touchdowns", "interceptions", "casualties")


@dataclass
class Setup:
    league: League | None = None
    home: Team | None = None
    away: Team | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def playable(self) -> bool:
        """Whether the match can be built, so that the services can check the rest."""
        return None not in (self.league, self.home, self.away) and not self.problems


def _team(value: int | str, league: League, problems: list[str]) -> Team | None:
    if isinstance(value, int):
        team = Team.objects.filter(pk=value).first()
        if team is None:
            problems.append(_("There is no team with the id %(id)s.") % {"id": value})
        elif team.league_id != league.pk:
            problems.append(_("%(team)s does not play in this league.") % {"team": team.name})
            return None
        return team
    team = Team.objects.filter(league=league, name=value).first()
    if team is None:
        problems.append(_("There is no team called “%(name)s” in this league.") % {"name": value})
    return team


def resolve_setup(data: dict[str, Any], league: League | None) -> Setup:
    setup = Setup()
    if league is not None and league.slug != data["league"]:
        setup.problems.append(
            _("This report is for the league “%(report)s”, not “%(league)s”.")
            % {"report": data["league"], "league": league.slug}
        )
        return setup
    setup.league = league or League.objects.filter(slug=data["league"]).first()
    if setup.league is None:
        setup.problems.append(_("There is no league “%(slug)s”.") % {"slug": data["league"]})
        return setup
    if data["ruleset"] != setup.league.ruleset:
        setup.problems.append(
            _("This report is for the “%(report)s” ruleset but the league plays “%(league)s”.")
            % {"report": data["ruleset"], "league": setup.league.ruleset}
        )
    setup.home = _team(data["home"], setup.league, setup.problems)
    setup.away = _team(data["away"], setup.league, setup.problems)
    if setup.home and setup.away and setup.home.pk == setup.away.pk:
        setup.problems.append(_("A team cannot play against itself."))
    for team in (setup.home, setup.away):
        if team is not None and team.status != Team.Status.READY:
            setup.problems.append(_("%(team)s is not ready to play.") % {"team": team.name})
    return setup


class Roster:
    """One side's players as a report names them. Before the pre-match sequence has run, the
    numbers its free journeymen will take are known (the lowest free ones) but have no row yet."""

    def __init__(self, team: Team, ruleset: Ruleset | None = None) -> None:
        players = sorted(team.players.all(), key=lambda p: p.pk)
        self.team = team
        self.by_id = {p.pk: p for p in players}
        self.by_number = {p.number: p for p in players if p.status == Player.Status.ACTIVE}
        self.gone = {p.number: p for p in players if p.status != Player.Status.ACTIVE}
        self.journeymen: set[int] = set()
        if ruleset is not None:
            available = sum(1 for p in self.by_number.values() if not p.miss_next_game)
            free = [n for n in range(1, 100) if n not in self.by_number]
            self.journeymen = set(free[: journeymen_needed(ruleset, available)])

    def _checked(self, player: Player) -> tuple[Player | None, str | None]:
        if player.status != Player.Status.ACTIVE:
            return None, (
                _("%(team)s: %(player)s is %(status)s and cannot play.")
                % {"team": self.team.name, "player": player, "status": str(player.get_status_display()).lower()}
            )
        return player, None

    def find(self, *, number: int | None = None, id: int | None = None) -> tuple[Player | None, str | None]:
        """(player, None), (None, problem), or (None, None) for a journeyman still to be added."""
        if id is not None:
            player = self.by_id.get(id)
            if player is None:
                return None, _("%(team)s has no player with the id %(id)s.") % {"team": self.team.name, "id": id}
            return self._checked(player)
        if number in self.by_number:
            return self.by_number[number], None
        if number in self.journeymen:
            return None, None
        if number in self.gone:
            return self._checked(self.gone[number])
        return None, _("%(team)s has no player #%(number)s.") % {"team": self.team.name, "number": number}


def find_ref(text: str, rosters: dict[str, Roster]) -> tuple[Player | None, str | None]:
    """A player named in a key or a decision: "home#7", "away#3" or "p<id>"."""
    match = REF.match(text)
    if match is None:
        return None, _("name the player as home#<number>, away#<number> or p<id>.")
    if match["side"]:
        return rosters[match["side"]].find(number=int(match["number"]))
    player_id = int(match["id"])
    for roster in rosters.values():
        if player_id in roster.by_id:
            return roster.find(id=player_id)
    return None, _("No player of this match has the id %(id)s.") % {"id": player_id}


def prematch_input(data: dict[str, Any]) -> PrematchInput:
    pre = data.get("prematch", {})

    def order(side: str) -> InducementOrder:
        wanted = pre.get(side, {}).get("inducements", {})
        return InducementOrder(
            items=wanted.get("items", {}),
            stars=tuple(wanted.get("stars", ())),
            mercenaries=tuple(Mercenary(m["position"], m.get("extra_skill")) for m in wanted.get("mercenaries", ())),
        )

    # Any other key is a table-roll step of the ruleset (its 2D6) or a choice step ({"option": key,
    # "side": home/away}); prematch_record refuses a step the ruleset has not.
    tables = {
        step: dict(value) if isinstance(value, dict) else tuple(value)
        for step, value in pre.items()
        if step not in ("home", "away", "weather")
    }
    return PrematchInput(
        steps=tables,
        weather_dice=tuple(pre["weather"]) if "weather" in pre else None,
        home_petty_cash=pre.get("home", {}).get("petty_cash", 0),
        away_petty_cash=pre.get("away", {}).get("petty_cash", 0),
        home_inducements=order("home"),
        away_inducements=order("away"),
    )


def _named(entry: dict[str, Any], roster: Roster, problems: list[str]) -> Player | None:
    player, problem = roster.find(number=entry.get("number"), id=entry.get("id"))
    if problem:
        problems.append(problem)
    return player


def _record(entry: dict[str, Any], rosters: dict[str, Roster], problems: list[str]) -> dict[str, Any]:
    """A match-sheet record's entry with its player named by id (matches.services.records checks it)."""
    found = {k: v for k, v in entry.items() if k not in ("number", "id")}
    if "number" in entry or "id" in entry:
        player = _named(entry, rosters[entry["side"]], problems) if entry.get("side") in rosters else None
        found["player"] = player.pk if player else 0
    return found


def cards_bought(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(side, deck, card) of each card the report's pre-match bought, side by side in buying order."""
    pre = data.get("prematch", {})
    return [(side, c["deck"], c["card"]) for side in SIDES for c in pre.get(side, {}).get("cards", ())]


def _cards_played(data: dict[str, Any], rosters: dict[str, Roster], problems: list[str]) -> list[dict] | None:
    """The cards played with their players named by id (matches.services.card_plays checks them);
    None when the report leaves them out, so those marked on the match page are kept."""
    if "cards_played" not in data:
        return None
    return [
        {
            "side": entry["side"],
            "card": entry["card"],
            "players": [_record(p, rosters, problems)["player"] for p in entry.get("players", ())],
        }
        for entry in data["cards_played"]
    ]


def _dice_and_decisions(
    data: dict[str, Any], rosters: dict[str, Roster], problems: list[str]
) -> tuple[dict[str, list[int]], dict[str, Any]]:
    def key_of(key: str) -> str | None:
        found = KEY_WITH_REF.match(key)
        if found is None:
            return key
        player, problem = find_ref(found["ref"], rosters)
        if problem:
            problems.append(_("“%(key)s”: %(problem)s") % {"key": key, "problem": problem})
        if player is None:
            return None
        if found["head"] == "journeyman" and not player.journeyman:
            problems.append(_("“%(key)s”: %(player)s is not a journeyman.") % {"key": key, "player": player})
        return f"{found['head']}:p{player.pk}{found['tail']}"

    dice = {new: values for key, values in data.get("dice", {}).items() if (new := key_of(key))}
    decisions: dict[str, Any] = {}
    for key, value in data.get("decisions", {}).items():
        new, kind = key_of(key), key.split(":", 1)[0]
        wrong = None
        if kind == "mvp":
            player, wrong = find_ref(value, rosters) if isinstance(value, str) else (None, find_ref("", rosters)[1])
            value = f"p{player.pk}" if player else value
        elif kind == "card_gold" and (type(value) is not int or value < 0):
            wrong = _("give the gold in gold pieces (0 or more).")
        elif kind == "healing":  # the player healed, and which of his casualty results (":2": Decay's)
            text, _sep, n = value.partition(":") if isinstance(value, str) else ("", "", "")
            player, wrong = find_ref(text, rosters) if n in ("", "1", "2") else (None, _("add :1 or :2, or nothing."))
            value = f"p{player.pk}:{n or 1}" if player else value
        elif kind == "winnings_reroll" and not isinstance(value, bool):
            wrong = _("answer true or false.")
        elif kind == "journeyman" and value not in ("hire", "release"):
            wrong = _("answer “hire” or “release”.")
        elif kind == "improvement":
            if not isinstance(value, str):
                wrong = _("name a skill or a characteristic.")
            elif new is not None and new not in dice:
                # A choice made against dice the server has not rolled yet may turn out impossible.
                wrong = _("enter the improvement dice too, or choose on the site once they are rolled.")
        if wrong:
            problems.append(_("“%(key)s”: %(problem)s") % {"key": key, "problem": wrong})
        elif new:
            decisions[new] = value
    return dice, decisions


def report_input(data: dict[str, Any], rosters: dict[str, Roster]) -> tuple[ReportInput, list[str]]:
    """The services' ReportInput and every problem found while naming players (journeymen still
    to be added are left out: the importer reads the report again once they exist)."""
    problems: list[str] = []
    lines: list[PlayerLine] = []
    casualties: list[CasualtyLine] = []
    inflicted = {side: 0 for side in SIDES}
    touchdowns = {side: 0 for side in SIDES}
    for side in SIDES:
        for entry in data.get("players", {}).get(side, ()):
            counts = {name: entry.get(name, 0) for name in COUNTS}
            inflicted[side] += counts["casualties"]
            touchdowns[side] += counts["touchdowns"]
            player = _named(entry, rosters[side], problems)
            if player is not None:
                if player.miss_next_game and (any(counts.values()) or any(entry.get("actions", {}).values())):
                    problems.append(missed_problem(player))
                lines.append(PlayerLine(player.pk, **counts, actions=dict(entry.get("actions", {}))))
        for entry in data.get("casualties", {}).get(side, ()):
            player = _named(entry, rosters[side], problems)
            if player is None:
                continue
            if player.miss_next_game:
                problems.append(
                    _("%(player)s missed this match and cannot have suffered a casualty.") % {"player": player}
                )
            decay, apo = entry.get("decay", {}), entry.get("apothecary")
            casualties.append(
                CasualtyLine(
                    victim_id=player.pk,
                    d6=entry["d6"],
                    d8=entry["d8"],
                    second_d6=decay.get("d6"),
                    second_d8=decay.get("d8"),
                    apothecary_used=apo is not None,
                    apothecary_d6=apo["d6"] if apo else None,
                    apothecary_d8=apo["d8"] if apo else None,
                    apothecary_kept_reroll=bool(apo and apo["kept"]),
                    apothecary_after_match=bool(apo and apo.get("after_match")),
                    regeneration_roll=entry.get("regeneration"),
                )
            )
    result = data["result"]
    for side, other in (("home", "away"), ("away", "home")):
        # Counted on the report as written, so a line naming an unknown player still counts here;
        # the wording is the services' (report_problems), so the same finding is listed once.
        if touchdowns[side] > result[f"{side}_score"]:
            problems.append(
                _("The %(side)s players scored %(tds)s touchdowns but the score says %(score)s.")
                % {"side": _(side), "tds": touchdowns[side], "score": result[f"{side}_score"]}
            )
        suffered = len(data.get("casualties", {}).get(other, ()))
        if inflicted[side] > suffered:
            problems.append(casualties_problem(side, inflicted[side], suffered))
    if result.get("concession_justified") and not result.get("conceded_by"):
        problems.append(_("A concession can only be justified when a team conceded."))
    dice, decisions = _dice_and_decisions(data, rosters, problems)
    records = [_record(entry, rosters, problems) for entry in data.get("records", ())]
    report = ReportInput(
        home_score=result["home_score"],
        away_score=result["away_score"],
        home_fame=result.get("home_fame", 0),
        away_fame=result.get("away_fame", 0),
        home_uncredited_touchdowns=result.get("home_uncredited_touchdowns", 0),
        away_uncredited_touchdowns=result.get("away_uncredited_touchdowns", 0),
        home_apothecary_ko=result.get("home_apothecary_ko", 0),
        away_apothecary_ko=result.get("away_apothecary_ko", 0),
        gate=result.get("gate"),
        conceded_by=result.get("conceded_by") or "",
        concession_justified=result.get("concession_justified", False),
        shootout_winner=result.get("shootout_winner") or "",
        overtime=bool(result.get("overtime")) or bool(result.get("shootout_winner")),
        shootout_dice=tuple(tuple(pair) for pair in result.get("shootout_dice") or ()),
        records=tuple(records),
        cards_played=_cards_played(data, rosters, problems),
        lines=tuple(lines),
        casualties=tuple(casualties),
        dice=dice,
        decisions=decisions,
        played_on=date.fromisoformat(data["played_on"]) if "played_on" in data else None,
    )
    return report, problems


def report_fingerprint(data: dict[str, Any], league: League, rosters: dict[str, Roster]) -> str:
    """matches.fingerprint of the report as written, before anything is saved: players by the
    number the report gives (a journeyman still to be added included), or by their id's number."""

    def number(entry: dict[str, Any], roster: Roster) -> int:
        if "number" in entry:
            return int(entry["number"])
        player = roster.by_id.get(entry.get("id"))  # type: ignore[arg-type]
        return player.number if player else 0  # an unknown id is refused anyway

    result = data["result"]
    lines, casualties = [], []
    for side in SIDES:
        roster = rosters[side]
        for entry in data.get("players", {}).get(side, ()):
            lines.append((side, number(entry, roster), [entry.get(name, 0) for name in FINGERPRINT_COUNTS]))
        for entry in data.get("casualties", {}).get(side, ()):
            decay, apo = entry.get("decay", {}), entry.get("apothecary")
            dice = [entry["d6"], entry["d8"], decay.get("d6"), decay.get("d8"), apo is not None]
            dice += [apo["d6"], apo["d8"], bool(apo["kept"])] if apo else [None, None, False]
            after = bool(apo and apo.get("after_match"))
            casualties.append((side, number(entry, roster), [*dice, entry.get("regeneration"), after]))
    return fingerprint(
        league_id=league.pk,
        home_id=rosters["home"].team.pk,
        away_id=rosters["away"].team.pk,
        scores=(result["home_score"], result["away_score"]),
        conceded_by=result.get("conceded_by") or "",
        justified=bool(result.get("concession_justified")),
        lines=lines,
        casualties=casualties,
    )
