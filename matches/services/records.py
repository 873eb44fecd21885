"""The match-sheet records a ruleset declares (league.rules.match_records): checked against the
match (its record keys, sides and players) and worded for a coach. Kept on the match
(Match.records), written with the result (matches.services.report.write_report)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.rules import Ruleset
from league.rules.match_records import ENTRIES_MAX, NOTE_MAX, entry_problems
from matches.models import Match, MatchPlayer

PROBLEMS = {
    "side": lambda name: _("%(record)s: say which team's entry it is (home or away).") % {"record": name},
    "note": lambda name: (
        _("%(record)s: a note is a line of text of at most %(max)s characters.") % {"record": name, "max": NOTE_MAX}
    ),
    "dice": lambda name: _("%(record)s: the dice are not a roll this record takes.") % {"record": name},
    "player": lambda name: _("%(record)s: name a player of that team in this match.") % {"record": name},
    "count": lambda name: _("%(record)s: a count is a whole number from 0 to 99.") % {"record": name},
}


def records_problems(match: Match, ruleset: Ruleset, entries: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every reason the entries do not fit the ruleset's records and the match's players."""
    players: dict[str, set[int]] = {"home": set(), "away": set()}
    for player_id, side in MatchPlayer.objects.filter(match=match).values_list("player_id", "side"):
        players[side].add(player_id)
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
        for code in entry_problems(record, fields, players):
            word = PROBLEMS.get(code)
            problems.append(
                word(record.name(lang))
                if word
                else _("%(record)s: %(field)s is not something this record keeps.")
                % {"record": record.name(lang), "field": code}
            )
    return problems
