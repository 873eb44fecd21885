"""A side's inducements as the match keeps them (<side>_inducements, JSON) and back.

Below both the pre-match record (matches.services.prematch) and the coaches' own choices
(matches.services.inducements), which import it: neither imports the other for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from league.rules import InducementOrder, Mercenary


def order_to_json(order: InducementOrder) -> dict[str, Any]:
    """An order as the match keeps it (<side>_inducements)."""
    return {
        "items": {key: count for key, count in sorted(order.items.items()) if count},
        "stars": list(order.stars),
        "mercenaries": [[m.position_key, list(m.extra_skills)] for m in order.mercenaries],
    }


def order_from_json(data: Mapping[str, Any] | None) -> InducementOrder:
    """The order a side chose (an empty one for None: nothing chosen, nothing bought)."""
    if not data:
        return InducementOrder()
    mercenaries = tuple(
        Mercenary(position, skills[0] if skills else None, tuple(skills[1:]))
        for position, skills in data["mercenaries"]
    )
    return InducementOrder(items=dict(data["items"]), stars=tuple(data["stars"]), mercenaries=mercenaries)
