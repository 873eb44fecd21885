"""A drawn play-off bracket that a correction's table would seed otherwise, read from the
correction's preview (the competitions' derived state, matches.hooks.derived_state), and the
commissioner's answer when he confirms it (docs/decisions/matches.md, "A bracket after a correction").

While no match of the bracket is under way he may have it drawn again with the correction
(`redraw`); once one is, the correction is refused until he confirms that the bracket stands as
drawn (`keep`). A correction that leaves the seeding as drawn asks nothing. His answer is kept on
the correction's preview ("redraw_brackets", "kept_brackets": season ids), which the worker reads
when it applies the correction (matches.hooks.redraw_brackets).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from matches.services.common import MatchError


def seeding_changes(moved: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Each drawn bracket whose seeding the corrected table changes and no longer matches the
    draw: its season (id and name), the seeds as drawn and as the table now gives them (None: a tie
    the table cannot break), whether a match of it is under way and which."""
    found = []
    for name, change in sorted((moved or {}).get("derived", {}).items()):
        after = change.get("after") or {}
        if not name.startswith("seeding:") or not after or after.get("qualified") == after.get("drawn"):
            continue
        found.append(
            {
                "season_id": int(name.split(":", 1)[1]),
                "season": after.get("season"),
                "drawn": after.get("drawn") or [],
                "qualified": after.get("qualified"),
                "played": bool(after.get("played")),
                "played_matches": after.get("played_matches") or [],
                "rows": _side_by_side(after.get("drawn") or [], after.get("qualified") or []),
            }
        )
    return found


def _side_by_side(drawn: list[str], qualified: list[str]) -> list[dict[str, Any]]:
    return [
        {
            "seed": k + 1,
            "drawn": drawn[k] if k < len(drawn) else "",
            "now": qualified[k] if k < len(qualified) else "",
            "moves": (drawn[k] if k < len(drawn) else None) != (qualified[k] if k < len(qualified) else None),
        }
        for k in range(max(len(drawn), len(qualified)))
    ]


def brackets_played(moved: dict[str, Any]) -> list[str]:
    """The seasons whose bracket, a match of it under way, the corrected table would seed otherwise."""
    return [c["season"] for c in seeding_changes(moved) if c["played"]]


def redrawable(moved: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The brackets that may be drawn again with the correction: none of their matches under way,
    and the corrected table gives their seeds (no tie left to break)."""
    return [c for c in seeding_changes(moved) if not c["played"] and c["qualified"]]


def played_refusal(change: dict[str, Any]) -> str:
    matches = ", ".join(change["played_matches"]) or "?"
    return ngettext(
        "The %(season)s play-off bracket cannot be drawn again: its match %(matches)s is already under way. "
        "The corrected standings would seed it otherwise; confirm that the bracket stays as it stands, "
        "or edit the correction.",
        "The %(season)s play-off bracket cannot be drawn again: its matches %(matches)s are already under way. "
        "The corrected standings would seed it otherwise; confirm that the bracket stays as it stands, "
        "or edit the correction.",
        len(change["played_matches"]) or 1,
    ) % {"season": change["season"], "matches": matches}


def bracket_answer(preview: dict[str, Any], *, keep: bool, redraw: bool, commissioner: bool) -> dict[str, Any]:
    """What the confirmation keeps on the preview about the brackets, or the reasons it is refused.
    Only the commissioner has a bracket drawn again (a coach accepting the other's proposal does not)."""
    if redraw and not commissioner:
        raise MatchError([_("Only the commissioner can have a play-off bracket drawn again.")])
    changes = seeding_changes(preview)
    played = [c for c in changes if c["played"]]
    if played and not keep:
        raise MatchError([played_refusal(c) for c in played])
    open_ = redrawable(preview)
    if redraw and not open_:
        raise MatchError(
            [played_refusal(c) for c in played]
            or [_("This correction leaves no play-off bracket to draw again: none would be seeded otherwise.")]
        )
    return {
        "redraw_brackets": [c["season_id"] for c in open_] if redraw else [],
        "kept_brackets": [c["season_id"] for c in played],
    }
