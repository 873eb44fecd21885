"""Who comes into a league: open joining, requests a commissioner approves, invitations, and
co-commissioners. Write-side services (views call these; each change is audited)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.models import League, Membership, MembershipRequest
from league.core.permissions import is_commissioner

Kind = MembershipRequest.Kind
Status = MembershipRequest.Status


def _require_commissioner(by: User, league: League) -> None:
    if not is_commissioner(by, league):
        raise PermissionDenied(_("Only a commissioner of the league may manage its coaches."))


def _pending(league: League, user: User, kind: str) -> MembershipRequest | None:
    return MembershipRequest.objects.filter(league=league, user_id=user.pk, kind=kind, status=Status.PENDING).first()


def _admit(league: League, user: User) -> Membership:
    membership, _created = Membership.objects.get_or_create(
        league=league, user=user, defaults={"role": Membership.Role.COACH}
    )
    return membership


def membership_mode_set(*, league: League, by: User, mode: str) -> None:
    _require_commissioner(by, league)
    if mode not in League.MembershipMode.values:
        raise ValidationError(_("Unknown membership mode."))
    old = league.membership_mode
    if old == mode:
        return
    league.open_to_join = mode != League.MembershipMode.INVITATION
    league.join_needs_approval = mode == League.MembershipMode.APPROVAL
    with transaction.atomic():
        league.save(update_fields=["open_to_join", "join_needs_approval"])
        log_action(action="league.membership_mode.changed", actor=by, league=league, old=old, new=mode)


def join_or_ask(*, league: League, user: User) -> Membership | MembershipRequest:
    """The league page's one button: accept a pending invitation, join an open league, or ask
    to join a league whose commissioner approves each coach."""
    from league.core.services import league_join

    if Membership.objects.filter(league=league, user_id=user.pk).exists():
        return Membership.objects.get(league=league, user_id=user.pk)
    invitation = _pending(league, user, Kind.INVITATION)
    if invitation is not None:
        membership = invitation_answer(invitation=invitation, user=user, accept=True)
        assert membership is not None
        return membership
    if league.membership_mode != League.MembershipMode.APPROVAL:
        return league_join(league=league, user=user)
    existing = _pending(league, user, Kind.REQUEST)
    if existing is not None:
        return existing
    with transaction.atomic():
        request = MembershipRequest.objects.create(league=league, user=user, kind=Kind.REQUEST, created_by=user)
        log_action(action="league.member.requested", actor=user, league=league, user=user.get_username())
    return request


def request_decide(*, request: MembershipRequest, by: User, approve: bool) -> MembershipRequest:
    _require_commissioner(by, request.league)
    if request.kind != Kind.REQUEST or request.status != Status.PENDING:
        raise ValidationError(_("This request has already been answered."))
    with transaction.atomic():
        request.status = Status.ACCEPTED if approve else Status.DECLINED
        request.decided_by, request.decided_at = by, timezone.now()
        request.save(update_fields=["status", "decided_by", "decided_at"])
        if approve:
            _admit(request.league, request.user)
        log_action(
            action="league.member.approved" if approve else "league.member.declined",
            actor=by,
            league=request.league,
            user=request.user.get_username(),
        )
    return request


def invite(*, league: League, by: User, username: str) -> MembershipRequest:
    _require_commissioner(by, league)
    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise ValidationError(_("No account is called “%(name)s”.") % {"name": username.strip()})
    if Membership.objects.filter(league=league, user=user).exists():
        raise ValidationError(_("%(name)s is already in this league.") % {"name": user.get_username()})
    existing = _pending(league, user, Kind.INVITATION)
    if existing is not None:
        return existing
    with transaction.atomic():
        invitation = MembershipRequest.objects.create(league=league, user=user, kind=Kind.INVITATION, created_by=by)
        # An invitation answers the coach's own pending request, if any.
        MembershipRequest.objects.filter(league=league, user=user, kind=Kind.REQUEST, status=Status.PENDING).update(
            status=Status.DECLINED, decided_by=by, decided_at=timezone.now()
        )
        log_action(action="league.member.invited", actor=by, league=league, user=user.get_username())
    return invitation


def invitation_answer(*, invitation: MembershipRequest, user: User, accept: bool) -> Membership | None:
    if invitation.user_id != user.pk:
        raise PermissionDenied(_("This invitation is for another coach."))
    if invitation.kind != Kind.INVITATION or invitation.status != Status.PENDING:
        raise ValidationError(_("This invitation has already been answered."))
    with transaction.atomic():
        invitation.status = Status.ACCEPTED if accept else Status.DECLINED
        invitation.decided_by, invitation.decided_at = user, timezone.now()
        invitation.save(update_fields=["status", "decided_by", "decided_at"])
        membership = _admit(invitation.league, user) if accept else None
        log_action(
            action="league.member.invitation_accepted" if accept else "league.member.invitation_declined",
            actor=user,
            league=invitation.league,
            user=user.get_username(),
        )
    return membership


def role_set(*, league: League, by: User, membership: Membership, role: str) -> Membership:
    """Appoint or remove a co-commissioner. Only the league's own commissioner does this, and
    their own role never changes (the league always keeps its commissioner)."""
    if not (getattr(by, "is_superuser", False) or league.commissioner_id == by.pk):
        raise PermissionDenied(_("Only the league's commissioner may appoint co-commissioners."))
    if membership.league_id != league.pk or role not in Membership.Role.values:
        raise ValidationError(_("Unknown member or role."))
    if membership.user_id == league.commissioner_id:
        raise ValidationError(_("The league's commissioner stays its commissioner."))
    old = membership.role
    if old == role:
        return membership
    with transaction.atomic():
        membership.role = role
        membership.save(update_fields=["role"])
        log_action(
            action="league.member.role_changed",
            actor=by,
            league=league,
            user=membership.user.get_username(),
            old=old,
            new=role,
        )
    return membership
