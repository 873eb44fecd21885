"""The public pages in English and French, and bad URLs."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.rules import load_ruleset

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def get(client, url, lang="en", **extra):
    client.cookies["django_language"] = lang
    return client.get(url, **extra)


def test_home_lists_the_demo_league_in_both_languages(client, demo_league):
    en = get(client, "/")
    assert en.status_code == 200
    assert "Demo League" in en.text and "Leagues" in en.text
    fr = get(client, "/", lang="fr")
    assert "Demo League" in fr.text and "Ligues" in fr.text and 'lang="fr"' in fr.text


def test_league_page_shows_every_team_with_value_and_treasury(client, demo_league):
    response = get(client, demo_league.get_absolute_url())
    assert response.status_code == 200
    for team in demo_league.teams.all():
        assert team.name in response.text
    fr = get(client, demo_league.get_absolute_url(), lang="fr")
    assert "Humains" in fr.text and "Valeur d" in fr.text


def test_team_page_is_the_roster_sheet(client, demo_league):
    team = demo_league.teams.get(race="human")
    response = get(client, team.get_absolute_url())
    assert response.status_code == 200
    text = response.text
    assert "Blitzer" in text and "Block" in text and "990,000" in text
    fr = get(client, team.get_absolute_url(), lang="fr")
    assert "Blitzeur" in fr.text and "Blocage" in fr.text


def test_team_page_query_count_does_not_grow_with_players(client, demo_league, django_assert_max_num_queries):
    for team in demo_league.teams.all():
        with django_assert_max_num_queries(12):
            assert get(client, team.get_absolute_url()).status_code == 200


def test_catalogue_lists_teams_and_shows_a_team(client):
    index = get(client, reverse("catalogue:index"))
    assert index.status_code == 200
    assert "Wood Elf" in index.text and "Chaos Pact" in index.text
    page = get(client, reverse("catalogue:team", args=["lrb6", "human"]))
    assert page.status_code == 200
    human = load_ruleset("lrb6").team("human")
    assert f"{human.reroll_cost:,}" in page.text
    assert "Griff Oberwald" in page.text  # a star who plays for Humans
    assert "Sure Hands" in page.text


def test_catalogue_in_french_uses_french_skill_and_team_names(client):
    page = get(client, reverse("catalogue:team", args=["lrb6", "dwarf"]), lang="fr")
    assert "Nains" in page.text and "Crâne Épais" in page.text and "Relance" in page.text


def test_catalogue_redirects_the_picker_and_serves_team_options_to_htmx(client):
    response = get(client, reverse("catalogue:index"), data={"ruleset": "lrb6", "team": "orc"})
    assert response.status_code == 302 and response["Location"].endswith("/rosters/lrb6/orc/")
    options = get(client, reverse("catalogue:team_options"), data={"ruleset": "lrb6"}, HTTP_HX_REQUEST="true")
    assert options.status_code == 200 and options.text.count("<option") == 24


@pytest.mark.parametrize(
    "url",
    [
        "/rosters/nope/human/",
        "/rosters/lrb6/nope/",
        "/rosters/?ruleset=nope",
        "/rosters/?team=nope",
        "/teams/999999/",
        "/leagues/nope/",
    ],
)
def test_bad_urls_are_404(client, url):
    assert client.get(url).status_code == 404


def test_language_switcher_sets_french(client):
    response = client.post("/i18n/setlang/", {"language": "fr", "next": "/rosters/"})
    assert response.status_code == 302
    assert "Catalogue" in client.get("/rosters/").text
