"""{{ round|round_label }} and {{ match.round|round_label:match }}: a round's one name
(league.competitions.seasons.round_labels.round_label)."""

from __future__ import annotations

from typing import Any

from django import template

from league.competitions.seasons.round_labels import round_label as _round_label

register = template.Library()


@register.filter
def round_label(rnd: Any, match: Any = None) -> str:
    return _round_label(rnd, match)
