"""The words of every notification, in English and French, built from the event's params.

A notification keeps its kind and params, never its words: the page words it in the reader's
language at display time, the mail in the recipient's profile language (translation.override).
The params each kind is worded with (set by the service that publishes the event,
league.core.events): home, away, home_score, away_score for a match; reason where one was given;
decision for a decision waiting; team; season (its name) and round for fixtures. A param that is
missing shows as an ellipsis rather than failing the page or the mail.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.core.events import KINDS

MESSAGES: dict[str, Promise] = {
    "result.submitted": _(
        "%(home)s %(home_score)s–%(away_score)s %(away)s: the result was submitted and waits for you."
    ),
    "result.sent_back": _("%(home)s v %(away)s: the result was sent back."),
    "result.confirmed": _("%(home)s %(home_score)s–%(away_score)s %(away)s: the result was confirmed."),
    "result.withdrawn": _("%(home)s v %(away)s: the submitted result was withdrawn."),
    "result.disputed": _("%(home)s v %(away)s: the result is disputed and needs the commissioner."),
    "match.corrected": _("%(home)s v %(away)s: the match was corrected."),
    "decision.waiting": _("%(team)s: %(decision)s waits for you."),
    "sequence.failed": _("%(home)s v %(away)s: the post-match sequence failed."),
    "match.held": _("%(home)s v %(away)s is held for you: a player credited on it can no longer have played it."),
    "fixtures.published": _("%(season)s: fixtures were published."),
    "fixtures.changed": _("%(season)s: fixtures were changed."),
    "season.started": _("%(season)s has started."),
    "playoffs.started": _("The play-offs of %(season)s have started."),
    "playoffs.redrawn": _("The play-offs of %(season)s were drawn again after a correction: see who you play."),
}

# decision.waiting's `decision`: the kinds of matches.decisions, worded; another shows as given.
DECISIONS: dict[str, Promise] = {
    "improvement": _("an improvement to choose"),
    "dice": _("a die to enter"),
    "hire": _("a hire to make"),
}

assert set(MESSAGES) == set(KINDS), "every event kind has its words"


class _Params(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "…"


def message(kind: str, params: Mapping[str, Any]) -> str:
    """The notification's sentence in the active language."""
    words = MESSAGES.get(kind)
    if words is None:
        return kind
    values = _Params(params)
    decision = values.get("decision")
    if isinstance(decision, str):  # one kind, or several joined by ", " (a coach with two to make)
        values["decision"] = ", ".join(str(DECISIONS.get(k, k)) for k in decision.split(", ") if k)
    return str(words) % values


def detail(params: Mapping[str, Any]) -> str:
    """The reason given (a result sent back, a correction, a failed sequence), or nothing."""
    reason = params.get("reason")
    return gettext("Reason: %(reason)s") % {"reason": reason} if reason else ""
