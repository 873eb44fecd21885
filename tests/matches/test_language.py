"""Every word in the reader's language: journeymen's names, skill category letters, sorting with
accents, plural forms. (tests/web/test_french_pages.py reads every page in French.)"""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from matches.models import Match
from matches.services import report_confirm, report_save, report_submit
from teams.models import Player
from tests.matches.test_views_support import declare_petty_cash, login

pytestmark = pytest.mark.django_db


def page(client, url: str, lang: str) -> str:
    client.cookies["django_language"] = lang
    return html.unescape(client.get(url).content.decode())


# --- journeymen: named in the reader's language, whoever created them ---


def test_journeymen_added_at_a_french_pre_match_read_in_english_to_an_english_reader(
    client, scheduled, humans, coach_alice
):
    Player.objects.filter(team=humans, number=11).update(miss_next_game=True)  # 10 can play: one journeyman
    login(client, coach_alice).cookies["django_language"] = "fr"
    declare_petty_cash(scheduled)
    client.post(reverse("matches:inducements", args=[scheduled.pk]), {"side": "home"})  # nothing bought
    response = client.post(
        reverse("matches:prematch", args=[scheduled.pk]),
        {"weather_source": "entered", "weather_1": "3", "weather_2": "4"},
    )
    assert response.status_code == 302
    journeyman = humans.players.get(journeyman=True)
    assert journeyman.name == ""  # nothing language-bound is stored
    english = page(client, humans.get_absolute_url(), "en")
    french = page(client, humans.get_absolute_url(), "fr")
    assert f"Journeyman {journeyman.number}" in english and "Journalier" not in english
    assert f"Journalier {journeyman.number}" in french
    # Named once, he keeps his name in both languages.
    client.cookies["django_language"] = "fr"
    client.post(
        reverse("teams:player_rename", args=[humans.pk, journeyman.pk]), {"number": journeyman.number, "name": "Ugo"}
    )
    assert "Ugo" in page(client, humans.get_absolute_url(), "en")


def test_journeymen_added_by_the_post_match_sequence_confirmed_in_french(
    ready_match, worked_report, humans, orcs, coach_alice, coach_bob, django_capture_on_commit_callbacks, client
):
    report_save(match=ready_match, report=worked_report, by=coach_alice)
    report_submit(match=ready_match, by=coach_alice)
    with translation.override("fr"), django_capture_on_commit_callbacks(execute=True):
        report_confirm(match=ready_match, by=coach_bob)  # the post-match sequence runs in French
    ready_match.refresh_from_db()
    assert ready_match.status == Match.Status.PROCESSED, ready_match.failure_reason
    journeyman = humans.players.get(journeyman=True, status=Player.Status.ACTIVE)
    assert journeyman.name == ""
    assert f"Journeyman {journeyman.number}" in page(client, humans.get_absolute_url(), "en")
    assert f"Journalier {journeyman.number}" in page(client, humans.get_absolute_url(), "fr")
    # Renumbering him without naming him keeps his generated name (the name field may stay empty).
    login(client, coach_alice)
    response = client.post(reverse("teams:player_rename", args=[humans.pk, journeyman.pk]), {"number": 42, "name": ""})
    assert response.status_code == 302
    journeyman.refresh_from_db()
    assert (journeyman.number, journeyman.name) == (42, "")
    assert "Journeyman 42" in page(client, humans.get_absolute_url(), "en")


# --- skill category letters come from the ruleset's data, in the reader's letters ---


def test_category_letters_on_the_catalogue_are_the_readers(client):
    url = reverse("catalogue:team", args=["lrb6", "human"])
    blitzer = re.compile(r"Blitz\w+</td>.*?<td>(\w+)</td><td>(\w+)</td>", re.S)
    assert blitzer.search(page(client, url, "en")).groups() == ("GS", "AP")
    assert blitzer.search(page(client, url, "fr")).groups() == ("GF", "AP")


def test_category_letters_on_the_team_page(client, demo_league):
    reavers = demo_league.teams.get(name="Reikland Reavers")
    assert "Blitzer GS/AP" in " ".join(re.sub(r"<[^>]+>", " ", page(client, reavers.get_absolute_url(), "en")).split())
    french = " ".join(re.sub(r"<[^>]+>", " ", page(client, reavers.get_absolute_url(), "fr")).split())
    assert "Blitzeur GF/AP" in french and "GS/AP" not in french


def test_improvement_choices_name_categories_in_the_readers_words(client, humans_roll, coach_alice):
    url = reverse("matches:improvement", args=[humans_roll.pk])
    login(client, coach_alice)
    english, french = page(client, url, "en"), page(client, url, "fr")
    assert "General (G)" in english and "Strength (S) (double)" in english
    assert "Général (G)" in french and "Force (F) (sur double)" in french and "(S)" not in french


# --- sorting: accents do not send a name to the end ---


def test_races_sort_with_accents_where_a_reader_expects_them(client, league, coach_alice):
    expected = ["Nains", "Nains du Chaos", "Nécromantiques", "Nordiques", "Nurgle"]
    catalogue = page(client, reverse("catalogue:index"), "fr")
    creation = page(login(client, coach_alice), reverse("league:team_new", args=[league.slug]), "fr")
    for text in (catalogue, creation):
        positions = [text.index(f">{name}<") for name in expected]
        assert positions == sorted(positions), text


# --- plural forms ---


def test_refusals_with_counts_take_the_plural_they_need(client, league, coach_alice):
    from tests.web.test_team_creation_pages import form_data, rows_of

    data = form_data(rows=rows_of(("lineman", 7), ("thrower", 3), ("ogre", 2)))
    login(client, coach_alice).cookies["django_language"] = "fr"
    text = html.unescape(client.post(reverse("league:team_new", args=[league.slug]), data).content.decode())
    assert "Passeur\u00a0: au plus 2 joueurs par équipe (vous en avez choisi 3)." in text
    assert "Ogre\u00a0: au plus 1 joueur par équipe (vous en avez choisi 2)." in text
    client.cookies["django_language"] = "en"
    text = html.unescape(client.post(reverse("league:team_new", args=[league.slug]), data).content.decode())
    assert "Thrower: at most 2 players per team (you chose 3)." in text
    assert "Ogre: at most 1 player per team (you chose 2)." in text


def test_the_migration_blanks_the_journeymen_names_written_in_one_language(humans):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("teams.migrations.0003_journeyman_names_language_neutral")
    rows = {1: "Journeyman 1", 2: "Journalier 2", 3: "Journeyman 9", 4: "Grim"}
    for number, name in rows.items():
        Player.objects.filter(team=humans, number=number).update(name=name)
    migration.forwards(apps, None)
    names = dict(humans.players.filter(number__in=rows).values_list("number", "name"))
    assert names == {1: "", 2: "", 3: "Journeyman 9", 4: "Grim"}  # only a generated name matching its number
