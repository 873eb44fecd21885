"""The league's webhooks pages, for its commissioners only: the list (with the form to add one), a
webhook's delivery log (send a test event, post a failed delivery again) and its removal."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from league.core.models import League
from league.core.permissions import is_commissioner, signed_in
from league.core.selectors import league_or_404
from league.webhooks import services
from league.webhooks.models import Webhook
from league.webhooks.selectors import deliveries_of, delivery_or_404, webhook_or_404, webhooks_of


class WebhookForm(forms.Form):
    url = forms.URLField(
        label=gettext_lazy("URL"),
        max_length=500,
        assume_scheme="https",
        help_text=gettext_lazy("The address the league's events are posted to (http or https, a public host)."),
    )
    format = forms.ChoiceField(
        label=gettext_lazy("Format"),
        choices=Webhook.Format.choices,
        initial=Webhook.Format.DISCORD,
        help_text=gettext_lazy("Discord: a message in a channel (the channel's webhook URL). JSON: for programs."),
    )


def _league_for_commissioner(request: HttpRequest, slug: str) -> League:
    league = league_or_404(slug)
    if not is_commissioner(request.user, league):
        raise PermissionDenied(_("Only a commissioner of the league may manage its webhooks."))
    return league


@require_http_methods(["GET", "POST"])
def webhook_list(request: HttpRequest, slug: str) -> HttpResponse:
    league = _league_for_commissioner(request, slug)
    form = WebhookForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.webhook_add(
                league=league, by=signed_in(request.user), url=form.cleaned_data["url"], fmt=form.cleaned_data["format"]
            )
        except ValidationError as refusal:
            form.add_error("url", refusal)
        else:
            messages.success(request, _("Webhook added: its secret signs every post."))
            return redirect(reverse("league:webhooks", args=[league.slug]))
    return render(request, "webhooks/list.html", {"league": league, "webhooks": webhooks_of(league), "form": form})


@require_http_methods(["GET"])
def webhook_deliveries(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    league = _league_for_commissioner(request, slug)
    webhook = webhook_or_404(league, pk)
    return render(
        request,
        "webhooks/deliveries.html",
        {"league": league, "webhook": webhook, "deliveries": deliveries_of(webhook)},
    )


@require_http_methods(["GET", "POST"])
def webhook_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    league = _league_for_commissioner(request, slug)
    webhook = webhook_or_404(league, pk)
    if request.method == "POST" and request.POST.get("confirmed"):
        services.webhook_remove(webhook=webhook, by=signed_in(request.user))
        messages.success(request, _("Webhook removed."))
        return redirect(reverse("league:webhooks", args=[league.slug]))
    return render(request, "webhooks/remove_confirm.html", {"league": league, "webhook": webhook})


@require_POST
def webhook_test(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    league = _league_for_commissioner(request, slug)
    webhook = webhook_or_404(league, pk)
    services.webhook_send_test(webhook=webhook, by=signed_in(request.user))
    messages.success(request, _("Test event sent: its delivery shows below."))
    return redirect(reverse("league:webhook", args=[league.slug, webhook.pk]))


@require_POST
def delivery_retry(request: HttpRequest, slug: str, pk: int, delivery: int) -> HttpResponse:
    league = _league_for_commissioner(request, slug)
    webhook = webhook_or_404(league, pk)
    try:
        services.delivery_retry(delivery=delivery_or_404(webhook, delivery), by=signed_in(request.user))
    except ValidationError as refusal:
        for message in refusal.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Delivery posted again."))
    return redirect(reverse("league:webhook", args=[league.slug, webhook.pk]))
