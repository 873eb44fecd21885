"""Disputes and corrections before a result is confirmed.

A submitted result goes back to draft when the opposing coach (or a commissioner) sends it back
with a reason, or when its submitter withdraws it; a commissioner may also correct it in place
(report_save). Who may do what is decided here, once, for the services and for the pages' buttons.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.auth.models import User as Account
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.permissions import is_commissioner
from matches.models import Match
from matches.services.common import MatchError, lock_match, require_status, side_of_user
from matches.services.events import publish_match

User = AbstractBaseUser | AnonymousUser
REASON_MAX = 1000  # characters: a sentence or two, shown on the match and the coaches' pages


def submitter_side(match: Match) -> str | None:
    """The side whose coach submitted the result (None: a commissioner who coaches neither)."""
    for side in ("home", "away"):
        if match.submitted_by_id is not None and match.team(side).coach_id == match.submitted_by_id:
            return side
    return None


def may_review(user: User | None, match: Match) -> bool:
    """Confirm or send back a submitted result: the coach of the other side than whoever submitted
    it, or a commissioner."""
    if match.status != Match.Status.SUBMITTED or user is None or not user.is_authenticated:
        return False
    if is_commissioner(user, match.league):
        return True
    mine = side_of_user(match, user)
    submitter = submitter_side(match)
    return mine is not None and (submitter is None or mine != submitter)


def may_withdraw(user: User | None, match: Match) -> bool:
    """Withdraw a submitted result: whoever submitted it, or the coach of the side he submitted for."""
    if match.status != Match.Status.SUBMITTED or user is None or not user.is_authenticated:
        return False
    if match.submitted_by_id == user.pk:
        return True
    mine = side_of_user(match, user)
    return mine is not None and mine == submitter_side(match)


def may_correct(user: User | None, match: Match) -> bool:
    """Edit a submitted result in place (drafts are open to both coaches): a commissioner only."""
    return match.status == Match.Status.SUBMITTED and user is not None and is_commissioner(user, match.league)


def clear_sent_back(match: Match) -> None:
    match.sent_back_by, match.sent_back_at, match.sent_back_reason = None, None, ""


def report_send_back(*, match: Match, by: Account, reason: str) -> Match:
    """Back to draft with the reason, which the match page and both coaches' pages show."""
    reason = (reason or "").strip()
    with transaction.atomic():
        lock_match(match)
        require_status(match, Match.Status.SUBMITTED)
        if not may_review(by, match):
            raise PermissionDenied(_("Only the opposing coach or the commissioner may send this result back."))
        if not reason:
            raise MatchError(
                [_("Give the reason for sending the result back: the coaches read it before correcting it.")]
            )
        if len(reason) > REASON_MAX:
            raise MatchError(
                [
                    _("The reason is too long (at most %(max)s characters, not %(count)s).")
                    % {"max": REASON_MAX, "count": len(reason)}
                ]
            )
        match.status = Match.Status.DRAFT
        match.sent_back_by, match.sent_back_at, match.sent_back_reason = by, timezone.now(), reason
        match.save()
        log_action(
            action="matches.result.sent_back",
            actor=by,
            league=match.league,
            match=match.pk,
            reason=reason,
        )
        # The submitter corrects it; the commissioners hear of the dispute (a commissioner who sent
        # it back himself is dropped from them as the actor).
        publish_match("result.sent_back", match.pk, to="submitter", actor=by, words={"reason": reason})
        publish_match("result.disputed", match.pk, to="commissioners", actor=by, words={"reason": reason})
    return match


def report_withdraw(*, match: Match, by: Account) -> Match:
    """The submitter takes his result back to draft, to correct it before anyone confirms it."""
    with transaction.atomic():
        lock_match(match)
        require_status(match, Match.Status.SUBMITTED)
        if not may_withdraw(by, match):
            raise PermissionDenied(_("Only whoever submitted this result may withdraw it."))
        match.status = Match.Status.DRAFT
        clear_sent_back(match)
        match.save()
        log_action(action="matches.result.withdrawn", actor=by, league=match.league, match=match.pk)
        publish_match("result.withdrawn", match.pk, actor=by)  # the opponent: the actor is dropped
    return match
