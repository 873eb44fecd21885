"""Repeated failed logins lock the account and the address, on the login page and the API (django-axes).

The limit is lowered to 3 here (tests/settings.py raises it for every other test, which all log in
from 127.0.0.1). A locked-out attempt must not cost a password hash: the hasher is counted.
"""

from __future__ import annotations

import base64
import html
from contextlib import contextmanager
from unittest import mock

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client, RequestFactory
from django.urls import reverse
from league.infra.lockout import client_ip
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

LIMIT = 3
ATTACKER, ALICE_HOME, BOB_HOME = "203.0.113.7", "198.51.100.1", "198.51.100.2"
LOCKED = "Too many failed logins for this account or from this address: logging in is blocked for 15 minutes."


@pytest.fixture(autouse=True)
def low_limit(settings):
    settings.AXES_FAILURE_LIMIT = LIMIT


@pytest.fixture
def bob(user_factory):
    return user_factory("bob")


@contextmanager
def hashes_counted():
    """Counts the password hashes computed: checking a password (verify) and the dummy hash Django
    computes for an unknown user name (encode), so that both cost the same time."""
    calls = {"verify": 0, "encode": 0}
    real_verify, real_encode = MD5PasswordHasher.verify, MD5PasswordHasher.encode

    def verify(self, password, encoded):
        calls["verify"] += 1
        return real_verify(self, password, encoded)

    def encode(self, password, salt):
        calls["encode"] += 1
        return real_encode(self, password, salt)

    with mock.patch.object(MD5PasswordHasher, "verify", verify), mock.patch.object(MD5PasswordHasher, "encode", encode):
        yield calls


def login(username: str, password: str, address: str, **extra):
    return Client().post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address, **extra)


def api_as(username: str, password: str, address: str, **extra):
    client = APIClient()
    token = base64.b64encode(f"{username}:{password}".encode()).decode()
    client.credentials(HTTP_AUTHORIZATION=f"Basic {token}", REMOTE_ADDR=address, **extra)
    return client


def logged_in(response) -> bool:
    return response.status_code == 302 and response.wsgi_request.user.is_authenticated


# --- The login page ---


def test_failed_logins_lock_the_account_on_the_login_page(coach_alice, bob):
    for _ in range(LIMIT - 1):
        wrong = login("alice", "wrong", ATTACKER)
        assert wrong.status_code == 200 and "Please enter a correct username and password" in wrong.text
    locked = login("alice", "wrong", ATTACKER)
    assert locked.status_code == 429 and LOCKED in locked.text and locked["Retry-After"] == "900"
    assert 'name="username"' in locked.text and 'value="alice"' in locked.text  # the form, to try later
    # The account is locked wherever its owner comes from, even with the right password...
    right = login("alice", "pw-alice", ALICE_HOME)
    assert right.status_code == 429 and not right.wsgi_request.user.is_authenticated
    # ...and the address is locked for every account.
    assert login("bob", "pw-bob", ATTACKER).status_code == 429
    # Others still log in.
    assert logged_in(login("bob", "pw-bob", BOB_HOME))


def test_trying_many_accounts_from_one_address_locks_the_address(coach_alice, bob, user_factory):
    for name in ("nobody", "alice", "root")[:LIMIT]:
        login(name, "guess", ATTACKER)
    assert login("bob", "pw-bob", ATTACKER).status_code == 429
    assert logged_in(login("alice", "pw-alice", ALICE_HOME))  # alice failed only once: not locked


def test_a_locked_out_attempt_runs_no_password_hash(coach_alice):
    for _ in range(LIMIT):
        login("alice", "wrong", ATTACKER)
    with hashes_counted() as calls:
        for password in ("wrong", "pw-alice", "another"):
            assert login("alice", password, ATTACKER).status_code == 429
        assert login("nobody", "guess", ATTACKER).status_code == 429  # unknown user, locked address
    assert calls == {"verify": 0, "encode": 0}
    with hashes_counted() as calls:  # the counter does count: a login that is not locked out hashes
        assert login("alice2", "x", ALICE_HOME).status_code == 200
    assert calls["encode"] + calls["verify"] == 1


def test_a_successful_login_forgets_earlier_failures(coach_alice):
    for _ in range(LIMIT - 1):
        login("alice", "wrong", ALICE_HOME)
    assert logged_in(login("alice", "pw-alice", ALICE_HOME))
    for _ in range(LIMIT - 1):
        login("alice", "wrong", ALICE_HOME)
    assert logged_in(login("alice", "pw-alice", ALICE_HOME))


def test_the_lockout_message_speaks_french(coach_alice):
    for _ in range(LIMIT):
        login("alice", "wrong", ATTACKER)
    locked = login("alice", "wrong", ATTACKER, HTTP_ACCEPT_LANGUAGE="fr")
    assert locked.status_code == 429
    text = html.unescape(locked.text)
    assert "Trop d'échecs de connexion pour ce compte ou depuis cette adresse\u00a0: la connexion est bloquée" in text
    assert "bloquée pendant 15 minutes" in text


def test_the_duration_follows_the_setting(coach_alice, settings):
    from datetime import timedelta

    settings.AXES_COOLOFF_TIME = timedelta(minutes=1)
    for _ in range(LIMIT):
        login("alice", "wrong", ATTACKER)
    locked = login("alice", "wrong", ATTACKER)
    assert "blocked for 1 minute." in locked.text and locked["Retry-After"] == "60"


# --- The API (Basic authentication) ---


def test_failed_basic_logins_lock_the_api_with_the_apis_error_shape(coach_alice, bob):
    for _ in range(LIMIT - 1):
        refused = api_as("alice", "wrong", ATTACKER).get("/api/teams/")
        assert refused.status_code == 401 and refused.json()["code"] == "authentication_failed"
    with hashes_counted() as calls:
        api_as("alice", "wrong", ATTACKER).get("/api/teams/")  # the last failure counted: one hash
        locked = api_as("alice", "pw-alice", ALICE_HOME).post("/api/teams/", {}, format="json")
        other_account = api_as("bob", "pw-bob", ATTACKER).get("/api/teams/")
    assert calls["verify"] == 1
    assert locked.status_code == 429 and locked["Retry-After"] == "900"
    assert locked.json() == {
        "code": "locked_out",
        "detail": LOCKED + " Wait, then try again.",
        "errors": [LOCKED + " Wait, then try again."],
        "fields": {},
    }
    assert other_account.status_code == 429
    assert api_as("bob", "pw-bob", BOB_HOME).get("/api/teams/").status_code == 200
    french = api_as("alice", "pw-alice", ALICE_HOME, HTTP_ACCEPT_LANGUAGE="fr").get("/api/teams/")
    assert french.status_code == 429 and "Trop d'échecs de connexion" in french.json()["detail"]


def test_the_page_and_the_api_count_the_same_failures(coach_alice):
    login("alice", "wrong", ATTACKER)
    api_as("alice", "wrong", ALICE_HOME).get("/api/teams/")
    login("alice", "wrong", BOB_HOME)
    assert api_as("alice", "pw-alice", ALICE_HOME).get("/api/teams/").status_code == 429
    assert login("alice", "pw-alice", ALICE_HOME).status_code == 429


def test_a_session_is_not_a_login_attempt(coach_alice):
    for _ in range(LIMIT):
        login("alice", "wrong", ATTACKER)
    client = APIClient(REMOTE_ADDR=ATTACKER)
    client.force_login(coach_alice)  # logged in before the lockout: the session still works
    assert client.get("/api/teams/").status_code == 200


# --- The address behind reverse proxies ---


def test_the_address_is_the_one_the_trusted_proxy_saw(settings):
    factory = RequestFactory()
    spoofed = factory.get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.7")
    assert client_ip(spoofed) == "10.0.0.1"  # no proxy configured: X-Forwarded-For is the client's own words
    settings.TRUSTED_PROXY_COUNT = 1
    assert client_ip(spoofed) == "203.0.113.7"  # what the proxy appended; "1.2.3.4" was written by the client
    settings.TRUSTED_PROXY_COUNT = 2
    assert client_ip(spoofed) == "1.2.3.4"
    assert client_ip(factory.get("/", REMOTE_ADDR="10.0.0.1")) == "10.0.0.1"  # header missing: the peer


def test_a_login_without_a_request_is_not_throttled(client, coach_alice):
    """Django's test client.login() (and a shell) authenticate without a request: no address to count."""
    assert client.login(username="alice", password="pw-alice")
    assert not client.login(username="alice", password="wrong")
