"""The notifications' pages: the user's list, following one (marks it read), marking all read, the
mail's unsubscribe link (no login), and the commissioner's page of the league's failed mails."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from league.core.permissions import is_commissioner, signed_in
from league.core.selectors import league_or_404
from league.infra.inputs import posted_id
from league.notices import selectors, services, tasks
from league.notices.mail import unsubscribe_user
from league.notices.words import detail, message


@login_required
def notification_list(request: HttpRequest) -> HttpResponse:
    notifications = selectors.notifications_of(signed_in(request.user).pk)
    rows = [
        {"notification": n, "message": message(n.kind, n.params), "detail": detail(n.params)} for n in notifications
    ]
    unread = sum(1 for n in notifications if n.read_at is None)
    return render(request, "notices/list.html", {"rows": rows, "unread": unread})


@login_required
def notification_follow(request: HttpRequest, pk: int) -> HttpResponse:
    """The link of a notification: marked read, then on to its page."""
    notification = selectors.notification_of_or_404(signed_in(request.user).pk, pk)
    services.notification_read(notification)
    path = notification.path
    if not path or not url_has_allowed_host_and_scheme(path, allowed_hosts={request.get_host()}):
        path = reverse("notices:list")
    return redirect(path)


@login_required
@require_POST
def notification_read_all(request: HttpRequest) -> HttpResponse:
    services.notifications_read_all(signed_in(request.user).pk)
    messages.success(request, _("Every notification is marked read."))
    return redirect("notices:list")


# A mail client's one-click unsubscribe (RFC 8058) posts with no CSRF token: the signed token in
# the URL is what authorises the change, and all it can do is stop mail.
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    user_id = unsubscribe_user(token)
    if user_id is None:
        return render(request, "notices/unsubscribe.html", {"invalid": True}, status=400)
    if request.method == "POST":
        services.profile_unsubscribe(user_id)
        return render(request, "notices/unsubscribe.html", {"done": True})
    return render(request, "notices/unsubscribe.html", {})


@login_required
@require_http_methods(["GET", "POST"])
def league_mail(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's notification mail that failed for good, for its commissioner to send again."""
    league = league_or_404(slug)
    if not is_commissioner(request.user, league):
        raise PermissionDenied(_("Only a commissioner of the league sees its mail."))
    refusal = ""
    if request.method == "POST":
        pk = posted_id(request.POST.get("notification"))
        if pk is not None:
            notification = selectors.failed_mail_or_404(league, pk)
            services.mail_again(notification)
            tasks.queue_mail([notification.pk])
            messages.success(request, _("The mail was sent again (or queued)."))
            return redirect("league:mail", slug=league.slug)
        refusal = _("No such mail to send again.")
    rows = [{"notification": n, "message": message(n.kind, n.params)} for n in selectors.failed_mails(league)]
    context = {"league": league, "rows": rows, "refusal": refusal}
    return render(request, "notices/league_mail.html", context, status=400 if refusal else 200)
