"""The bodies a league webhook posts: plain JSON, or a message Discord's webhook API shows.

Plain JSON: {"event": kind, "league": {id, slug, name}, "data": the event's data, "url": the page}.
Discord (discord.com/developers/docs/resources/webhook#execute-webhook): "content" (at most 2,000
characters) is one line in the league's language, and one embed (title at most 256 characters, at
most 25 fields of 1,024) links to the page and lists the event's data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.core.models import League

TEST_KIND = "webhook.test"

LABELS = {
    "result.submitted": gettext_lazy("Result submitted"),
    "result.sent_back": gettext_lazy("Result sent back"),
    "result.confirmed": gettext_lazy("Result confirmed"),
    "result.withdrawn": gettext_lazy("Result withdrawn"),
    "result.disputed": gettext_lazy("Result disputed"),
    "match.corrected": gettext_lazy("Match corrected"),
    "decision.waiting": gettext_lazy("Decision waiting"),
    "sequence.failed": gettext_lazy("Post-match sequence failed"),
    "match.held": gettext_lazy("Match held for the commissioner"),
    "fixtures.published": gettext_lazy("Fixtures published"),
    "fixtures.changed": gettext_lazy("Fixtures changed"),
    "season.started": gettext_lazy("Season started"),
    "playoffs.started": gettext_lazy("Play-offs started"),
    "playoffs.redrawn": gettext_lazy("Play-offs drawn again"),
    TEST_KIND: gettext_lazy("Test event"),
}

DISCORD_BLUE = 0x3B5BDB


def absolute_url(path: str) -> str:
    return settings.SITE_URL + path if path.startswith("/") else path


def plain(kind: str, league: League, data: Mapping[str, Any], path: str) -> dict[str, Any]:
    return {
        "event": kind,
        "league": {"id": league.pk, "slug": league.slug, "name": league.name},
        "data": dict(data),
        "url": absolute_url(path or league.get_absolute_url()),
    }


def _label(kind: str) -> str:
    label = LABELS.get(kind)
    return str(label) if label is not None else kind


def _line(kind: str, league: League, data: Mapping[str, Any]) -> str:
    score = all(key in data for key in ("home", "away", "home_score", "away_score"))
    if score:
        return _("%(league)s · %(event)s: %(home)s %(home_score)s–%(away_score)s %(away)s") % {
            "league": league.name,
            "event": _label(kind),
            **{key: data[key] for key in ("home", "away", "home_score", "away_score")},
        }
    return _("%(league)s · %(event)s") % {"league": league.name, "event": _label(kind)}


def discord(kind: str, league: League, data: Mapping[str, Any], path: str) -> dict[str, Any]:
    body = plain(kind, league, data, path)
    with translation.override(league.language):
        line = _line(kind, league, data)
        title = _label(kind)
    fields = [
        {"name": str(key)[:256], "value": str(value)[:1024] or "-", "inline": True}
        for key, value in list(body["data"].items())[:25]
        if value is not None
    ]
    embed = {"title": title[:256], "url": body["url"], "color": DISCORD_BLUE, "fields": fields}
    return {"content": line[:2000], "embeds": [embed], "allowed_mentions": {"parse": []}}


def build(fmt: str, kind: str, league: League, data: Mapping[str, Any], path: str) -> dict[str, Any]:
    return discord(kind, league, data, path) if fmt == "discord" else plain(kind, league, data, path)
