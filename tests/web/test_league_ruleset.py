"""A league's ruleset chosen on its settings page (league:ruleset): each shipped ruleset may be
picked by the commissioner until the first team is created; the changed settings of the old one go
after a confirmation; nobody else may; a refusal changes nothing, in the reader's language."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from league.core.models import AuditEntry, HouseRule
from league.rules import ruleset_keys
from teams.services import PlayerOrder, team_create

pytestmark = pytest.mark.django_db


def page(client, url, lang="en") -> str:
    client.cookies["django_language"] = lang
    return html.unescape(client.get(url).content.decode())


@pytest.mark.parametrize("key", ["fr_house", "dungeon_lutece", "classic3"])
def test_the_commissioner_picks_a_ruleset_on_the_settings_page(client, league, commissioner, key):
    assert key in ruleset_keys()
    client.force_login(commissioner)
    settings = reverse("league:settings", args=[league.slug])
    assert 'id="league-ruleset-form"' in page(client, settings)
    response = client.post(reverse("league:ruleset", args=[league.slug]), {"ruleset": key})
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.ruleset == key
    entry = AuditEntry.objects.filter(action="league.ruleset.changed").latest("pk")
    assert (entry.data["old"], entry.data["new"]) == ("lrb6", key)
    text = page(client, settings)
    assert "The league now plays" in text
    if key == "classic3":  # the values the truncated rulebook lacks, worded as such
        assert "Values the rulebook lacks" in text and "Not from the rulebook" in text
        assert "Valeurs absentes du livre de règles" in page(client, settings, "fr")


def test_changed_settings_need_a_confirmation_and_then_go(client, league, commissioner):
    client.force_login(commissioner)
    HouseRule.objects.update_or_create(league=league, key="mvp_mode", defaults={"value": "chosen"})
    url = reverse("league:ruleset", args=[league.slug])
    client.post(url, {"ruleset": "fr_house"})
    league.refresh_from_db()
    assert league.ruleset == "lrb6" and HouseRule.objects.filter(league=league).exists()
    assert "Tick the box to confirm" in page(client, reverse("league:settings", args=[league.slug]))
    client.post(url, {"ruleset": "fr_house", "confirmed": "on"})
    league.refresh_from_db()
    assert league.ruleset == "fr_house" and not HouseRule.objects.filter(league=league).exists()
    assert AuditEntry.objects.get(action="league.ruleset.changed").data["house_rules_dropped"] == {"mvp_mode": "chosen"}


def test_after_the_first_team_the_ruleset_stays(client, league, commissioner, coach_alice):
    team_create(
        league=league,
        coach=coach_alice,
        name="Reavers",
        race="human",
        players=[PlayerOrder("lineman", f"H{i}") for i in range(11)],
    )
    client.force_login(commissioner)
    client.post(reverse("league:ruleset", args=[league.slug]), {"ruleset": "dungeon_lutece"})
    league.refresh_from_db()
    assert league.ruleset == "lrb6"
    settings = reverse("league:settings", args=[league.slug])
    text = page(client, settings)
    assert "its teams were built under it" in text and 'id="league-ruleset-form"' not in text
    client.cookies["django_language"] = "fr"
    client.post(reverse("league:ruleset", args=[league.slug]), {"ruleset": "dungeon_lutece"})
    assert "ses équipes ont été construites avec lui" in page(client, settings, "fr")


def test_nobody_else_may_and_an_unknown_ruleset_is_refused(client, league, commissioner, coach_alice):
    url = reverse("league:ruleset", args=[league.slug])
    client.force_login(coach_alice)
    assert client.post(url, {"ruleset": "fr_house"}).status_code == 403
    client.logout()
    assert client.post(url, {"ruleset": "fr_house"}).status_code in (302, 403)
    client.force_login(commissioner)
    client.post(url, {"ruleset": "no_such_rules"})
    league.refresh_from_db()
    assert league.ruleset == "lrb6"
    assert "Choose one of the rulesets listed." in page(client, reverse("league:settings", args=[league.slug]))
