"""In-app notifications through the user's path: an event published by a service makes one
notification per recipient (never the actor); the menu's badge counts the unread ones; the page
lists them newest first in the reader's language; following one marks it read; "mark all read"."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from league.notices.models import Notification

pytestmark = pytest.mark.django_db


def badge(html: str) -> str:
    found = re.search(r'id="notices-badge">(.*?)</a>', html, re.S)
    assert found, "the menu has the notifications link"
    return re.sub(r"<[^>]+>", " ", found[1])


def test_an_event_notifies_its_recipients_but_not_the_actor(tell, commissioner, coach_alice, bob_in):
    tell("result.submitted", [coach_alice, bob_in, commissioner], actor=bob_in, path="/matches/7/")
    rows = Notification.objects.all()
    assert sorted(n.user.username for n in rows) == ["alice", "commissioner"]
    first = rows.get(user=coach_alice)
    assert (first.kind, first.path, first.read_at) == ("result.submitted", "/matches/7/", None)
    assert first.params["home"] == "Reavers"


def test_the_badge_and_the_page_show_it_in_english_and_in_french(client, tell, coach_alice, bob_in):
    client.force_login(coach_alice)
    assert "1" not in badge(client.get(reverse("home")).content.decode())  # nothing yet
    tell("result.submitted", [coach_alice], actor=bob_in)
    tell("season.started", [coach_alice], season="Spring 2497")
    assert "2" in badge(client.get(reverse("home")).content.decode())

    page = client.get(reverse("notices:list")).content.decode()
    assert "Spring 2497 has started." in page
    assert "Reavers 2–1 Raiders: the result was submitted and waits for you." in page
    assert page.index("Spring 2497 has started") < page.index("Reavers 2–1"), "newest first"
    assert page.count('class="list-group-item list-group-item-warning unread"') == 2
    assert "Test League" in page

    french = client.get(reverse("notices:list"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Spring 2497 a commencé." in french
    assert "Reavers 2–1 Raiders : le résultat a été soumis et vous attend." in french
    assert "Tout marquer comme lu" in french
    assert "Notifications" in badge(french) and "2" in badge(french)


def test_following_one_marks_it_read_and_goes_to_its_page(client, tell, coach_alice, bob_in):
    tell("result.confirmed", [coach_alice, bob_in], path="/matches/12/")
    mine = Notification.objects.get(user=coach_alice)
    client.force_login(coach_alice)
    response = client.get(reverse("notices:follow", args=[mine.pk]))
    assert response.status_code == 302 and response["Location"] == "/matches/12/"
    mine.refresh_from_db()
    assert mine.read_at is not None
    assert "1" not in badge(client.get(reverse("home")).content.decode())
    assert 'unread"' not in client.get(reverse("notices:list")).content.decode()
    # another's notification is not his to follow
    bobs = Notification.objects.get(user=bob_in)
    assert client.get(reverse("notices:follow", args=[bobs.pk])).status_code == 404
    bobs.refresh_from_db()
    assert bobs.read_at is None


def test_a_path_to_another_site_is_not_followed(client, tell, coach_alice):
    tell("season.started", [coach_alice], path="https://evil.example/", season="S")
    client.force_login(coach_alice)
    response = client.get(reverse("notices:follow", args=[Notification.objects.get().pk]))
    assert response["Location"] == reverse("notices:list")


def test_mark_all_read_reads_only_his_own(tell, coach_alice, bob_in):
    tell("fixtures.published", [coach_alice, bob_in], season="S1")
    tell("fixtures.changed", [coach_alice, bob_in], season="S1")
    client = Client()
    assert client.post(reverse("notices:read_all"))["Location"].startswith(reverse("login"))
    client.force_login(coach_alice)
    response = client.post(reverse("notices:read_all"), follow=True)
    assert "Every notification is marked read." in response.content.decode()
    assert not Notification.objects.filter(user=coach_alice, read_at__isnull=True).exists()
    assert Notification.objects.filter(user=bob_in, read_at__isnull=True).count() == 2
    assert client.get(reverse("notices:read_all")).status_code == 405


def test_the_page_needs_a_login(client):
    assert client.get(reverse("notices:list"))["Location"].startswith(reverse("login"))
