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

from datetime import timedelta

from django.db.models import Q
from django.utils.translation import gettext as _

from league.rules.decisions import inputs_fit
from league.rules.postmatch import InvalidInput, InvalidReport, MissingInput
from matches.models import Match
from matches.services.common import match_ruleset, stored_inputs
from matches.services.postgame import plan_for_server
from matches.services.refusals import violation_text
from matches.services.sequence import played_day
from matches.services.snapshot import build_report
from matches.services.wording import input_label, input_names, named, problem_text


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
