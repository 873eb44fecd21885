"""A webhook posts only to http(s) URLs whose host resolves to public addresses: refused when saved
and again before each send (WEBHOOKS_ALLOW_PRIVATE off, its default), in English and in French."""

from __future__ import annotations

import socket

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from league.webhooks import safety
from league.webhooks.models import Delivery, Webhook
from league.webhooks.services import webhook_add, webhook_send_test
from tests.webhooks.receiver import receiving

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def private_refused(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = False


def refusal(league, commissioner, url: str) -> str:
    with pytest.raises(ValidationError) as refused:
        webhook_add(league=league, by=commissioner, url=url, fmt="json")
    assert not Webhook.objects.exists()
    return " ".join(refused.value.messages)


@pytest.mark.parametrize(
    "url, address",
    [
        ("http://127.0.0.1:8000/hook", "127.0.0.1"),
        ("http://10.1.2.3/hook", "10.1.2.3"),
        ("http://192.168.1.1/hook", "192.168.1.1"),
        ("http://169.254.169.254/latest/meta-data/", "169.254.169.254"),  # the clouds' metadata service
        ("http://0.0.0.0/hook", "0.0.0.0"),
        ("http://224.0.0.1/hook", "224.0.0.1"),
        ("http://[::1]:8000/hook", "::1"),
        ("http://[fe80::1]/hook", "fe80::1"),
        ("http://[fd00::5]/hook", "fd00::5"),
        ("http://[::ffff:127.0.0.1]/hook", "::ffff:127.0.0.1"),
        ("http://localhost:8000/hook", "127.0.0.1"),  # a name, resolved
    ],
)
def test_a_private_address_is_refused_in_english_and_french(league, commissioner, url, address):
    english = refusal(league, commissioner, url)
    assert "is not a public address" in english and "a webhook posts only to the internet" in english
    assert address in english or (address == "127.0.0.1" and "::1" in english)
    with translation.override("fr"):
        french = refusal(league, commissioner, url)
    assert "n'est pas une adresse publique" in french and "un webhook n'envoie que vers Internet" in french


def test_a_name_resolving_to_a_private_address_is_refused(league, commissioner, monkeypatch):
    real = socket.getaddrinfo

    def resolve(host, *args, **kwargs):
        if host == "intranet.example.com":
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.7", 443))]
        return real(host, *args, **kwargs)

    monkeypatch.setattr(safety.socket, "getaddrinfo", resolve)
    assert "10.0.0.7" in refusal(league, commissioner, "https://intranet.example.com/hook")


def test_one_private_address_among_public_ones_is_enough_to_refuse(league, commissioner, monkeypatch):
    answers = [
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", 443)),
        (socket.AF_INET6, socket.SOCK_STREAM, 6, "", ("::1", 443, 0, 0)),
    ]
    monkeypatch.setattr(safety.socket, "getaddrinfo", lambda *a, **k: answers)
    assert "::1" in refusal(league, commissioner, "https://mixed.example.com/hook")


def test_a_public_address_is_accepted(league, commissioner, monkeypatch):
    answers = [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", 443))]
    monkeypatch.setattr(safety.socket, "getaddrinfo", lambda *a, **k: answers)
    hook = webhook_add(league=league, by=commissioner, url="https://hooks.example.com/x", fmt="discord")
    assert hook.secret and len(hook.secret) >= 40


@pytest.mark.parametrize("url", ["ftp://files.example.com/hook", "file:///etc/passwd", "gopher://a.example.com/"])
def test_only_http_and_https(league, commissioner, url):
    assert "starts with http:// or https://" in refusal(league, commissioner, url)
    with translation.override("fr"):
        assert "commence par http:// ou https://" in refusal(league, commissioner, url)


def test_checked_again_before_each_send(league, commissioner, settings, django_capture_on_commit_callbacks):
    """Saved while private addresses were allowed, it is not posted once they are not."""
    with receiving() as server:
        settings.WEBHOOKS_ALLOW_PRIVATE = True
        hook = webhook_add(league=league, by=commissioner, url=server.url, fmt="json")
        settings.WEBHOOKS_ALLOW_PRIVATE = False
        with django_capture_on_commit_callbacks(execute=True):
            webhook_send_test(webhook=hook, by=commissioner)
    assert server.posts == []
    delivery = Delivery.objects.get(webhook=hook)
    assert (delivery.status, delivery.attempts) == ("failed", 1)  # a refusal is not retried
    assert "is not a public address" in delivery.last_error


def test_the_connection_goes_to_the_address_checked(league, commissioner, settings, monkeypatch):
    """DNS rebinding: a name that was public when checked connects to that address, not a new one."""
    settings.WEBHOOKS_ALLOW_PRIVATE = False
    answers = iter(
        [
            [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", 80))],
            [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", 80))],
        ]
    )
    monkeypatch.setattr(safety.socket, "getaddrinfo", lambda *a, **k: next(answers))
    connected = []
    monkeypatch.setattr(safety.socket, "create_connection", lambda address, *a: connected.append(address) or 1 / 0)
    safety.check_url("http://rebind.example.com/")
    with pytest.raises(ValidationError):
        safety._pinned_connection(("rebind.example.com", 80))
    assert connected == []
