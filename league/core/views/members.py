"""The league's coaches page: its commissioners answer requests, invite, set the membership mode
and appoint co-commissioners (league/core/membership.py does the writing)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core import membership, selectors
from league.core.forms import InviteForm, MembershipModeForm
from league.core.models import League, Membership
from league.core.permissions import is_commissioner, signed_in
from league.core.selectors import league_or_404, membership_or_404, pending_request_or_404
from league.infra.inputs import posted_id


def _posted_id(request: HttpRequest, field: str, refusal: str) -> int:
    """The id a button posted: a number, else a refusal in the reader's language (not a 500)."""
    found = posted_id(request.POST.get(field))
    if found is None:
        raise ValidationError(refusal)
    return found


def _act(request: HttpRequest, league: League) -> str:
    """Run the posted action; returns the success message (refusals raise)."""
    action = request.POST.get("action", "")
    if action in ("approve", "decline"):
        pending = pending_request_or_404(league, _posted_id(request, "request", _("No such request to join.")))
        membership.request_decide(request=pending, by=signed_in(request.user), approve=action == "approve")
        return _("Request approved.") if action == "approve" else _("Request declined.")
    if action == "invite":
        form: Form = InviteForm(request.POST)
        if not form.is_valid():
            raise ValidationError(_("Enter the coach's user name."))
        membership.invite(league=league, by=signed_in(request.user), username=form.cleaned_data["username"])
        return _("Invitation sent.")
    if action == "mode":
        form = MembershipModeForm(request.POST)
        if not form.is_valid():
            raise ValidationError(_("Unknown membership mode."))
        membership.membership_mode_set(
            league=league, by=signed_in(request.user), mode=form.cleaned_data["membership_mode"]
        )
        return _("Membership mode saved.")
    if action in ("promote", "demote"):
        member = membership_or_404(league, _posted_id(request, "membership", _("No such coach in this league.")))
        role = Membership.Role.COMMISSIONER if action == "promote" else Membership.Role.COACH
        membership.role_set(league=league, by=signed_in(request.user), membership=member, role=role)
        return _("Role saved.")
    raise ValidationError(_("Unknown action."))


@require_http_methods(["GET", "POST"])
def league_members(request: HttpRequest, slug: str) -> HttpResponse:
    league = league_or_404(slug)
    if not is_commissioner(request.user, league):
        raise PermissionDenied(_("Only a commissioner of the league may manage its coaches."))
    status = 200
    if request.method == "POST":
        try:
            done = _act(request, league)
        except ValidationError as refusal:
            # Refused: the page again, with the reasons, answering 400; nothing was changed.
            for message in refusal.messages:
                messages.error(request, message)
            status = 400
        else:
            messages.success(request, done)
            return redirect("league:members", slug=league.slug)
    return render(
        request,
        "league/members.html",
        {
            "league": league,
            "members": selectors.league_members(league),
            "pending": selectors.pending_requests(league),
            "invite_form": InviteForm(),
            "mode_form": MembershipModeForm(initial={"membership_mode": league.membership_mode}),
            "may_appoint": request.user.is_superuser or league.commissioner_id == request.user.pk,
        },
        status=status,
    )
