"""A parsed FUMBBL team named with the keys of the league's ruleset, or every reason it cannot be.

Names are matched on the ruleset's own data (English or French names, normalised: case, accents,
spaces, hyphens, apostrophes and a parenthesised value such as "Mighty Blow (+1)" set aside), then
through the alias tables of aliases/ (FUMBBL spellings that differ in more than that). No ruleset is
named here: whatever the target league's ruleset data holds is what a FUMBBL name may become.
Every refusal is collected, so the coach reads all of them at once.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import Any

from django.utils.translation import gettext_noop as N_

from league.interchange.fumbbl.parse import STATS, FumbblPlayer, FumbblTeam
from league.rules import Ruleset
from league.rules.postmatch.improvements import learned_skill_value_key, stat_value_key
from league.rules.types import Position, TeamList

ALIASES = Path(__file__).parent / "aliases"

# A characteristic gain: "+MA" in FUMBBL's skill list.
_GAIN = re.compile(r"^\+\s*(MA|ST|AG|PA|AV)$", re.IGNORECASE)


@dataclass(frozen=True)
class Problem:
    """Why the team cannot come over: an English pattern (translated when shown) and its values."""

    pattern: str
    params: dict[str, Any] = field(default_factory=dict)

    def english(self) -> str:
        return self.pattern % self.params if self.params else self.pattern


@dataclass
class MappedPlayer:
    source: FumbblPlayer
    number: int
    name: str
    position: str  # a position key of the team list
    advancements: list[tuple[str, str]] = field(default_factory=list)  # (improvement kind, skill key or "")
    injuries: list[tuple[str, str]] = field(default_factory=list)  # (casualty key, stat or "")
    niggling: int = 0
    miss_next_game: bool = False
    spp: int = 0


@dataclass
class MappedTeam:
    source: FumbblTeam
    race: str = ""  # a team-list key
    players: list[MappedPlayer] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    lost: list[Problem] = field(default_factory=list)  # what is read but not kept (shown, not refused)


def normalise(name: str) -> str:
    """ "Mighty Blow (+1)" → "mightyblow"; "Bone-Head" → "bonehead"; "Équipe" → "equipe"."""
    name = re.sub(r"\([^)]*\)\s*$", "", name)
    name = unicodedata.normalize("NFKD", name)
    return "".join(c for c in name.casefold() if c.isalnum())


@cache
def _aliases(table: str) -> tuple[tuple[str, ...], ...]:
    with (ALIASES / f"{table}.csv").open(encoding="utf-8", newline="") as f:
        return tuple(tuple(row[:-1]) for row in list(csv.reader(f))[1:] if row)


def ruleset_stats(ruleset: Ruleset) -> tuple[str, ...]:
    """The characteristics a player of this ruleset has (its positions' profile columns)."""
    columns = {f.name for f in fields(Position)}
    return tuple(s for s in STATS if s in columns)


def find_team_list(ruleset: Ruleset, roster_name: str) -> TeamList | None:
    by_name = {normalise(n): t for t in ruleset.teams.values() for n in (t.name_en, t.name_fr)}
    for fumbbl, ours in _aliases("races"):
        if normalise(fumbbl) == normalise(roster_name) and normalise(ours) in by_name:
            return by_name[normalise(ours)]
    return by_name.get(normalise(roster_name))


def find_position(team_list: TeamList, roster_name: str, title: str) -> Position | None:
    by_name = {normalise(n): p for p in team_list.positions for n in (p.name_en, p.name_fr)}
    wanted = normalise(title)
    for roster, fumbbl, ours in _aliases("positions"):
        if roster in ("*", roster_name) and normalise(fumbbl) == wanted and normalise(ours) in by_name:
            return by_name[normalise(ours)]
    if wanted in by_name:
        return by_name[wanted]
    # FUMBBL prefixes some titles with the race ("Human Lineman", "Orc Blitzer").
    for prefix in {normalise(roster_name), normalise(team_list.name_en)}:
        if prefix and wanted.startswith(prefix) and wanted[len(prefix) :] in by_name:
            return by_name[wanted[len(prefix) :]]
    return None


def find_skill(ruleset: Ruleset, name: str) -> str | None:
    by_name = {normalise(n): s.key for s in ruleset.skills.values() for n in (s.name_en, s.name_fr)}
    for fumbbl, ours in _aliases("skills"):
        if normalise(fumbbl) == normalise(name) and normalise(ours) in by_name:
            return by_name[normalise(ours)]
    return by_name.get(normalise(name))


def find_casualty(ruleset: Ruleset, name: str) -> Any:
    wanted = normalise(name)
    for result in ruleset.casualty_table.values():
        if wanted in (normalise(result.name_en), normalise(result.name_fr), normalise(result.key)):
            return result
    return None


def _stat_casualty(ruleset: Ruleset, effect: str) -> str | None:
    """The first casualty-table result with this lasting effect ("ma", "niggling"...): the row an
    injury read as a bare code ("-MA", "NI") is recorded under."""
    return next(
        (r.key for r in sorted(ruleset.casualty_table.values(), key=lambda r: r.d68) if r.effect == effect), None
    )


def _who(p: FumbblPlayer) -> str:
    return f"#{p.number} {p.name}"


class _Collector:
    """Refusals gathered by what is missing, so one missing skill held by five players reads once."""

    def __init__(self) -> None:
        self.missing: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.problems: list[Problem] = []

    def miss(self, pattern: str, name: str, who: str) -> None:
        if who not in self.missing[(pattern, name)]:
            self.missing[(pattern, name)].append(who)

    def add(self, pattern: str, **params: Any) -> None:
        self.problems.append(Problem(pattern, params))

    def all(self) -> list[Problem]:
        grouped = [Problem(p, {"name": n, "players": ", ".join(who)}) for (p, n), who in self.missing.items()]
        return grouped + self.problems


MISSING_POSITION = N_("No position “%(name)s” in this team list (%(players)s).")
MISSING_SKILL = N_("No skill “%(name)s” in this ruleset (%(players)s).")
MISSING_STAT = N_("No characteristic %(name)s in this ruleset (%(players)s).")
MISSING_INJURY = N_("No injury “%(name)s” in this ruleset's casualty table (%(players)s).")


def _skills(ruleset: Ruleset, pos: Position, p: FumbblPlayer, out: MappedPlayer, c: _Collector) -> None:
    stats = ruleset_stats(ruleset)
    for name in p.skills:
        gain = _GAIN.match(name)
        if gain:
            stat = gain[1].lower()
            if stat not in stats:
                c.miss(MISSING_STAT, stat.upper(), _who(p))
            elif stat_value_key(stat) not in ruleset.value_increases:
                c.add(
                    N_("%(player)s: a gain of +1 %(stat)s cannot be recorded in this ruleset."),
                    player=_who(p),
                    stat=stat.upper(),
                )
            else:
                out.advancements.append((stat_value_key(stat), ""))
            continue
        key = find_skill(ruleset, name)
        if key is None:
            c.miss(MISSING_SKILL, name, _who(p))
            continue
        category = ruleset.skills[key].category
        kind = learned_skill_value_key(category, pos.normal_categories, pos.double_categories)
        if not kind or kind not in ruleset.value_increases:
            c.add(
                N_("%(player)s: a %(position)s cannot learn %(skill)s in this ruleset."),
                player=_who(p),
                position=pos.name_en,
                skill=ruleset.skills[key].name_en,
            )
        elif key in pos.skills or any(s == key for _k, s in out.advancements):
            c.add(N_("%(player)s holds %(skill)s twice."), player=_who(p), skill=ruleset.skills[key].name_en)
        else:
            out.advancements.append((kind, key))


def _injuries(ruleset: Ruleset, p: FumbblPlayer, out: MappedPlayer, c: _Collector) -> None:
    stats = ruleset_stats(ruleset)
    for mark in p.injuries:
        if mark.kind == "miss_next_game":
            out.miss_next_game = True
        elif mark.kind == "niggling":
            key = _stat_casualty(ruleset, "niggling")
            if key is None:
                c.miss(MISSING_INJURY, mark.source, _who(p))
            else:
                out.injuries.append((key, ""))
                out.niggling += 1
        elif mark.kind == "stat":
            key = _stat_casualty(ruleset, mark.stat)
            if mark.stat not in stats or key is None:
                c.miss(MISSING_STAT, mark.stat.upper(), _who(p))
            else:
                out.injuries.append((key, mark.stat))
        else:
            result = find_casualty(ruleset, mark.name)
            if result is None or result.dead or mark.name.startswith("+"):
                c.miss(MISSING_INJURY, mark.name, _who(p))
            elif result.niggling or result.stat:
                out.injuries.append((result.key, result.stat or ""))
                out.niggling += 1 if result.niggling else 0
                out.miss_next_game = out.miss_next_game or result.misses_next_game
            else:
                out.miss_next_game = out.miss_next_game or result.misses_next_game


def _roster_checks(ruleset: Ruleset, team: FumbblTeam, c: _Collector) -> None:
    """What the roster file adds: its characteristics and its positions' own skills must exist here."""
    if team.roster is None:
        return
    stats = ruleset_stats(ruleset)
    for pos in team.roster.positions:
        for stat in pos.stats:
            if stat in STATS and stat not in stats:
                c.miss(MISSING_STAT, stat.upper(), pos.title)
        for name in pos.skills:
            if find_skill(ruleset, name) is None:
                c.miss(MISSING_SKILL, name, pos.title)


def map_team(ruleset: Ruleset, team: FumbblTeam) -> MappedTeam:
    """Name every part of the team with the ruleset's keys; list every part it cannot express."""
    c = _Collector()
    mapped = MappedTeam(source=team)
    team_list = find_team_list(ruleset, team.roster_name)
    if team_list is None:
        c.add(N_("This ruleset has no team list for the FUMBBL roster “%(roster)s”."), roster=team.roster_name)
    _roster_checks(ruleset, team, c)
    if team.treasury < 0:
        c.add(
            N_(
                "The team is %(debt)s gp in debt on FUMBBL, and a team cannot start in debt here: "
                "clear the debt on FUMBBL, save the team file again, then import it."
            ),
            debt=-team.treasury,
        )
    counts: dict[str, int] = defaultdict(int)
    for p in team.players:
        pos = find_position(team_list, team.roster_name, p.position) if team_list else None
        if team_list is not None and pos is None:
            c.miss(MISSING_POSITION, p.position, _who(p))
        out = MappedPlayer(source=p, number=p.number, name=p.name, position=pos.key if pos else "", spp=p.unspent_spp)
        if pos is not None:
            counts[pos.key] += 1
            _skills(ruleset, pos, p, out, c)
        _injuries(ruleset, p, out, c)
        if out.spp < 0:
            c.add(N_("%(player)s has spent more SPP than he earned."), player=_who(p))
        if not 1 <= p.number <= 99:
            c.add(N_("%(player)s: player numbers run from 1 to 99."), player=_who(p))
        if not p.name:
            c.add(N_("Player #%(number)s has no name."), number=p.number)
        mapped.players.append(out)
    numbers = [p.number for p in team.players]
    for number in sorted({n for n in numbers if numbers.count(n) > 1}):
        c.add(N_("Two players wear the number %(number)s."), number=number)
    if team_list is not None:
        mapped.race = team_list.key
        _team_limits(ruleset, team_list, team, counts, c)
    mapped.problems = c.all()
    mapped.lost = _lost(team)
    return mapped


def _team_limits(
    ruleset: Ruleset, team_list: TeamList, team: FumbblTeam, counts: dict[str, int], c: _Collector
) -> None:
    for pos in team_list.positions:
        if counts.get(pos.key, 0) > pos.max_count:
            c.add(
                N_("%(count)s players are %(position)s; the team list allows %(max)s."),
                count=counts[pos.key],
                position=pos.name_en,
                max=pos.max_count,
            )
    if len(team.players) > ruleset.params.roster_max_players:
        c.add(
            N_("The team has %(count)s players; a roster holds at most %(max)s."),
            count=len(team.players),
            max=ruleset.params.roster_max_players,
        )
    if team.rerolls > team_list.max_rerolls:
        c.add(
            N_("The team has %(count)s re-rolls; this team list allows %(max)s."),
            count=team.rerolls,
            max=team_list.max_rerolls,
        )
    if team.apothecary and not team_list.apothecary_allowed:
        c.add(N_("This team list may not have an apothecary."))
    if not team.name:
        c.add(N_("The team has no name."))


def _lost(team: FumbblTeam) -> list[Problem]:
    """What the file holds that the team here does not keep (shown in the preview)."""
    lost = [Problem(N_("Match record, team value and FUMBBL's skill prices: recomputed or kept on FUMBBL."))]
    if any(p.spent_spp for p in team.players):
        lost.append(Problem(N_("SPP already spent on FUMBBL: each player keeps only his unspent SPP.")))
    return lost
