"""What a correction does to shirt numbers, in words (its preview, the match page): a player given
back takes his number back, or another when a team-mate wears it; a player leaving again takes the
number he wore (matches.services.numbers keeps the figures)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


def _who(name: str, number: int, journeyman: bool) -> str:
    """A player's name, or the one a journeyman never named reads under (teams.models.Player)."""
    if name:
        return name
    return _("Journeyman %(n)s") % {"n": number} if journeyman else f"#{number}"


def number_words(moves: list[dict[str, Any]]) -> list[str]:
    lines = []
    for move in moves:
        who = _who(move["name"], move["number"], move.get("journeyman", False))
        if move["given_back"] and move["number"] == move["own"]:
            lines.append(_("%(player)s gets number %(number)s back") % {"player": who, "number": move["number"]})
        elif move["given_back"] and move.get("worn_by"):
            other = move["worn_by"]
            lines.append(
                _("%(player)s takes number %(number)s: %(own)s is now worn by %(other)s")
                % {
                    "player": who,
                    "number": move["number"],
                    "own": move["own"],
                    "other": _who(other["name"], other["number"], other.get("journeyman", False)),
                }
            )
        else:  # a journeyman is known by the number he wore (hired again in a free one, say)
            who = _who(move["name"], move["own"], move.get("journeyman", False))
            lines.append(
                _("%(player)s: number %(before)s → %(after)s")
                % {"player": who, "before": move["own"], "after": move["number"]}
            )
    return lines


def held_words(held: list[dict[str, Any]]) -> list[str]:
    """The matches a correction holds for the commissioner (matches.services.history_diff._held):
    each names the match, the player and the match that made him unable."""
    lines = []
    for item in held:
        reasons = []
        for line in item["lines"]:
            values = {"player": line["name"], "since": line.get("since") or ""}
            if line["reason"] == "dead":
                reasons.append(
                    _("%(player)s died in match %(since)s, played before it, yet its sheet credits him") % values
                )
            elif line["reason"] == "gone":
                reasons.append(
                    _("%(player)s left the team after match %(since)s, played before it, yet its sheet credits him")
                    % values
                )
            else:
                reasons.append(
                    _("%(player)s misses it after match %(since)s, played before it, yet its sheet credits him")
                    % values
                )
        lines.append(
            _(
                "Match %(match)s, %(home)s – %(away)s, is held for the commissioner (its teams' later "
                "matches wait behind it): %(reasons)s."
            )
            % {"match": item["match"], "home": item["home"], "away": item["away"], "reasons": "; ".join(reasons)}
        )
    return lines
