"""The match page's words for the ruleset's match-sheet records (league.rules.match_records)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.rules import Ruleset
from league.rules.parameter_groups import SecretWeaponParameters
from league.rules.secret_weapons import penalty_reading
from matches.models import Match, MatchPlayer
from teams.models import Player


def _penalty_verdict(ruleset: Ruleset, player: Player | None, dice: list[int], lang: str) -> str:
    """Whether the penalty roll sent the player off, against his weapon's number as the league
    entered it (2D6 at least the number: sent off; docs/rulesets.md, "Secret weapons on a penalty roll")."""
    group = ruleset.group(SecretWeaponParameters)
    if group is None or player is None:
        return ""
    try:
        skills = ruleset.team(player.roster_key).position(player.position).skills
    except KeyError:  # a position the ruleset no longer lists: no weapon to read
        skills = ()
    reading = penalty_reading(group, skills, dice)
    if reading.weapon is None:
        return _("not a secret weapon")
    weapon = ruleset.skills[reading.weapon].name(lang) if reading.weapon in ruleset.skills else reading.weapon
    if reading.number is None:
        return _("%(weapon)s: no penalty number entered by the league, no verdict") % {"weapon": weapon}
    facts = {"weapon": weapon, "total": reading.total, "number": reading.number}
    if reading.sent_off:
        return _("%(total)s, at least %(number)s (%(weapon)s): sent off for the rest of the match") % facts
    return _("%(total)s, below %(number)s (%(weapon)s): stays in the match") % facts


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
                player = players.get(entry["player"]) if "player" in entry else None
                if record.penalty and (verdict := _penalty_verdict(ruleset, player, entry["dice"], lang)):
                    parts.append(verdict)
            if "count" in entry:
                parts.append(str(entry["count"]))
            if entry.get("note"):
                parts.append(str(entry["note"]))
            texts.append(" · ".join(parts))
        if texts:
            out.append({"key": record.key, "name": record.name(lang), "entries": texts})
    return out
