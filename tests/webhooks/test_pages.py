"""The league's webhooks pages: the commissioner adds a webhook, sees its secret, sends a test event
to a real local server, reads the delivery log, posts a failed delivery again and removes the
webhook, in English and in French; anyone else gets 403 on every page and every write."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.core.services import league_create
from league.webhooks.models import Delivery, Webhook
from tests.webhooks.receiver import free_port, receiving

pytestmark = pytest.mark.django_db


@pytest.fixture
def private_allowed(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True


def signed_in(user, language: str = "en") -> Client:
    client = Client()
    client.cookies["django_language"] = language
    client.force_login(user)
    return client


def test_the_commissioner_adds_tests_and_removes_a_webhook(
    league, commissioner, private_allowed, django_capture_on_commit_callbacks
):
    client = signed_in(commissioner)
    page = reverse("league:webhooks", args=[league.slug])
    assert "No webhook yet." in client.get(page).content.decode()
    with receiving() as server:
        response = client.post(page, {"url": server.url, "format": "json"}, follow=True)
        assert "Webhook added: its secret signs every post." in response.content.decode()
        hook = Webhook.objects.get(league=league)
        assert hook.secret in response.content.decode()  # shown to the commissioner
        assert hook.created_by == commissioner
        log = reverse("league:webhook", args=[league.slug, hook.pk])
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("league:webhook_test", args=[league.slug, hook.pk]))
    assert response["Location"] == log
    response = client.get(log)
    [post] = server.posts
    assert post.json["event"] == "webhook.test"
    text = response.content.decode()
    assert "Test event sent" in text and "webhook.test" in text and "delivered" in text and "204" in text

    remove = reverse("league:webhook_remove", args=[league.slug, hook.pk])
    assert "Remove the webhook" in client.get(remove).content.decode()
    client.post(remove, {})  # no confirmation: nothing removed
    assert Webhook.objects.filter(pk=hook.pk).exists()
    response = client.post(remove, {"confirmed": "1"}, follow=True)
    assert "Webhook removed." in response.content.decode()
    assert not Webhook.objects.exists() and not Delivery.objects.exists()


def test_a_failed_delivery_is_shown_and_posted_again(
    league, commissioner, private_allowed, django_capture_on_commit_callbacks
):
    port = free_port()
    client = signed_in(commissioner, "fr")
    client.post(
        reverse("league:webhooks", args=[league.slug]), {"url": f"http://127.0.0.1:{port}/", "format": "discord"}
    )
    hook = Webhook.objects.get()
    log = reverse("league:webhook", args=[league.slug, hook.pk])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("league:webhook_test", args=[league.slug, hook.pk]))
    text = client.get(log).content.decode()
    assert "Événement de test envoyé" in text and "échoué" in text and "Journal des envois" in text
    delivery = Delivery.objects.get()
    assert delivery.status == "failed" and delivery.attempts == 6
    retry = reverse("league:webhook_retry", args=[league.slug, hook.pk, delivery.pk])
    assert retry in text  # the failed delivery's button
    with receiving(port) as server, django_capture_on_commit_callbacks(execute=True):
        client.post(retry)
    text = client.get(log).content.decode()
    assert "Envoi renvoyé." in text and "livré" in text
    # Worded in the league's language (English), not in the commissioner's.
    [post] = server.posts
    assert post.json["embeds"][0]["title"] == "Test event"
    assert post.json["embeds"][0]["fields"][0]["value"] == "A test from Test League: this webhook works."
    delivery.refresh_from_db()
    assert delivery.status == "delivered" and delivery.attempts == 7
    response = client.post(retry, follow=True)  # delivered: not posted again
    assert "Cet envoi a déjà été livré." in response.content.decode()


def test_the_pages_read_in_french_and_a_private_address_is_refused_in_french(league, commissioner):
    client = signed_in(commissioner, "fr")
    page = reverse("league:webhooks", args=[league.slug])
    text = client.get(page).content.decode()
    assert "Webhooks de Test League" in text and "Ajouter un webhook" in text and "Aucun webhook" in text
    text = client.post(page, {"url": "http://10.0.0.1/hook", "format": "json"}).content.decode()
    assert "n&#x27;est pas une adresse publique (10.0.0.1)" in text
    text = client.post(page, {"url": "ftp://example.com/hook", "format": "json"}).content.decode()
    assert "commence par http:// ou https://" in text
    assert not Webhook.objects.exists()
    settings_page = client.get(reverse("league:settings", args=[league.slug])).content.decode()
    assert page in settings_page  # the settings link to it


def test_only_the_commissioner_gets_the_pages_and_the_writes(
    league, commissioner, coach_alice, user_factory, private_allowed
):
    hook = Webhook.objects.create(league=league, url="http://127.0.0.1:9/", format="json", created_by=commissioner)
    delivery = Delivery.objects.create(webhook=hook, kind="webhook.test", payload={}, status="failed", attempts=6)
    other = user_factory("other_commissioner")
    league_create(name="Other League", ruleset="lrb6", commissioner=other)
    args = [league.slug, hook.pk]
    reads = [
        reverse("league:webhooks", args=[league.slug]),
        reverse("league:webhook", args=args),
        reverse("league:webhook_remove", args=args),
    ]
    writes = [
        (reverse("league:webhooks", args=[league.slug]), {"url": "http://127.0.0.1:9/x", "format": "json"}),
        (reverse("league:webhook_remove", args=args), {"confirmed": "1"}),
        (reverse("league:webhook_test", args=args), {}),
        (reverse("league:webhook_retry", args=[*args, delivery.pk]), {}),
    ]
    for client in (Client(), signed_in(coach_alice), signed_in(user_factory("stranger")), signed_in(other)):
        for url in reads:
            assert client.get(url).status_code == 403, url
        for url, data in writes:
            assert client.post(url, data).status_code == 403, url
    assert list(Webhook.objects.values_list("pk", flat=True)) == [hook.pk]
    assert list(Delivery.objects.values_list("pk", "status", "attempts")) == [(delivery.pk, "failed", 6)]
    owner = signed_in(commissioner)
    assert all(owner.get(url).status_code == 200 for url in reads)
    # Another league's webhook is not found under this league's address.
    assert owner.get(reverse("league:webhook", args=["other-league", hook.pk])).status_code in (403, 404)
