"""The ruleset pages (/rulesets/) and the ruleset badge on every league, team and match page."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from league.rules import load_ruleset, reference_ruleset_key, ruleset_differences, ruleset_keys

pytestmark = pytest.mark.django_db


def get(client, url, lang="en"):
    client.cookies["django_language"] = lang
    return client.get(url)


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def test_the_list_shows_every_shipped_ruleset_with_its_version_in_both_languages(client):
    for lang, title in (("en", "Rulesets"), ("fr", "Jeux de règles")):
        response = get(client, reverse("rulesets:index"), lang)
        assert response.status_code == 200
        text = text_of(response)
        assert f'<h1 class="h3 mb-3">{title}</h1>' in text
        for key in ruleset_keys():
            ruleset = load_ruleset(key)
            assert ruleset.name(lang) in text and ruleset.version in text
            assert f'href="{reverse("rulesets:detail", args=[key])}"' in text


def test_the_reference_rulesets_page_says_it_is_the_reference(client):
    key = reference_ruleset_key()
    ruleset = load_ruleset(key)
    url = reverse("rulesets:detail", args=[key])
    en = text_of(get(client, url))
    assert ruleset.name("en") in en and ruleset.version in en and ruleset.source in en
    assert "This is the reference ruleset" in en and 'id="differences"' not in en
    assert f'href="{reverse("catalogue:index")}?ruleset={key}"' in en
    fr = text_of(get(client, url, "fr"))
    assert ruleset.name("fr") in fr and ruleset.version in fr
    assert "Ce sont les règles de référence" in fr and "Équipes types et champions" in fr


def test_every_other_shipped_ruleset_shows_its_differences_each_with_its_source(client):
    reference = load_ruleset(reference_ruleset_key())
    for key in ruleset_keys():
        if key == reference.key:
            continue
        for lang in ("en", "fr"):
            response = get(client, reverse("rulesets:detail", args=[key]), lang)
            assert response.status_code == 200
            text = text_of(response)
            assert reference.name(lang) in text
            for d in ruleset_differences(key):
                row = text.split(f'id="difference-{d.topic_key}"', 1)[1].split("</tr>", 1)[0]
                for cell in (d.topic(lang), d.reference(lang), d.this(lang), d.source):
                    assert cell in row, (key, lang, d.topic_key, cell)


def test_an_unknown_ruleset_is_not_found(client):
    assert get(client, reverse("rulesets:detail", args=["no-such-rules"])).status_code == 404
    assert get(client, "/rulesets/no-such-rules/", "fr").status_code == 404


def test_the_menu_links_the_rulesets(client):
    page = text_of(get(client, reverse("home")))
    nav = page.split('id="main-nav"', 1)[1].split("</nav>", 1)[0]
    assert f'href="{reverse("rulesets:index")}"' in nav


# --- the badge ---


def badge(response) -> str:
    """The badge's paragraph, or "" when the page has none."""
    text = text_of(response)
    if 'class="ruleset-badge' not in text:
        return ""
    return text.split('class="ruleset-badge', 1)[1].split("</p>", 1)[0]


def assert_badge(response, key: str, version: str, lang: str = "en") -> None:
    assert response.status_code == 200
    found = badge(response)
    name = load_ruleset(key).name(lang)
    label = "Ruleset" if lang == "en" else "Règles"
    assert f"{label}: {name} · version {version}" in found or f"{label} : {name} · version {version}" in found
    assert f'href="{reverse("rulesets:detail", args=[key])}"' in found


@pytest.fixture
def ready_to_report(demo_league):
    """A scheduled demo match whose pre-match is recorded: its home coach may enter the result."""
    from matches.services import PrematchInput, prematch_record

    match = demo_league.matches.filter(status="scheduled").select_related("home__coach").first()
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=demo_league.commissioner)
    return match


def test_league_team_and_match_pages_show_the_ruleset_and_its_version(client, demo_league, ready_to_report):
    key = demo_league.ruleset
    version = load_ruleset(key).version
    team = demo_league.teams.first()
    played = demo_league.matches.exclude(status="scheduled").exclude(pk=ready_to_report.pk).first()
    pages = [
        demo_league.get_absolute_url(),
        reverse("league:seasons", args=[demo_league.slug]),
        reverse("league:season_standings", args=[demo_league.slug, 1]),
        reverse("league:teams", args=[demo_league.slug]),
        team.get_absolute_url(),
        played.get_absolute_url(),
        f"{reverse('matches:list')}?league={demo_league.slug}",
    ]
    for url in pages:
        for lang in ("en", "fr"):
            assert_badge(get(client, url, lang), key, version, lang)
    client.force_login(ready_to_report.home.coach)
    assert_badge(get(client, reverse("matches:result", args=[ready_to_report.pk])), key, version)


def test_a_match_shows_the_version_its_record_was_made_under(client, demo_league):
    match = demo_league.matches.exclude(status="scheduled").first()
    type(match).objects.filter(pk=match.pk).update(ruleset_version="an-older-version")
    assert_badge(get(client, match.get_absolute_url()), demo_league.ruleset, "an-older-version")
    # The league itself plays the ruleset's current version.
    assert_badge(
        get(client, demo_league.get_absolute_url()), demo_league.ruleset, load_ruleset(demo_league.ruleset).version
    )


def test_pages_of_no_single_league_show_no_badge(client, demo_league):
    assert badge(get(client, reverse("home"))) == ""
    assert badge(get(client, reverse("matches:list"))) == ""


def test_each_rulesets_source_line_reads_in_the_readers_language(client):
    for key in ruleset_keys():
        ruleset = load_ruleset(key)
        assert ruleset.source and ruleset.source_fr and ruleset.source_fr != ruleset.source, key
        url = reverse("rulesets:detail", args=[key])
        en, fr = get(client, url).content.decode(), get(client, url, "fr").content.decode()
        source_en = en.split('id="ruleset-source">', 1)[1].split("</code>", 1)[0]
        source_fr = fr.split('id="ruleset-source">', 1)[1].split("</code>", 1)[0]
        assert source_en == html.escape(ruleset.source) and source_fr == html.escape(ruleset.source_fr), key
        assert "rosters and stars" not in source_fr and "équipes et champions" in source_fr


def test_a_rulesets_page_shows_its_experience_tables_and_inducements_in_both_languages(client):
    url = reverse("rulesets:detail", args=["fr_house"])
    en, fr = text_of(get(client, url)), text_of(get(client, url, "fr"))
    # Ten levels, the big guys' own table naming its positions, the ageing roll with its targets.
    assert "Demigod" in en and "Demi-dieu" in fr and '<td class="text-end">2001</td>' in en
    assert 'id="levels-big_guys"' in en and "Levels of " in en and "Ogre" in en and "Niveaux des " in fr
    assert "After the match: Ageing" in en and "Après le match : Vieillissement" in fr
    assert "Novice 3+" in en and "Demi-dieu 11+" in fr
    assert "Before the match: Weather (2D6)" in en and "Avant le match : Météo (2D6)" in fr
    dungeon = text_of(get(client, reverse("rulesets:detail", args=["dungeon_lutece"])))
    assert "Chest opened" in dungeon and "Dungeon state" in dungeon and "Weather (2D6)" not in dungeon
    assert "Earthquake" in dungeon and "Wizard (not offered)" in dungeon
    assert "Coffre ouvert" in text_of(get(client, reverse("rulesets:detail", args=["dungeon_lutece"]), "fr"))
