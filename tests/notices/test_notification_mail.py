"""Notification mail through the user's path (Celery tasks run in-process; Django's locmem
backend keeps what is sent in mail.outbox): at once in the recipient's language, text and HTML,
with an unsubscribe link that needs no login; the daily digest; never; a failing server retried,
then shown to the commissioner, who sends it again."""

from __future__ import annotations

import re
import smtplib
from unittest import mock

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from league.accounts.models import Profile
from league.notices.models import Notification
from league.notices.tasks import MAIL_RETRIES, mail_digests
from tests.notices.conftest import prefer

pytestmark = pytest.mark.django_db

Status = Notification.MailStatus


def unsubscribe_path(message) -> str:
    found = re.search(r"http://[^/\s]+(/notifications/unsubscribe/\S+/)", message.body)
    assert found, message.body
    return found[1]


def test_at_once_mail_in_the_recipients_language_with_text_html_and_an_unsubscribe_link(
    tell, coach_alice, bob_in, commissioner
):
    prefer(coach_alice, language="fr")
    prefer(commissioner, language="en")
    tell("result.confirmed", [coach_alice, commissioner], actor=bob_in, path="/matches/12/")

    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.org", "commissioner@example.org"]
    french = next(m for m in mail.outbox if m.to == ["alice@example.org"])
    assert french.subject == "Test League : Reavers 2–1 Raiders : le résultat a été confirmé."
    assert "le résultat a été confirmé" in french.body and "http://127.0.0.1:8000/matches/12/" in french.body
    html, kind = french.alternatives[0]
    assert kind == "text/html" and 'lang="fr"' in html and "Le voir sur le site" in html
    english = next(m for m in mail.outbox if m.to == ["commissioner@example.org"])
    assert english.subject == "Test League: Reavers 2–1 Raiders: the result was confirmed."
    assert Notification.objects.filter(mail_status=Status.SENT, mail_attempts=1).count() == 2

    # the unsubscribe link: no login, a page with a button, then no more mail
    path = unsubscribe_path(french)
    assert french.extra_headers["List-Unsubscribe"] == f"<http://127.0.0.1:8000{path}>"
    assert french.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    anonymous = Client(enforce_csrf_checks=True)
    page = anonymous.get(path, HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 200 and "Ne plus recevoir de courriels" in page.content.decode()
    assert Profile.objects.get(user=coach_alice).mail_mode == "at_once"  # a GET changes nothing
    done = anonymous.post(path)
    assert done.status_code == 200 and 'id="unsubscribed"' in done.content.decode()
    assert Profile.objects.get(user=coach_alice).mail_mode == "never"

    mail.outbox.clear()
    tell("season.started", [coach_alice, commissioner], season="S2")
    assert [m.to for m in mail.outbox] == [["commissioner@example.org"]]
    assert Notification.objects.get(user=coach_alice, kind="season.started").mail_status == Status.SKIPPED


def test_one_click_unsubscribe_and_a_tampered_token_refused(tell, coach_alice, commissioner):
    prefer(coach_alice)
    prefer(commissioner)
    tell("season.started", [coach_alice, commissioner], season="S1")
    alice_path = unsubscribe_path(next(m for m in mail.outbox if m.to == ["alice@example.org"]))
    token = alice_path.rstrip("/").rsplit("/", 1)[1]
    anonymous = Client(enforce_csrf_checks=True)
    # another user's id under alice's signature, a signature cut short, a token from another salt
    from django.core import signing

    forged = signing.dumps({"user": commissioner.pk}, salt="another.salt")
    swapped = token.replace(token.split(":")[0], signing.dumps({"user": commissioner.pk}).split(":")[0])
    for bad in (token[:-2] + "xx", forged, swapped, "nothing"):
        path = reverse("notices:unsubscribe", args=[bad])
        assert anonymous.get(path).status_code == 400
        assert anonymous.post(path, "List-Unsubscribe=One-Click", content_type="text/plain").status_code == 400
    assert set(Profile.objects.values_list("mail_mode", flat=True)) == {"at_once"}
    # the mail client's one-click POST (RFC 8058): no CSRF token, no login
    response = anonymous.post(alice_path, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    assert Profile.objects.get(user=coach_alice).mail_mode == "never"
    assert Profile.objects.get(user=commissioner).mail_mode == "at_once"


def test_digest_mode_gets_one_mail_from_the_daily_task_and_nothing_at_once(tell, coach_alice, bob_in):
    prefer(coach_alice, mode="digest", language="fr")
    tell("result.submitted", [coach_alice], actor=bob_in)
    tell("decision.waiting", [coach_alice], team="Reavers", decision="improvement")
    assert mail.outbox == []
    assert set(Notification.objects.values_list("mail_status", flat=True)) == {Status.DIGEST}

    assert mail_digests.delay().get() == 2
    assert len(mail.outbox) == 1
    digest = mail.outbox[0]
    assert digest.to == ["alice@example.org"] and "Test League" in digest.subject
    assert (
        "le résultat a été soumis" in digest.body and "Reavers : une amélioration à choisir vous attend." in digest.body
    )
    assert digest.alternatives[0][1] == "text/html" and "List-Unsubscribe" in digest.extra_headers
    assert set(Notification.objects.values_list("mail_status", flat=True)) == {Status.SENT}

    mail_digests.delay()  # nothing new: no mail
    assert len(mail.outbox) == 1


def test_never_mode_and_an_unconfirmed_address_get_no_mail(tell, coach_alice, bob_in, commissioner):
    prefer(coach_alice, mode="never")
    prefer(bob_in, confirmed=False)
    commissioner.email = "commissioner@example.org"  # an address but no profile: not confirmed
    commissioner.save()
    tell("season.started", [coach_alice, bob_in, commissioner], season="S1")
    mail_digests.delay()
    assert mail.outbox == []
    assert set(Notification.objects.values_list("mail_status", flat=True)) == {Status.SKIPPED}
    assert Notification.objects.count() == 3  # told in-app all the same


@pytest.fixture
def as_a_worker_runs_it():
    """Run in-process, Celery re-runs a task that asks for a retry only when its errors do not
    propagate (with them propagating, the first Retry is raised to the caller): the tasks then run
    their retries one after another (without the backoff's waits) and end in on_failure, as a worker
    runs them."""
    from league.config.celery import app

    before = app.conf.task_eager_propagates
    app.conf.task_eager_propagates = False
    yield
    app.conf.task_eager_propagates = before


def test_a_failing_mail_is_retried_then_failed_shown_to_the_commissioner_and_sent_again(
    as_a_worker_runs_it, tell, league, coach_alice, bob_in, commissioner
):
    prefer(coach_alice)
    refused = smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
    send = "django.core.mail.backends.locmem.EmailBackend.send_messages"
    with mock.patch(send, side_effect=refused) as sending:
        tell("result.confirmed", [coach_alice], actor=bob_in)  # the action is not failed
    assert sending.call_count == MAIL_RETRIES + 1
    failed = Notification.objects.get()
    assert failed.mail_status == Status.FAILED and failed.mail_attempts == MAIL_RETRIES + 1
    assert "SMTPServerDisconnected: Connection unexpectedly closed" in failed.mail_error
    assert mail.outbox == []

    url = reverse("league:mail", args=[league.slug])
    for who, status in ((coach_alice, 403), (bob_in, 403)):
        client = Client()
        client.force_login(who)
        assert client.get(url).status_code == status
        assert client.post(url, {"notification": failed.pk}).status_code == status
    assert Client().get(url)["Location"].startswith(reverse("login"))
    client = Client()
    client.force_login(commissioner)
    page = client.get(url).content.decode()
    assert "alice" in page and "Connection unexpectedly closed" in page and "Send again" in page
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Renvoyer" in french and "le résultat a été confirmé" in french
    assert client.post(url, {"notification": "abc"}).status_code == 400

    response = client.post(url, {"notification": failed.pk}, follow=True)
    assert "No failed mail." in response.content.decode()
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]
    failed.refresh_from_db()
    assert (failed.mail_status, failed.mail_attempts, failed.mail_error) == (Status.SENT, 1, "")
    # sent: no longer one to send again
    assert client.post(url, {"notification": failed.pk}).status_code == 404


def test_a_failing_digest_is_kept_failed_and_the_others_still_mailed(tell, coach_alice, bob_in, commissioner):
    prefer(coach_alice, mode="digest")
    prefer(commissioner, mode="digest")
    tell("season.started", [coach_alice, commissioner], season="S1", actor=bob_in)
    real = mail.get_connection().__class__.send_messages

    def send(self, messages):
        if messages[0].to == ["alice@example.org"]:
            raise OSError("Network is unreachable")
        return real(self, messages)

    with mock.patch("django.core.mail.backends.locmem.EmailBackend.send_messages", send):
        assert mail_digests.delay().get() == 1
    assert [m.to for m in mail.outbox] == [["commissioner@example.org"]]
    assert Notification.objects.get(user=coach_alice).mail_status == Status.FAILED
