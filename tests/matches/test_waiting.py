"""What is waiting for a coach: the home page lists it with a link to where he acts, the menu counts
it, in a number of queries that does not grow with his matches."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.services import match_schedule, report_send_back
from tests.matches.test_views_support import login

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def waiting(client) -> list[tuple[str, str]]:
    """(kind, link) of each item of the home page's list."""
    html = client.get(reverse("home")).content.decode()
    section = html.split('id="waiting"', 1)[1].split("</section>", 1)[0]
    items = re.findall(r'data-kind="([a-z_]+)".*?<a class="btn[^"]*" href="([^"]+)"', section, re.S)
    return items


def badge(client, url: str = "/rosters/") -> int:
    html = client.get(url).content.decode()
    found = re.search(r'id="waiting-badge">[^<]*<span class="badge[^>]*>(\d+)</span>', html)
    return int(found.group(1)) if found else 0


def test_a_scheduled_match_asks_the_coach_whose_turn_it_is(client, scheduled, coach_alice, coach_bob, coach_carol):
    # Gouged Eye (bob, the higher team value) declares its petty cash first; the Reavers wait.
    link = reverse("matches:prematch", kwargs={"pk": scheduled.pk})
    assert waiting(login(client, coach_bob)) == [("to_petty_cash", link)]
    assert badge(client) == 1
    assert "Declare your petty cash" in client.get(reverse("home")).content.decode()
    assert waiting(login(client, coach_alice)) == []
    assert waiting(login(client, coach_carol)) == []
    assert badge(client) == 0
    assert "Nothing is waiting for you." in client.get(reverse("home")).content.decode()


def test_after_the_pre_match_the_result_is_to_enter(client, ready_match, coach_alice):
    assert waiting(login(client, coach_alice)) == [
        ("to_enter", reverse("matches:result", kwargs={"pk": ready_match.pk}))
    ]


def test_a_draft_result_is_to_finish_and_submit(client, draft_match, coach_bob):
    assert waiting(login(client, coach_bob)) == [
        ("to_submit", reverse("matches:result", kwargs={"pk": draft_match.pk}))
    ]


def test_a_submitted_result_waits_for_the_opponent_and_the_commissioner(
    client, submitted_match, coach_alice, coach_bob, commissioner
):
    confirm = reverse("matches:confirm", kwargs={"pk": submitted_match.pk})
    assert waiting(login(client, coach_alice)) == []  # he submitted it: the other side answers
    assert waiting(login(client, coach_bob)) == [("to_confirm", confirm)]
    assert waiting(login(client, commissioner)) == [("to_review", confirm)]
    assert badge(client) == 1


def test_a_result_sent_back_waits_for_the_side_that_submitted_it(client, submitted_match, coach_alice, coach_bob):
    report_send_back(match=submitted_match, by=coach_bob, reason="Wrong scorer.")
    assert waiting(login(client, coach_alice)) == [
        ("sent_back", reverse("matches:result", kwargs={"pk": submitted_match.pk}))
    ]
    assert "Wrong scorer." in client.get(reverse("home")).content.decode()
    assert waiting(login(client, coach_bob)) == []


def test_an_improvement_to_choose_links_to_its_roll(client, humans_roll, coach_alice, commissioner):
    assert waiting(login(client, coach_alice)) == [
        ("improvement", reverse("matches:improvement", kwargs={"roll_id": humans_roll.pk}))
    ]
    assert waiting(login(client, commissioner)) == []  # nothing to confirm any more, no player of his


def test_a_visitor_sees_no_list_and_no_badge(client, scheduled):
    html = client.get(reverse("home")).content.decode()
    assert 'id="waiting"' not in html and 'id="waiting-badge"' not in html


def count_queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_the_queries_do_not_grow_with_the_matches(client, league, humans, orcs, commissioner, coach_bob):
    def schedule(n: int) -> None:
        for i in range(n):
            home, away = (humans, orcs) if i % 2 else (orcs, humans)
            match_schedule(league=league, home=home, away=away, by=commissioner)

    schedule(2)
    login(client, coach_bob)  # the orcs declare their petty cash first in every one
    few = (count_queries(client, reverse("home")), count_queries(client, "/rosters/"))
    assert badge(client) == 2
    schedule(4)
    many = (count_queries(client, reverse("home")), count_queries(client, "/rosters/"))
    assert badge(client) == 6
    assert few == many
