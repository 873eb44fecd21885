"""Charts drawn on the server as SVG: a line over time and bars around zero.

No charting library and no JavaScript: the page works offline, prints, and a screen reader gets
each chart's title and description (role="img", aria-labelledby) and every point's value (a
<title> per point). Pure functions of their points, so they are tested without a database.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

WIDTH, HEIGHT = 640, 260
# Room for the value axis and the first/last labels. A phone shrinks the 640-unit drawing to about
# 360 px: app.css enlarges the labels there (about 11 px on screen), so the value axis keeps room
# for a 9-character value at that size and the point labels have a short form.
LEFT, RIGHT, TOP, BOTTOM = 104, 16, 16, 50
SHORT_LABEL = 16


@dataclass(frozen=True)
class Point:
    label: str  # what the point is (a date and an opponent, a ledger entry), shown on hover and in its title
    value: int
    tone: str = ""  # a bar's outcome: "W", "D" or "L"


def _ticks(low: int, high: int, count: int = 4) -> list[int]:
    """Round values to draw grid lines at, covering low..high (a flat series gets room around it)."""
    if high <= low:
        pad = max(1, abs(low) // 10)
        low, high = low - pad, high + pad
    span = max(high - low, 1)
    raw = span / count
    magnitude = 10 ** (len(str(int(raw))) - 1)
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    first = (low // step) * step
    return list(range(first, high + step, step))


def _frame(chart_id: str, title: str, desc: str, body: list[str]) -> SafeString:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" class="team-chart w-100 h-auto"'
        f' id="{escape(chart_id)}" aria-labelledby="{escape(chart_id)}-title {escape(chart_id)}-desc"'
        f' aria-label="{escape(title)}" preserveAspectRatio="xMidYMid meet" style="max-width:{WIDTH}px">'
        f'<title id="{escape(chart_id)}-title">{escape(title)}</title>'
        f'<desc id="{escape(chart_id)}-desc">{escape(desc)}</desc>'
    )
    return mark_safe(head + "".join(body) + "</svg>")  # noqa: S308 - every text above is escaped


def _axis(low: int, high: int, fmt: Callable[[int], str]) -> tuple[list[str], Callable[[float], float]]:
    ticks = _ticks(low, high)
    bottom, top = ticks[0], ticks[-1]
    plot_h = HEIGHT - TOP - BOTTOM

    def y(value: float) -> float:
        return TOP + plot_h * (1 - (value - bottom) / ((top - bottom) or 1))

    body = []
    for tick in ticks:
        body.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#ced4da" stroke-width="1"/>'
            f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" font-size="12" fill="#495057" class="axis">'
            f"{escape(fmt(tick))}</text>"
        )
    return body, y


def _x_labels(points: Sequence[Point], x: Callable[[int], float]) -> list[str]:
    """The first and last points' labels under the axis (every label is in its point's title)."""
    labels = [(0, "start")] + ([(len(points) - 1, "end")] if len(points) > 1 else [])
    out = []
    for i, anchor in labels:
        label = points[i].label
        short = label if len(label) <= SHORT_LABEL else label[: SHORT_LABEL - 1] + "…"
        for css, text in (("x-long", label[:40]), ("x-short", short)):
            out.append(
                f'<text x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="{anchor}" font-size="12"'
                f' fill="#495057" class="{css}">{escape(text)}</text>'
            )
    return out


def line_chart(chart_id: str, title: str, desc: str, points: Sequence[Point], fmt: Callable[[int], str]) -> SafeString:
    """A line through the points, left to right in their order, over a value axis with round ticks."""
    values = [p.value for p in points] or [0]
    grid, y = _axis(min(values), max(values), fmt)
    plot_w = WIDTH - LEFT - RIGHT

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (len(points) - 1) if len(points) > 1 else plot_w / 2)

    body = list(grid)
    coords = " ".join(f"{x(i):.1f},{y(p.value):.1f}" for i, p in enumerate(points))
    if len(points) > 1:
        body.append(f'<polyline points="{coords}" fill="none" stroke="#0d6efd" stroke-width="2.5"/>')
    for i, p in enumerate(points):
        body.append(
            f'<circle cx="{x(i):.1f}" cy="{y(p.value):.1f}" r="4" fill="#0d6efd" data-value="{p.value}">'
            f"<title>{escape(_('%(what)s: %(value)s') % {'what': p.label, 'value': fmt(p.value)})}</title></circle>"
        )
    body += _x_labels(points, x)
    return _frame(chart_id, title, desc, body)


TONES = {"W": "#198754", "D": "#6c757d", "L": "#dc3545"}


def outcome_letter(tone: str) -> str:
    """A result's letter in the reader's language (French: V, N, D), as the team's match list and
    the standings' form write it; the tone itself stays W, D or L (the colour, the data)."""
    letters = {"W": pgettext("won", "W"), "D": pgettext("drawn", "D"), "L": pgettext("lost", "L")}
    return letters.get(tone, tone)


def bar_chart(chart_id: str, title: str, desc: str, points: Sequence[Point], fmt: Callable[[int], str]) -> SafeString:
    """One bar per point from zero (up for a positive value, down for a negative one), coloured by
    its tone, with the tone's letter under it: a team's results as score differences."""
    values = [p.value for p in points] + [0, 1, -1]
    grid, y = _axis(min(values), max(values), fmt)
    plot_w = WIDTH - LEFT - RIGHT
    slot = plot_w / max(len(points), 1)
    width = max(min(slot * 0.7, 40), 2)

    def x(i: int) -> float:
        return LEFT + slot * i + slot / 2

    body = list(grid)
    zero = y(0)
    body.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{zero:.1f}" y2="{zero:.1f}" stroke="#212529"/>')
    for i, p in enumerate(points):
        top, height = (y(p.value), zero - y(p.value)) if p.value >= 0 else (zero, y(p.value) - zero)
        # A draw is a thin bar on the zero line, so that every match shows.
        height = max(height, 3)
        body.append(
            f'<rect x="{x(i) - width / 2:.1f}" y="{top - (3 if p.value == 0 else 0) / 2:.1f}" width="{width:.1f}"'
            f' height="{height:.1f}" fill="{TONES.get(p.tone, "#0d6efd")}" data-tone="{escape(p.tone)}">'
            f"<title>{escape(p.label)}</title></rect>"
        )
        if slot >= 14:
            body.append(
                f'<text x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 32}" text-anchor="middle" font-size="11"'
                f' fill="{TONES.get(p.tone, "#212529")}">{escape(outcome_letter(p.tone))}</text>'
            )
    body += _x_labels(points, x)
    return _frame(chart_id, title, desc, body)
