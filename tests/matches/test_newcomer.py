"""Small stumbles a new user met: the result date, the MVP on the match page, the demo's names."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.matches.test_views_support import login

pytestmark = pytest.mark.django_db


def test_the_result_form_proposes_today_as_the_played_date(client, ready_match, coach_alice):
    page = login(client, coach_alice).get(reverse("matches:result", args=[ready_match.pk])).content.decode()
    assert f'name="played_on" value="{timezone.localdate().isoformat()}"' in page
    # A date already saved in the draft is kept.
    ready_match.played_on = timezone.localdate().replace(year=2020)
    ready_match.save(update_fields=["played_on"])
    page = client.get(reverse("matches:result", args=[ready_match.pk])).content.decode()
    assert f'name="played_on" value="{ready_match.played_on.isoformat()}"' in page


def test_the_match_page_names_the_mvp_with_the_die_that_drew_him(client, processed_match, humans, orcs):
    page = html.unescape(client.get(processed_match.get_absolute_url()).content.decode())
    dice = page[page.index('id="result-dice"') :]
    dice = dice[: dice.index("</ul>")]
    # The worked example: the home draw 4 designates H4, the away draw 1 designates O1.
    assert "MVP: #4 H4 (die: 4)" in dice and "MVP: #1 O1 (die: 1)" in dice
    assert "MVP draw" not in dice
    client.cookies["django_language"] = "fr"
    french = html.unescape(client.get(processed_match.get_absolute_url()).content.decode())
    assert "JPV\u00a0: #4 H4 (dé\u00a0: 4)" in french


def test_demo_teams_each_have_their_own_names(demo_league):
    names = {team.name: set(team.players.values_list("name", flat=True)) for team in demo_league.teams.all()}
    for team, own in names.items():
        assert len(own) == demo_league.teams.get(name=team).players.count()  # no two players share a name
        for other, theirs in names.items():
            assert other == team or not own & theirs, (team, other, own & theirs)
