"""The match-sheet records a ruleset declares (league.rules.match_records): checked against the
match (its record keys, sides and players) and worded for a coach. Kept on the match
(Match.records), written with the result (matches.services.report.write_report)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.rules import Ruleset
from league.rules.catalogue.allies import split_ally_key
from league.rules.match_records import ENTRIES_MAX, GROUP_MAX, NOTE_MAX, MatchRecord, crowded_groups, entry_problems
from matches.models import Match, MatchPlayer

PROBLEMS = {
    "side": lambda name: _("%(record)s: say which team's entry it is (home or away).") % {"record": name},
    "note": lambda name: (
        _("%(record)s: a note is a line of text of at most %(max)s characters.") % {"record": name, "max": NOTE_MAX}
    ),
    "dice": lambda name: _("%(record)s: the dice are not a roll this record takes.") % {"record": name},
    "player": lambda name: _("%(record)s: name a player of that team in this match.") % {"record": name},
    "count": lambda name: _("%(record)s: a count is a whole number from 0 to 99.") % {"record": name},
    "kickoff": lambda name: (
        _("%(record)s: say before which kick-off it was rolled (1 to %(max)s).") % {"record": name, "max": GROUP_MAX}
    ),
    "ally": lambda name: _("%(record)s: name an ally of that team, a player hired as an ally.") % {"record": name},
}


def records_problems(match: Match, ruleset: Ruleset, entries: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every reason the entries do not fit the ruleset's records and the match's players."""
    players: dict[str, set[int]] = {"home": set(), "away": set()}
    allies: dict[str, set[int]] = {"home": set(), "away": set()}  # hired from an allied race
    lines = MatchPlayer.objects.filter(match=match).values_list("player_id", "side", "player__position")
    for player_id, side, position in lines:
        players[side].add(player_id)
        if split_ally_key(position) is not None:
            allies[side].add(player_id)
    lang = get_language() or "en"
    problems: list[str] = []
    entries = list(entries)
    if len(entries) > ENTRIES_MAX:
        return [_("At most %(max)s records per match.") % {"max": ENTRIES_MAX}]
    for entry in entries:
        key = entry.get("record") if isinstance(entry, Mapping) else None
        record = ruleset.match_records.get(key) if isinstance(key, str) else None
        if record is None:
            problems.append(_("“%(record)s” is not a record of this league's ruleset.") % {"record": key})
            continue
        fields = {k: v for k, v in entry.items() if k != "record"}
        for code in entry_problems(record, fields, players, allies):
            word = PROBLEMS.get(code)
            problems.append(
                word(record.name(lang))
                if word
                else _("%(record)s: %(field)s is not something this record keeps.")
                % {"record": record.name(lang), "field": code}
            )
    for record in ruleset.match_records.values():
        mine = [e for e in entries if isinstance(e, Mapping) and e.get("record") == record.key]
        for side, group, count in crowded_groups(record, mine):
            if side in players:
                problems.append(_crowded(match, record, side, group, count))
    return problems


def _crowded(match: Match, record: MatchRecord, side: str, group: int, count: int) -> str:
    lang = get_language() or "en"
    words = {"record": record.name(lang), "team": match.team(side).name, "max": record.players_max}
    words |= {"count": count, "kickoff": group}
    if group and record.players_from == "allies":  # spec §2.1, H6: at most 5 allies on the pitch at once
        return (
            _(
                "%(record)s: %(count)s allies of %(team)s at kick-off %(kickoff)s; "
                "at most %(max)s allies are on the pitch at once."
            )
            % words
        )
    if group:
        return (
            _("%(record)s: %(count)s different players of %(team)s at kick-off %(kickoff)s, at most %(max)s.") % words
        )
    return _("%(record)s: %(count)s different players of %(team)s, at most %(max)s.") % words
