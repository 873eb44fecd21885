"""A rehearsal of the post-match sequence, when a result is submitted or confirmed (on the pages,
through the API and by the importer, all through matches.services.report).

The sequence itself runs later, on a worker, after the commit: a result it cannot use would only
show up then, as a failed match. So it is planned now from the rows saved, with the call
matches.services.postgame._prepare makes (missing dice rolled, an unanswered winnings re-roll
kept), and the result is refused if the rules engine refuses it. The dice rolled here are thrown
away; the worker rolls its own. Entered dice decide everything the refusal can depend on, except a
choice made against dice left to the server, which the importer (resolve.py) refuses up front.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import cast

from django.conf import settings
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext as _

from league.rules import inputs_fit
from league.rules.catalogue.team_building import Violation
from league.rules.postmatch import InvalidInput, InvalidReport, MatchReport, MissingInput
from matches.models import Match
from matches.services.card_plays import card_violation
from matches.services.common import match_ruleset
from matches.services.postgame import plan_for_server, stored_inputs
from matches.services.sequence import played_day
from matches.services.snapshot import build_report, ref_player_id
from matches.services.wording import (
    apothecary_violation,
    casualties_problem,
    input_label,
    input_names,
    missed_problem,
    named,
    problem_text,
)
from teams.models import Player


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
    return _("The post-match sequence refuses this report: %(code)s %(details)s.") % {"code": v.code, "details": params}


def _late(match: Match) -> bool:
    """Whether the match, confirmed now, would sit before a processed match of one of its teams."""
    day = played_day(match)
    if day is None:
        return False  # its place is its confirmation: after everything processed so far
    teams = [match.home_id, match.away_id]
    return (
        Match.objects.filter(Q(home_id__in=teams) | Q(away_id__in=teams), status=Match.Status.PROCESSED)
        # Same-day matches confirmed before it stay before it: it is late only behind a later day.
        .filter(sequence__gte=f"{day + timedelta(days=1):%Y%m%d}")
        .exclude(pk=match.pk)
        .exists()
    )


def postgame_problems(match: Match) -> list[str]:
    """Why the post-match sequence would fail on this match, or [] when it will run."""
    ruleset = match_ruleset(match)
    report = build_report(match)
    given, decisions = stored_inputs(match)
    try:
        plan_for_server(ruleset, report, given, decisions)  # what the sequence will do, dice and all
    except InvalidReport as exc:
        return [violation_text(v, match) for v in exc.violations]
    except MissingInput as exc:
        names = input_names(match, report, ruleset, (r.key for r in exc.missing))
        return [
            _("The post-match sequence still needs: %(input)s.") % {"input": named(input_label(match, r, names), r.key)}
            for r in exc.missing
        ]
    except InvalidInput as exc:
        if inputs_fit(exc.problems, given.rolls, decisions.choices) is not None and _late(match):
            # Played before matches of its teams already processed: it will run in its place, on
            # the state those matches had not changed yet, where these dice fit (or are fitted:
            # league.rules.decisions.inputs_fit).
            return []
        names = input_names(match, report, ruleset, (p.key for p in exc.problems))
        return [problem_text(match, report, p, names) for p in exc.problems]
    return []


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
