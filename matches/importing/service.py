"""Importing one match report: every check first, then the whole match in one transaction.

The match is built with the ordinary services (schedule, pre-match, result, submit, and confirm
when the importer is trusted) inside one transaction. Their own checks run on the way, and so does
a rehearsal of the post-match sequence; if anything at all is refused, the transaction is rolled
back and MatchError lists every reason, so a refused report leaves no row behind (no match, no
journeyman, no ledger entry, no audit entry).

Who may import: nobody logged in (the management command), a commissioner of the league, or the
coach of one of the two teams. A coach's report stays submitted until the opposing coach (or the
commissioner) confirms it, as if he had typed it in; the others' is confirmed at once and the
post-match sequence is queued when the transaction commits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.auth.models import User as Account
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.models import League
from league.core.permissions import is_commissioner, is_member
from league.core.selectors import league_ruleset
from league.infra.inputs import value_problems
from league.rules.prematch.cards import paid_with_inducements
from matches.hooks import locked_q
from matches.importing.resolve import (
    Roster,
    Setup,
    cards_bought,
    prematch_input,
    report_fingerprint,
    report_input,
    resolve_setup,
)
from matches.importing.schema import schema_problems
from matches.models import Match
from matches.services import (
    MatchError,
    PrematchInput,
    match_schedule,
    prematch_record,
    report_confirm,
    report_save,
    report_submit,
)
from matches.services.cards import card_buy, card_options
from matches.services.common import locked_message, match_ruleset
from matches.services.prematch import may_declare
from matches.services.report import report_problems
from teams.models import Team

User = AbstractBaseUser | AnonymousUser
IMPORT_KEY_MAX = Match._meta.get_field("import_key").max_length or 0  # a CharField: always set


@dataclass(frozen=True)
class ImportResult:
    match: Match
    created: bool  # False: this report had been imported already; nothing was written


class _Refused(Exception):
    """Leaves the transaction, rolling everything back; the problems travel on the side."""


def import_key(league: League, report_id: str) -> str:
    return f"{league.slug}:{report_id}"


def _trusted(by: User | None, league: League) -> bool:
    return by is None or is_commissioner(by, league)


def _check_importer(by: User | None, league: League, home: Team | None, away: Team | None) -> None:
    if _trusted(by, league):
        return
    if by is not None and by.is_authenticated:
        if by.pk in {team.coach_id for team in (home, away) if team is not None}:
            return
        # A member who mistyped a team name should learn that, rather than be told he may not.
        if (home is None or away is None) and is_member(by, league):
            return
    raise PermissionDenied(_("Only the coaches of the two teams and the commissioner may import this match."))


def _dedup(problems: list[str]) -> list[str]:
    # Some checks run before and after the pre-match sequence, and the services repeat a few.
    return list(dict.fromkeys(problems))


def import_match(data: Any, *, by: Account | None, league: League | None = None) -> ImportResult:
    """Import a decoded match report (see docs/match-report.md).

    Raises MatchError with every reason when the report is refused (nothing is written), and
    PermissionDenied when `by` may not import this match. The same report imported again returns
    the match already made, with created=False.
    """
    # A caller may hand over a value that did not come through parse_report: check what no input may
    # carry (NUL characters, numbers no column holds, extreme nesting) before the schema walks it.
    problems = value_problems(data) or schema_problems(data)
    if problems:
        raise MatchError(problems)
    setup = resolve_setup(data, league)
    if setup.league is None:
        raise MatchError(setup.problems)
    key = import_key(setup.league, data["report_id"])
    existing = Match.objects.select_related("league", "home", "away").filter(import_key=key).first()
    if existing is not None:
        _check_importer(by, existing.league, existing.home, existing.away)
        return ImportResult(existing, False)
    _check_importer(by, setup.league, setup.home, setup.away)
    if len(key) > IMPORT_KEY_MAX:
        setup.problems.append(
            _("The report id is too long for this league (at most %(max)s characters).")
            % {"max": IMPORT_KEY_MAX - len(setup.league.slug) - 1}
        )
    ruleset = league_ruleset(setup.league)
    problems = list(setup.problems)
    rosters = {side: Roster(team, ruleset) for side, team in (("home", setup.home), ("away", setup.away)) if team}
    if len(rosters) == 2:
        problems += report_input(data, rosters)[1]
        # Said first: a match imported again usually breaks other checks too (a player it hurt now
        # misses the game), and this is the reason that explains them.
        twin = (
            None
            if data.get("distinct_match")
            else recorded_twin(setup.league, report_fingerprint(data, setup.league, rosters))
        )
        if twin is not None:
            problems.insert(0, twin_problem(twin))
    if not setup.playable:
        raise MatchError(_dedup(problems))
    try:
        with transaction.atomic():
            match = _build(data, setup, key, by, problems)
    except _Refused:
        raise MatchError(_dedup(problems)) from None
    except IntegrityError:
        # The same report imported at the same moment: the other import won the unique import_key.
        existing = Match.objects.filter(import_key=key).first()
        if existing is None:
            raise
        return ImportResult(existing, False)
    return ImportResult(match, True)


def open_fixture(league: League, home: Team, away: Team, *, locked: bool = False) -> Match | None:
    """The season's fixture this report is the result of: the earliest one, in the season's order,
    between these two teams with this home side that has no result yet. A fixture whose pre-match
    is already recorded keeps it (the report's pre-match part is then not used). None: the report
    makes a new match, as before seasons existed. A league match closed by its season's play-offs
    is never filled; with `locked`, the earliest such fixture instead (to say why it is refused)."""
    closed = locked_q()
    return (
        Match.objects.select_for_update(of=("self",))
        .filter(closed if locked else ~closed)
        .filter(
            league=league,
            home=home,
            away=away,
            season__isnull=False,
            import_key__isnull=True,
            status__in=(Match.Status.SCHEDULED, Match.Status.PREMATCH_DONE),
        )
        .order_by("season__number", "round__number", "pk")
        .first()
    )


def recorded_twin(league: League, fingerprint: str, match: Match | None = None) -> Match | None:
    """A match of the league (other than `match`) whose saved result says the same, if any."""
    if not fingerprint:
        return None
    twins = Match.objects.filter(league=league, content_fingerprint=fingerprint).select_related("home", "away")
    if match is not None:
        twins = twins.exclude(pk=match.pk)
    return twins.order_by("pk").first()


def twin_problem(twin: Match) -> str:
    played = date_format(twin.played_on) if twin.played_on else _("date not given")
    return _(
        "This report describes a match already recorded: match %(id)s, %(home)s v %(away)s, played on "
        "%(date)s (%(url)s), with the same score, player lines and casualties. Importing it would count "
        "that match twice. If it really is another match, add “distinct_match”: true to the report."
    ) % {"id": twin.pk, "home": twin.home.name, "away": twin.away.name, "date": played, "url": twin.get_absolute_url()}


def _buy_cards(match: Match, cards: list[tuple[str, str, str]], by: Account | None, problems: list[str]) -> None:
    """The cards the report's pre-match bought, as drawn at the table, through the pre-match page's
    service. A coach's import records both sides' purchases, as it records both sides' inducements
    (the other coach confirms the whole report): bought as the system, then credited to him.

    Cards paid from the inducement gold are bought on the pages in the inducements' turns, after
    both sides have declared their petty cash (matches.services.inducements); a report records the
    whole pre-match at once and cannot take those turns, so it buys only from a card budget."""
    if not cards:
        return
    options = card_options(match_ruleset(match))
    if options is not None and paid_with_inducements(options):
        problems.append(
            _("Pre-match: %(problem)s")
            % {
                "problem": _(
                    "a report buys special play cards only where the league gives a budget for them; where they "
                    "are paid from the inducement gold, buy them on the pre-match page and import the result "
                    "into that match."
                )
            }
        )
        return
    for side, deck, card in cards:
        buyer = by if may_declare(match, side, by) else None
        try:
            row = card_buy(match=match, side=side, deck=deck, by=buyer, entered=card)
        except MatchError as exc:
            problems += [_("Pre-match: %(problem)s") % {"problem": m} for m in exc.messages]
            continue
        if row.by_id != (by.pk if by else None):
            row.by = by
            row.save(update_fields=["by"])


def _build(data: dict[str, Any], setup: Setup, key: str, by: Account | None, problems: list[str]) -> Match:
    """Make the match with the services; raise _Refused (rolling back) if anything was refused."""
    league, home, away = setup.league, setup.home, setup.away
    assert league is not None and home is not None and away is not None
    # A coach may record his own match even where only the commissioner schedules: the result
    # counts only once the other side has confirmed it. He is still named as who scheduled it.
    may_schedule = _trusted(by, league) or league.coaches_schedule
    # Both teams locked for the whole import, in id order (as the post-match sequence locks them):
    # the same match imported twice at once is then seen by the second import's twin check.
    list(Team.objects.select_for_update().filter(pk__in=[home.pk, away.pk]).order_by("pk"))
    fixture = open_fixture(league, home, away)
    if fixture is None and not _trusted(by, league):
        # A coach's report arranges a new match: the pages' rule holds (never more than the
        # ruleset's max_consecutive_meetings in a row against the same opponent, rulebook p.24),
        # whoever may schedule. The commissioner (and the command line) is not held to it, as on
        # the pages; a season's fixture was not arranged by the coaches.
        from matches.hooks import arranged_match_problems, current_regular_season

        found = arranged_match_problems(league=league, home=home, away=away, season=current_regular_season(league))
        if found:
            problems += found
            raise _Refused
    if fixture is None:
        closed = open_fixture(league, home, away, locked=True)
        if closed is not None:
            # Not a new match beside the fixture the play-offs closed: refused, saying why.
            problems.append(locked_message(closed))
            raise _Refused
        match = match_schedule(league=league, home=home, away=away, by=by if may_schedule else None)
        match.scheduled_by = by or match.scheduled_by
    else:
        match = fixture
    match.import_key = key
    match.save(update_fields=["import_key", "scheduled_by"])
    pre = prematch_input(data)
    if match.status == Match.Status.SCHEDULED:
        _buy_cards(match, cards_bought(data), by, problems)
        try:
            prematch_record(match=match, data=pre, by=by)
        except MatchError as exc:
            problems += [_("Pre-match: %(problem)s") % {"problem": m} for m in exc.messages]
            # Go on with a plain pre-match (no petty cash, nothing induced, the steps' values as
            # given) to check the result too; if even that is refused, the reasons found so far stand.
            plain = {step: value for step, value in pre.steps.items() if step != "inducements"}
            try:
                prematch_record(match=match, data=PrematchInput(steps=plain, weather_dice=pre.weather_dice), by=by)
            except MatchError:
                raise _Refused from None
    match.refresh_from_db()
    rosters = {side: Roster(match.team(side)) for side in ("home", "away")}
    report, found = report_input(data, rosters)
    problems += found
    problems += report_problems(match, report)
    if problems:
        raise _Refused
    report_save(match=match, report=report, by=by, submitting=True)  # its entry: "submitted"
    # Again under the teams' lock: the same report imported twice at the same moment.
    twin = None if data.get("distinct_match") else recorded_twin(league, match.content_fingerprint, match)
    if twin is not None:
        problems.append(twin_problem(twin))
        raise _Refused
    try:
        report_submit(match=match, by=by)  # refuses what the post-match sequence could not use
    except MatchError as exc:
        problems += exc.messages
        raise _Refused from None
    log_action(
        action="matches.match.imported",
        actor=by,
        league=league,
        match=match.pk,
        report=data["report_id"],
        home=home.name,
        away=away.name,
    )
    if _trusted(by, league):
        report_confirm(match=match, by=by)
    match.refresh_from_db()
    return match
