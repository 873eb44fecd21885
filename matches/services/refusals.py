"""The rules engine's refusals of a match's report and inputs, worded for the people who read them:
in the active language (a submission's refusal), or in every site language at once (a replay's,
read later by whoever opens a correction or a match: matches.services.replay.ReplayRefused). The
planner's codes and input keys ("ff:away: 2 D6 expected") never reach a page: each input is named
by its step's label ("Fan factor dice, Reavers", matches.services.wording.input_label).

Apart from the rehearsal (matches.services.postcheck), which imports the post-match sequence: the
sequence words its own refusals with these, without an import cycle.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import cast

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from league.rules.catalogue.team_building import Violation
from league.rules.postmatch import InvalidInput, InvalidReport, MatchReport, MissingInput
from matches.models import Match
from matches.services.card_plays import card_violation
from matches.services.common import match_ruleset
from matches.services.snapshot import ref_player_id
from matches.services.wording import (
    apothecary_violation,
    casualties_problem,
    input_label,
    input_names,
    missed_problem,
    problem_text,
)
from teams.models import Player

log = logging.getLogger(__name__)


def _player(ref: object) -> str:
    player_id = ref_player_id(str(ref))
    player = Player.objects.filter(pk=player_id).first() if player_id else None
    return str(player) if player else str(ref)


def violation_text(v: Violation, match: Match) -> str:
    """One refusal of the rules engine, worded for a coach in the active language."""
    params = dict(v.params)
    if v.code.startswith(("apothecary_uses", "after_match_apothecary")):
        team = match.team(str(params["side"])).name if "side" in params else ""
        return apothecary_violation(v, team, _player(params["player"]) if "player" in params else "")
    if v.code == "casualties_exceed_suffered":
        return casualties_problem(str(params["side"]), cast(int, params["inflicted"]), cast(int, params["suffered"]))
    if v.code == "missed_game_but_credited":
        return missed_problem(_player(params["player"]))
    if v.code.startswith("card_"):
        return card_violation(v.code, params, match, _player(params["player"]) if "player" in params else "")
    if v.code == "justified_without_concession":
        return _("A concession can only be justified when a team conceded.")
    if v.code == "die_out_of_range":
        return _("%(player)s: a casualty die is out of range (D6 1-6, D8 1-8).") % {"player": _player(params["player"])}
    if v.code == "inducements_over_budget":
        return _("The %(side)s inducements cost more than that side could spend.") % {"side": _(str(params["side"]))}
    return _sheet_text(v.code, params, match)


def _sheet_text(code: str, params: dict[str, object], match: Match) -> str:
    """The rest of the rules engine's checks of a sheet (league.rules.postmatch.check): a replay
    meets the ones the state decides (improvement rolls already taken beyond a player's level); the
    others the sheet's own pages refuse first. Never the engine's code: it goes to the log."""
    who = _player(params["player"]) if "player" in params else ""
    if code == "improvement_rolls_exceed_level":
        return _(
            "%(player)s has taken %(taken)s improvement rolls, more than his SPP before this match allow: an "
            "earlier match in play order no longer gives him as many."
        ) % {"player": who, "taken": params.get("taken")}
    if code == "both_conceded":
        return _("Both teams are entered as having conceded: only one team can concede.")
    if code == "duplicate_player":
        return _("%(player)s is entered twice on the sheet.") % {"player": who}
    if code == "negative_value":
        return _("%(who)s: a count on the sheet is below zero.") % {"who": who or match.team(str(params["side"])).name}
    if code in (
        "casualty_without_roll",
        "too_many_casualty_rolls",
        "casualty_result_mismatch",
        "override_without_result",
    ):
        return _("%(player)s: the casualty dice entered do not give the casualty entered.") % {"player": who}
    if code in ("apothecary_roll_unknown", "regeneration_reroll_unneeded"):
        return _(
            "%(player)s: an apothecary's or regeneration's re-roll is entered where no casualty roll allows it."
        ) % {"player": who}
    log.warning("match %s: the rules refuse its sheet: %s %s", match.pk, code, params)
    if who:
        return _(
            "%(player)s: the sheet names something this league's rules do not know (a skill, a characteristic, "
            "a position or a casualty); correct the sheet."
        ) % {"player": who}
    return _("The sheet names something this league's rules do not know; correct the sheet.")


def refusal_words(match: Match, report: MatchReport, exc: Exception) -> dict[str, str]:
    """Why the rules refuse this match in a replay, one sentence per site language (a correction's
    preview and failure are read by whoever opens them, in his own language): the planner's codes
    named by the step's label ("Fan factor dice, Reavers"), never its key. {} for an exception
    that is no refusal of the rules."""
    if not isinstance(exc, InvalidReport | InvalidInput | MissingInput):
        return {}
    found = {}
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            found[lang] = " ".join(_refusal(match, report, exc))
    return found


def _refusal(match: Match, report: MatchReport, exc: InvalidReport | InvalidInput | MissingInput) -> list[str]:
    if isinstance(exc, InvalidReport):
        return [violation_text(v, match) for v in exc.violations]
    ruleset = match_ruleset(match)
    if isinstance(exc, MissingInput):
        names = input_names(match, report, ruleset, (r.key for r in exc.missing))
        return [
            _("The post-match sequence still needs: %(input)s.") % {"input": input_label(match, r, names)}
            for r in exc.missing
        ]
    names = input_names(match, report, ruleset, (p.key for p in exc.problems))
    return [problem_text(match, report, p, names, keyed=False) for p in exc.problems]


def in_language(reasons: Mapping[str, str] | None, fallback: str = "") -> str:
    """A refusal worded by refusal_words, in the reader's language (else English, else `fallback`)."""
    if not isinstance(reasons, Mapping) or not reasons:
        return fallback
    lang = translation.get_language() or "en"
    return reasons.get(lang) or reasons.get(lang.split("-")[0]) or reasons.get("en") or fallback
