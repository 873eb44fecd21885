"""The match flow's request bodies turned into the services' inputs, as the import and the pages do.

Each part has the shape the same part of a match report has (docs/match-report.md), checked against
docs/match-report.schema.json: the result sheet is the report's post-match half (`result`,
`players`, `casualties`, `dice`, `decisions`, `records`, `cards_played`, `played_on`), turned into
a ReportInput by the import's own builder (matches.importing.resolve.report_input); an inducement
order is a report side's `inducements`; the pre-match record is the report's `prematch` without the
sides (their petty cash and inducements are declared in turn, as on the page).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from league.infra.inputs import InputError
from league.rules.prematch import InducementOrder
from matches.importing.resolve import Roster, prematch_input, report_input
from matches.importing.schema import part_problems
from matches.models import Match
from matches.services import MatchError, PrematchInput, ReportInput


def body_of(data: Any) -> dict[str, Any]:
    """The request's JSON object (an empty body reads as {})."""
    if data is None or data == {}:
        return {}
    if not isinstance(data, dict):
        raise InputError([_("The body must be a JSON object.")])
    return data


def sheet_report(match: Match, data: dict[str, Any]) -> ReportInput:
    """The result sheet's values as the services take them; every problem at once (MatchError)."""
    problems = part_problems(data, "sheet")
    if problems:
        raise MatchError(problems)
    # Journeymen were added when the pre-match was recorded: every player has his row by now.
    rosters = {side: Roster(match.team(side)) for side in ("home", "away")}
    report, problems = report_input(data, rosters)
    if problems:
        raise MatchError(problems)
    return report


def inducement_order(data: dict[str, Any]) -> InducementOrder:
    """`inducements` of the body: a report side's inducements ({items, stars, mercenaries})."""
    wanted = data.get("inducements", {})
    problems = part_problems(wanted, "inducements", "$.inducements")
    if problems:
        raise MatchError(problems)
    return prematch_input({"prematch": {"home": {"inducements": wanted}}}).home_inducements


def prematch_record_input(data: dict[str, Any]) -> PrematchInput:
    """The pre-match record: the table rolls and choices by step name ({"weather": [3, 4], ...});
    left out, the server rolls. Petty cash and inducements are the ones declared on the match."""
    problems = [
        _("$.%(side)s: petty cash and inducements are declared on their own, each side in turn.") % {"side": side}
        for side in ("home", "away")
        if side in data
    ]
    problems += part_problems(data, "prematch")
    if problems:
        raise MatchError(problems)
    steps = prematch_input({"prematch": data}).steps
    if "weather" in data:
        steps = {**steps, "weather": tuple(data["weather"])}
    return PrematchInput(steps=steps, petty_cash_declared=True, inducements_chosen=True)
