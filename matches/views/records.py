"""The match page's words for the ruleset's match-sheet records (league.rules.match_records)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.rules import Ruleset
from matches.models import Match, MatchPlayer


def records_facts(match: Match, ruleset: Ruleset, lines: Sequence[MatchPlayer]) -> list[dict[str, Any]]:
    """Each record with entries, in the data's order: its name and one line per entry."""
    lang = get_language() or "en"
    players = {line.player_id: line.player for line in lines}
    entries = [e for e in match.records or [] if isinstance(e, dict)]
    out = []
    for record in ruleset.match_records.values():
        texts = []
        for entry in (e for e in entries if e.get("record") == record.key):
            parts = []
            if record.grouped_by and entry.get(record.grouped_by):
                parts.append(_("Kick-off %(number)s") % {"number": entry[record.grouped_by]})
            if entry.get("side") in ("home", "away"):
                parts.append(match.team(entry["side"]).name)
            if "player" in entry:
                player = players.get(entry["player"])
                parts.append(f"#{player.number} {player.name}" if player else "?")
            if "dice" in entry:
                dice = "+".join(str(d) for d in entry["dice"])
                row = record.outcome(entry["dice"]) if record.table else None
                parts.append(_("%(dice)s: %(outcome)s") % {"dice": dice, "outcome": row.name(lang)} if row else dice)
            if "count" in entry:
                parts.append(str(entry["count"]))
            if entry.get("note"):
                parts.append(str(entry["note"]))
            texts.append(" · ".join(parts))
        if texts:
            out.append({"key": record.key, "name": record.name(lang), "entries": texts})
    return out
