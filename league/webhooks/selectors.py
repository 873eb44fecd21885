"""What the webhook pages read."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from league.core.models import League
from league.webhooks.models import Delivery, Webhook

LOG_LENGTH = 50


def webhooks_of(league: League) -> QuerySet[Webhook]:
    return Webhook.objects.filter(league=league)


def webhook_or_404(league: League, pk: int) -> Webhook:
    return get_object_or_404(Webhook.objects.select_related("league"), league=league, pk=pk)


def deliveries_of(webhook: Webhook) -> list[Delivery]:
    """The latest deliveries, newest first."""
    return list(Delivery.objects.filter(webhook=webhook)[:LOG_LENGTH])


def delivery_or_404(webhook: Webhook, pk: int) -> Delivery:
    return get_object_or_404(Delivery.objects.select_related("webhook__league"), webhook=webhook, pk=pk)
