"""The account pages: Django's password reset and change views in the site's look, the profile, a
new address and the link that confirms an address (docs/decisions/accounts.md)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from league.accounts import services
from league.accounts.forms import AddressForm, MailedPasswordResetForm, NafForm, PreferencesForm
from league.accounts.services import Outcome
from league.accounts.throttle import mail_allowed


def too_many() -> str:
    return _("Too many mails were asked for this address or from yours: try again in an hour.")


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset request, throttled (league.accounts.throttle): an unknown address is counted
    and answered exactly like a known one."""

    form_class = MailedPasswordResetForm
    subject_template_name = "registration/password_reset_subject.txt"
    email_template_name = "registration/password_reset_email.txt"

    def form_valid(self, form: Any) -> HttpResponse:
        if not mail_allowed(self.request, "reset", form.cleaned_data["email"]):
            form.add_error(None, too_many())
            return self.form_invalid(form)
        return super().form_valid(form)


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    """The account: its name, its address and whether it is confirmed, the mail preferences and the
    coach's NAF membership (two forms, told apart by their hidden "form" field)."""
    account = services.profile_of(request.user)  # type: ignore[arg-type]  # login_required
    posted = request.POST.get("form", "mail") if request.method == "POST" else ""
    initial = {"language": account.language, "mail_mode": account.mail_mode}
    form = PreferencesForm(request.POST if posted == "mail" else None, initial=initial)
    naf_initial = {"naf_number": account.naf_number, "naf_name": account.naf_name}
    naf_form = NafForm(request.POST if posted == "naf" else None, initial=naf_initial)
    if posted == "mail" and form.is_valid():
        services.preferences_save(user=request.user, **form.cleaned_data)  # type: ignore[arg-type]
        messages.success(request, _("Your preferences are saved."))
        return redirect("profile")
    if posted == "naf" and naf_form.is_valid():
        services.naf_save(user=request.user, **naf_form.cleaned_data)  # type: ignore[arg-type]
        messages.success(request, _("Your NAF membership is saved."))
        return redirect("profile")
    context = {"account": account, "form": form, "naf_form": naf_form}
    return render(request, "accounts/profile.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def address_change(request: HttpRequest) -> HttpResponse:
    """A new address: a link is mailed to it, and the account's address changes when it is followed."""
    user: Any = request.user
    form = AddressForm(request.POST if request.method == "POST" else None, user=user)
    if request.method == "POST" and form.is_valid():
        address = form.cleaned_data["email"]
        if not mail_allowed(request, "confirm", address):
            form.add_error(None, too_many())
        else:
            sent = services.confirmation_send(user=user, address=address, absolute=request.build_absolute_uri)
            announce(request, sent, address)
            return redirect("profile")
    return render(request, "accounts/address_change.html", {"form": form})


@login_required
@require_POST
def confirmation_resend(request: HttpRequest) -> HttpResponse:
    """The profile's button: the link confirming the account's address, mailed again."""
    user: Any = request.user
    if not user.email:
        messages.error(request, _("Your account has no address yet: give one below."))
    elif not mail_allowed(request, "confirm", user.email):
        messages.error(request, too_many())
    else:
        sent = services.confirmation_send(user=user, address=user.email, absolute=request.build_absolute_uri)
        announce(request, sent, user.email)
    return redirect("profile")


def announce(request: HttpRequest, sent: bool, address: str) -> None:
    if sent:
        messages.success(
            request, _("A link was mailed to %(address)s: follow it to confirm the address.") % {"address": address}
        )
    else:
        messages.error(request, _("The mail to %(address)s could not be sent: try again later.") % {"address": address})


OUTCOMES = {
    Outcome.CONFIRMED: (200, gettext_lazy("Your address is confirmed.")),
    Outcome.CHANGED: (200, gettext_lazy("Your address is changed and confirmed. Your former address was told.")),
    Outcome.EXPIRED: (400, gettext_lazy("This link has expired: ask for a new one from your profile.")),
    Outcome.INVALID: (400, gettext_lazy("This link is not valid: copy it whole from the mail, or ask for a new one.")),
    Outcome.STALE: (400, gettext_lazy("This link is for an address your account no longer has: ask for a new one.")),
    Outcome.TAKEN: (400, gettext_lazy("Another account has this address now: the link cannot be used.")),
}


@require_GET
def address_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The link of a confirmation mail: following it is the confirmation (no form to post: the mail
    was asked for by the account's owner, and only the address's owner has the link)."""
    outcome = services.address_confirm(token)
    status, message = OUTCOMES[outcome]
    return render(
        request, "accounts/address_confirmed.html", {"message": str(message), "ok": status == 200}, status=status
    )
