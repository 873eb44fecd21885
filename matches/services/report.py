"""The match result: saved as a draft, submitted by one side, confirmed by the other side or the
commissioner. Confirmation queues the post-match sequence (after commit). Before that, a submitted
result may go back to draft (matches/services/dispute.py) or be corrected in place by a
commissioner (report_save)."""

from __future__ import annotations

from contextlib import nullcontext

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from league.core import outbox
from league.core.audit import log_action
from league.core.permissions import is_commissioner
from league.core.selectors import settings_snapshot
from league.infra.page_versions import page_scope, play_scope
from league.rules import casualty_from_dice, check_die
from league.rules.postmatch import die_faces
from league.rules.postmatch.check import extra_actions
from league.rules.postmatch.results import result_violations
from matches.fingerprint import match_fingerprint
from matches.models import Decision, DiceRoll, Match, MatchCasualty, MatchPlayer
from matches.services.apothecary import apothecary_problems, stored_apothecary_problems
from matches.services.bank import BANK_KEYS, bank_problems
from matches.services.card_plays import card_play_problems
from matches.services.common import (
    MatchError,
    check_participant,
    lock_match,
    match_ruleset,
    prematch_dice,
    require_playable,
    require_status,
    side_of_user,
)
from matches.services.dispute import clear_sent_back, may_review
from matches.services.events import publish_match
from matches.services.records import records_problems
from matches.services.report_input import RESULT_FIELDS, CasualtyLine, PlayerLine, ReportInput
from matches.services.scoring import score_problems
from matches.services.sequence import match_sequence
from matches.services.wording import result_problem

# The decisions the result sheet holds (by key prefix): saving a sheet replaces them all.
REPORT_DECISIONS = ("mvp", "winnings_reroll", "card_gold", *BANK_KEYS)


def report_problems(match: Match, report: ReportInput) -> list[str]:
    """Every reason the report does not fit the match (the same list for pages, API and imports)."""
    ruleset = match_ruleset(match)
    problems: list[str] = []
    for name, value in (
        ("home_score", report.home_score),
        ("away_score", report.away_score),
        ("home_fame", report.home_fame),
        ("away_fame", report.away_fame),
        ("home_uncredited_touchdowns", report.home_uncredited_touchdowns),
        ("away_uncredited_touchdowns", report.away_uncredited_touchdowns),
        ("home_apothecary_ko", report.home_apothecary_ko),
        ("away_apothecary_ko", report.away_apothecary_ko),
    ):
        if value is None or value < 0:
            problems.append(_("%(field)s cannot be negative.") % {"field": name.replace("_", " ")})
    if report.home_fame not in (0, 1, 2) or report.away_fame not in (0, 1, 2):
        problems.append(_("FAME is 0, 1 or 2."))
    if report.conceded_by not in ("", "home", "away"):
        problems.append(_("A concession is by the home or the away team."))
    problems += result_policy_problems(match, report)
    problems += records_problems(match, ruleset, report.records)
    if report.cards_played is not None:
        problems += card_play_problems(match, ruleset, report.cards_played)
    lines = {line.player_id: line for line in MatchPlayer.objects.filter(match=match).select_related("player")}
    other_actions = extra_actions(ruleset)
    touchdowns = {"home": 0, "away": 0}
    seen: set[int] = set()
    for line in report.lines:
        row = lines.get(line.player_id)
        if row is None:
            problems.append(_("Player #%(id)s did not take part in this match.") % {"id": line.player_id})
            continue
        if line.player_id in seen:
            problems.append(_("%(player)s appears twice in the report.") % {"player": row.player})
        seen.add(line.player_id)
        counts = (line.completions, line.touchdowns, line.interceptions, line.casualties, *line.actions.values())
        if any(c < 0 for c in counts):
            problems.append(_("%(player)s: counts cannot be negative.") % {"player": row.player})
        unknown = sorted(set(line.actions) - set(other_actions))
        if unknown:
            problems.append(
                _("%(player)s: “%(action)s” is not an action of this league's ruleset.")
                % {"player": row.player, "action": unknown[0]}
            )
        if any(counts) and not row.eligible:
            problems.append(
                _("%(player)s missed this match and cannot be credited with anything.") % {"player": row.player}
            )
        touchdowns[row.side] += max(line.touchdowns, 0)
    for side, score in (("home", report.home_score), ("away", report.away_score)):
        if score is not None and touchdowns[side] > score:
            problems.append(
                _("The %(side)s players scored %(tds)s touchdowns but the score says %(score)s.")
                % {"side": _(side), "tds": touchdowns[side], "score": score}
            )
    victims: set[int] = set()
    for cas in report.casualties:
        row = lines.get(cas.victim_id)
        if row is None:
            problems.append(_("Player #%(id)s did not take part in this match.") % {"id": cas.victim_id})
            continue
        if cas.victim_id in victims:
            problems.append(_("%(player)s has two casualty entries.") % {"player": row.player})
        victims.add(cas.victim_id)
        pairs = [(cas.d6, cas.d8), (cas.second_d6, cas.second_d8), (cas.apothecary_d6, cas.apothecary_d8)]
        for d6, d8 in pairs:
            if d6 is None and d8 is None:
                continue
            try:
                if d6 is None or d8 is None:
                    raise ValueError("one die of the pair is missing")
                casualty_from_dice(ruleset, d6, d8)
            except (TypeError, ValueError):
                problems.append(
                    _("%(player)s: %(d6)s and %(d8)s is not a casualty roll (D6 then D8).")
                    % {"player": row.player, "d6": d6, "d8": d8}
                )
        if cas.regeneration_roll is not None:
            try:
                check_die(cas.regeneration_roll, 6, "regeneration")
            except ValueError as exc:
                problems.append(str(exc))
    on_ko = {"home": report.home_apothecary_ko, "away": report.away_apothecary_ko}
    problems += apothecary_problems(match, report.casualties, lines, on_ko)
    problems += bank_problems(match, report.decisions)
    for purpose, values in report.dice.items():
        sides = die_faces(purpose, ruleset)
        if not isinstance(values, list) or not values:
            problems.append(_("Dice “%(purpose)s”: give the values rolled.") % {"purpose": purpose})
            continue
        for v in values:
            try:
                check_die(v, sides or 99, purpose)
            except (TypeError, ValueError) as exc:
                problems.append(str(exc))
    return problems


def result_policy_problems(match: Match, report: ReportInput) -> list[str]:
    """What the ruleset's result policy refuses in a result (league.rules.postmatch.results): a
    Dungeon Bowl score other than 1-0, a shoot-out where a draw stands, shoot-out dice that do not
    name its winner. A level score still waiting for its shoot-out's winner is refused only at
    submission (tie_problems): a draft may be saved without it."""
    found = result_violations(
        match_ruleset(match),
        home_score=report.home_score or 0,
        away_score=report.away_score or 0,
        conceded_by=report.conceded_by,
        shootout_winner=report.shootout_winner,
        shootout_dice=list(report.shootout_dice),
        overtime=report.overtime,
        playoff=bool(match.stage),
    )
    return [result_problem(v) for v in found if v.code != "winner_needed"]


def tie_problems(match: Match) -> list[str]:
    """A saved level score that may not stand (a play-off match; a ruleset without draws) names
    the shoot-out's winner."""
    found = result_violations(
        match_ruleset(match),
        home_score=match.home_score or 0,
        away_score=match.away_score or 0,
        conceded_by=match.conceded_by,
        shootout_winner=match.shootout_winner,
        playoff=bool(match.stage),
    )
    return [result_problem(v) for v in found if v.code == "winner_needed"]


playoff_problems = tie_problems  # the name the corrections and older callers know


def _corrected(match: Match, by: User | None, was: str) -> bool:
    """A commissioner changing a result already entered, other than as the coach of one side."""
    if by is None or was == Match.Status.PREMATCH_DONE or not is_commissioner(by, match.league):
        return False
    return was == Match.Status.SUBMITTED or side_of_user(match, by) is None


def write_report(match: Match, report: ReportInput, by: User | None) -> None:
    """Write a result's inputs on the match (the caller checked them and holds the transaction):
    lines, casualties, dice and decisions replace earlier ones."""
    day = match.played_on
    for attr in (*RESULT_FIELDS, "played_on"):
        value = getattr(report, attr)
        if value is None and attr == "cards_played":  # kept as marked on the match page
            continue
        if attr in ("shootout_dice", "records", "cards_played"):  # JSON lists, as they read back
            value = [list(v) if isinstance(v, tuple | list) else dict(v) for v in value]
        setattr(match, attr, value)
    # A draft changes its match's progress (league/infra/page_versions.py, STEP), and its league's
    # results pages only by moving the day its home orders the next fixtures by.
    with page_scope(play_scope(match.league_id)) if match.played_on != day else nullcontext():
        match.save()
    by_player = {line.player_id: line for line in report.lines}
    rows = list(MatchPlayer.objects.filter(match=match))
    for row in rows:
        line = by_player.get(row.player_id, PlayerLine(row.player_id))
        row.completions, row.touchdowns = line.completions, line.touchdowns
        row.interceptions, row.casualties = line.interceptions, line.casualties
        row.actions = {key: count for key, count in line.actions.items() if count}
    # One UPDATE for every line (a correction writes them inside its replay's transaction).
    MatchPlayer.objects.bulk_update(rows, ["completions", "touchdowns", "interceptions", "casualties", "actions"])
    MatchCasualty.objects.filter(match=match).delete()
    MatchCasualty.objects.bulk_create(
        MatchCasualty(
            match=match,
            **{k: getattr(c, k) for k in CasualtyLine.__dataclass_fields__ if k != "victim_id"},
            victim_id=c.victim_id,
        )
        for c in report.casualties
    )
    # The sheet's own dice are written again below; the others (MVP draw, improvement and
    # departure dice, entered on the dice page) depend on the result, so they go and are asked
    # for again. The pre-match weather dice are not the report's: saving must not erase them.
    DiceRoll.objects.filter(match=match, source=DiceRoll.Source.ENTERED).exclude(
        purpose__in=prematch_dice(match)
    ).delete()
    for purpose, values in report.dice.items():
        DiceRoll.objects.update_or_create(
            match=match, purpose=purpose, defaults={"values": values, "source": DiceRoll.Source.ENTERED}
        )
    # Report-time decisions are replaced too: a stale re-roll, MVP pick or bank amount would be
    # "not used", or move gold nobody asked for any more.
    stale = Decision.objects.filter(match=match).exclude(key__in=list(report.decisions))
    report_keys = Q()
    for prefix in REPORT_DECISIONS:
        report_keys |= Q(key__startswith=f"{prefix}:")
    stale.filter(report_keys).delete()
    for key, value in report.decisions.items():
        Decision.objects.update_or_create(match=match, key=key, defaults={"value": value, "by": by})


def report_save(*, match: Match, report: ReportInput, by: User | None, submitting: bool = False) -> Match:
    """Save the result as a draft: lines, casualties, dice and decisions replace earlier ones.

    A commissioner (or the system) may also correct a submitted result: it stays submitted, so it
    must pass the submission's checks again. `submitting`: the save is the first half of a
    submission (report_save_and_submit, the import), whose own history entry says "submitted":
    no "saved as a draft" entry beside it (a commissioner's edit is still recorded)."""
    check_participant(match, by)
    with transaction.atomic():
        lock_match(match)
        was = match.status
        if was != Match.Status.SUBMITTED or (by is not None and not is_commissioner(by, match.league)):
            require_status(match, Match.Status.PREMATCH_DONE, Match.Status.DRAFT)
        require_playable(match)  # a commissioner's correction of a submitted result too
        problems = report_problems(match, report)
        if problems:
            raise MatchError(problems)
        write_report(match, report, by)
        match.status = Match.Status.SUBMITTED if was == Match.Status.SUBMITTED else Match.Status.DRAFT
        match.save(update_fields=["status"])
        if was == Match.Status.SUBMITTED:
            check_submittable(match)  # rolls the correction back if it could not be confirmed
        match.content_fingerprint = match_fingerprint(match)
        match.save(update_fields=["content_fingerprint"])
        corrected = _corrected(match, by, was)
        if corrected or not submitting:
            _log_save(match, by, corrected)
    return match


def _log_save(match: Match, by: User | None, corrected: bool) -> None:
    log_action(
        action="matches.result.corrected" if corrected else "matches.result.saved",
        actor=by,
        league=match.league,
        match=match.pk,
        score=[match.home_score, match.away_score],
    )


def report_save_and_submit(*, match: Match, report: ReportInput, by: User | None) -> Match:
    """The result sheet's "submit": save, then submit, with one history entry, "submitted". A
    submission refused keeps the saved draft (the coach corrects it on the sheet): the history then
    says it was saved."""
    was = match.status
    report_save(match=match, report=report, by=by, submitting=True)
    try:
        return report_submit(match=match, by=by)
    except MatchError:
        if not _corrected(match, by, was):
            _log_save(match, by, corrected=False)
        raise


def check_submittable(match: Match) -> None:
    """Refuse, with every reason at once, a saved result that may not be submitted or confirmed: its
    touchdowns do not account for the score, or the post-match sequence could not use it (a die it
    no longer asks for, a missing MVP pick…): once confirmed it would only fail later, on a worker."""
    from matches.services.postcheck import postgame_problems  # (it imports the other services)

    problems = tie_problems(match) + score_problems(match) + stored_apothecary_problems(match)
    problems += postgame_problems(match)
    if problems:
        raise MatchError(problems)


def report_submit(*, match: Match, by: User | None) -> Match:
    check_participant(match, by)
    with transaction.atomic():
        lock_match(match)
        require_status(match, Match.Status.DRAFT)
        check_submittable(match)
        match.status = Match.Status.SUBMITTED
        match.submitted_by = by
        match.submitted_at = timezone.now()
        clear_sent_back(match)  # answered: the history keeps it
        match.save()
        log_action(action="matches.result.submitted", actor=by, league=match.league, match=match.pk)
        publish_match("result.submitted", match.pk, actor=by)  # the opposing coach: the actor is dropped
    return match


def report_confirm(*, match: Match, by: User | None) -> Match:
    """The opposing coach or the commissioner confirms; the post-match sequence is queued after commit.
    Its event reaches the listeners (notifications, webhooks) as the sequence's do, through outbox rows
    written in its transaction and done in batches after the commit (league/core/outbox.py): a round
    of results confirmed together neither waits for them nor has each told in a transaction of its own."""
    from matches.services.postgame_queue import queue_postgame

    with transaction.atomic(), outbox.collecting():
        lock_match(match)
        require_status(match, Match.Status.SUBMITTED)
        if by is not None and not may_review(by, match):
            raise PermissionDenied(_("The result must be confirmed by the opposing coach or the commissioner."))
        check_submittable(match)  # again: dice may have changed since, and the teams' earlier matches run meanwhile
        match.status = Match.Status.CONFIRMED
        match.confirmed_by = by
        match.confirmed_at = timezone.now()
        match.settings_snapshot = settings_snapshot(match.league)
        match.sequence = match_sequence(match)
        match.queued_at = match.confirmed_at  # handed to the broker at the commit (queue_postgame)
        match.save()
        log_action(action="matches.result.confirmed", actor=by, league=match.league, match=match.pk)
        publish_match("result.confirmed", match.pk, actor=by)
        transaction.on_commit(lambda: queue_postgame(match.pk, stamp=False, stamped=True))
    return match
