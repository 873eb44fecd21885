"""Special play cards on the site: the ruleset's cards page, filtered by deck and by timing with a
plain GET form, in both languages, and the commissioner's card options on the league's settings
page (only where the ruleset has decks)."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from league.core.models import AuditEntry
from league.core.selectors import league_ruleset
from league.rules import load_ruleset
from league.rules.parameter_groups import CardParameters
from tests.web.test_league_admin import settings_form

pytestmark = pytest.mark.django_db


def page(client, url: str, lang: str = "en") -> str:
    client.cookies["django_language"] = lang
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def card_rows(text: str) -> list[str]:
    return re.findall(r'<tr id="card-([a-z_]+)">', text)


@pytest.mark.parametrize("key", ["lrb6", "pbbl110", "fr_house"])
def test_the_ruleset_page_links_its_cards_and_the_page_lists_every_card(client, key):
    url = reverse("rulesets:cards", args=[key])
    assert f'href="{url}"' in page(client, reverse("rulesets:detail", args=[key]))
    catalogue = load_ruleset(key).special_cards
    text = page(client, url)
    assert card_rows(text) == list(catalogue.cards)
    assert "104 cards" in text and "Price per draw" in text
    # Each deck at its rulebook price, or at the league's one price per draw (H10: 50,000).
    assert ("400,000" in text) is (key != "fr_house")
    for deck in catalogue.decks.values():
        assert f'<option value="{deck.key}">{deck.name("en")}</option>' in text


@pytest.mark.parametrize("key", ["dungeon_lutece", "classic3"])
def test_a_ruleset_without_cards_has_no_cards_page(client, key):
    assert 'id="ruleset-cards"' not in page(client, reverse("rulesets:detail", args=[key]))
    assert client.get(reverse("rulesets:cards", args=[key])).status_code == 404


def test_the_filters_narrow_by_deck_and_by_timing_in_english(client):
    url = reverse("rulesets:cards", args=["lrb6"])
    text = page(client, f"{url}?deck=good_karma&timing=PRE")
    assert card_rows(text) == ["extra_training", "team_anthem", "the_fan"]
    assert "3 cards" in text and '<option value="good_karma" selected>' in text
    assert '<option value="PRE" selected>PRE — Before the match, once all inducements are bought</option>' in text
    row = text.split('id="card-the_fan"')[1].split("</tr>")[0]
    assert "Q♦" in row and "The Fan" in row and "Good Karma" in row and "never on the roster" in row
    # One filter alone; a card touching league records carries its star.
    text = page(client, f"{url}?timing=DE-")
    assert card_rows(text) == ["miracle_worker"]
    assert "Miracle Worker" in text and "Touches league records" in text and "1 card" in text
    text = page(client, f"{url}?deck=desperate_measures&timing=TM")
    assert card_rows(text) == [] and "No card matches these filters." in text
    # A value the ruleset lacks narrows nothing.
    assert len(card_rows(page(client, f"{url}?deck=tarot&timing=NOON"))) == 104


def test_the_cards_page_reads_in_french(client):
    url = reverse("rulesets:cards", args=["pbbl110"])
    text = page(client, f"{url}?deck=random_events&timing=SOT", "fr")
    assert "Cartes spéciales" in text and "Tous les jeux" in text and "Quand la jouer" in text
    assert '<option value="random_events" selected>Événements aléatoires</option>' in text
    assert "Éponge magique" in text and "Sur 2+, un de vos joueurs de la case Tués et Blessés" in text
    assert "Magic Sponge" not in text and "4b" in text
    assert "10 cartes" in text and "Touche les registres de la ligue" in text
    assert len(card_rows(text)) == 10


def test_the_commissioner_sees_the_card_options_in_both_languages(client, league, commissioner):
    client.force_login(commissioner)
    url = reverse("league:settings", args=[league.slug])
    text = page(client, url)
    section = text.split('id="settings-cards"')[1].split("</table>")[0]
    assert "How coaches get special play cards" in section and "p.34" in section
    assert "Inducements, at most 5 draws per coach (rulebook)" in section and "50,000 gp" in section
    assert "The four 50,000 gp decks are shuffled into one 52-card deck." in section
    text = page(client, url, "fr")
    assert "Cartes spéciales" in text and "Comment les coachs obtiennent des cartes spéciales" in text


def test_a_card_budget_is_saved_within_the_rulebooks_range(client, league, commissioner):
    client.force_login(commissioner)
    url = reverse("league:settings", args=[league.slug])
    response = client.post(url, settings_form(league, **{"cards.mode": "budget", "cards.budget": 150_000}), follow=True)
    assert "Settings saved" in response.content.decode()
    cards = league_ruleset(league).group(CardParameters)
    assert cards is not None and (cards.mode, cards.budget) == ("budget", 150_000)
    assert AuditEntry.objects.filter(action="league.setting.changed").count() == 2
    client.post(url, settings_form(league, **{"cards.merged_decks": True}))
    assert league_ruleset(league).group(CardParameters).merged_decks is True  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("lang", "budget", "message"),
    [
        ("en", 250_000, "Refused: the most allowed is 200,000 gp."),
        ("en", 40_000, "Refused: the least allowed is 50,000 gp."),
        ("fr", 250_000, "Refusé\u00a0: le maximum permis est 200\u00a0000 po."),
    ],
)
def test_a_budget_outside_the_range_is_refused_and_nothing_is_written(
    client, league, commissioner, lang, budget, message
):
    client.force_login(commissioner)
    client.cookies["django_language"] = lang
    url = reverse("league:settings", args=[league.slug])
    response = client.post(url, settings_form(league, **{"cards.mode": "budget", "cards.budget": budget}))
    assert response.status_code == 200
    assert message in html.unescape(response.content.decode())
    assert not league.house_rules.exists()


def test_an_unknown_card_option_is_refused(client, league, commissioner):
    client.force_login(commissioner)
    response = client.post(
        reverse("league:settings", args=[league.slug]), settings_form(league, **{"cards.mode": "trade"})
    )
    assert response.status_code == 200 and "Select a valid choice." in response.content.decode()
    assert not league.house_rules.exists()


def test_a_league_whose_ruleset_has_no_cards_is_offered_no_card_option(client, commissioner):
    from league.core.services import league_create

    league = league_create(name="Underground", ruleset="dungeon_lutece", commissioner=commissioner)
    client.force_login(commissioner)
    text = page(client, reverse("league:settings", args=[league.slug]))
    assert 'id="settings-cards"' not in text and "special play cards" not in text
