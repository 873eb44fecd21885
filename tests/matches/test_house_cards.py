"""The house rules' special play cards (seed 002 H:L78, spec H10: "cards at 50,000, any deck, one
random card per purchase, paid from petty cash or treasury during the pre-match inducement step;
not in TV"), bought from LRB6's decks on the pre-match page like LRB6's cards as inducements, at the
league's one price per draw (cards.price) and without a limit on draws; the ruleset's cards page
and the league's settings page show that price; matches recorded when the cards were typed as text
still show them. And, in any league where cards replace the inducement list, an imported report
that lists ordinary inducements is refused and writes nothing."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.urls import reverse

from league.core.models import AuditEntry
from matches.card_models import MatchCard
from matches.models import Decision, Match, MatchInducement
from matches.services.snapshot import build_report
from teams.models import Team, TreasuryEntry
from tests.builders import scheduled_in
from tests.matches.test_card_inducement_gold import choose
from tests.matches.test_card_purchase import buy, page, set_cards
from tests.matches.test_views_support import declare_petty_cash, login, prematch_through_pages

pytestmark = pytest.mark.django_db

RECEIVING = {"weather_source": "server", "chooser_receiving": "away", "pitch": "grass", "dice_pair": "receiving"}


def deck_prices(text: str, table: str) -> dict[str, str]:
    """Deck name -> price as the pre-match panel's table shows them."""
    body = text.split(f'id="{table}"')[1].split("</table>")[0]
    return dict(re.findall(r'<tr><td>([^<]+)</td><td class="text-end">([0-9,]+)</td>', body))


@pytest.fixture
def house_match(commissioner, coach_alice, coach_bob) -> Match:
    """Humans (alice, home) v Orcs (bob), the French league's house rules."""
    return scheduled_in("fr_house", "Ligue maison", commissioner, coach_alice, coach_bob)


def test_a_coach_buys_cards_from_any_deck_at_50000_from_the_petty_cash_without_a_limit(
    client, house_match, coach_alice, coach_bob
):
    match = house_match
    treasury = Team.objects.get(pk=match.home_id).treasury
    # 550,000 + 300,000 of petty cash against the orcs' 580,000: the humans have no inducement
    # money, their cards spend the petty cash, and they choose first.
    declare_petty_cash(match, home=300_000)
    client.force_login(coach_alice)
    text = page(client, match)
    prices = deck_prices(text, "card-decks")
    assert len(prices) == 7 and set(prices.values()) == {"50,000"}  # Good Karma's 100,000 too, 400,000 decks too
    assert "Cards are paid from the side's inducement gold" in text and "At most" not in text

    buy(client, match, "home", "miscellaneous_mayhem")
    text = buy(client, match, "home", "good_karma")  # a 100,000 deck, 50,000 by the house rule
    assert "Inducement gold left for cards: 200,000 gp." in text
    rows = list(MatchCard.objects.filter(match=match).order_by("order"))
    assert [(r.side, r.deck, r.price, r.inducement_gold) for r in rows] == [
        ("home", "miscellaneous_mayhem", 50_000, True),
        ("home", "good_karma", 50_000, True),
    ]
    # No limit on draws (H10): a sixth card is sold while gold remains; the seventh is refused for gold.
    for deck in ("desperate_measures", "random_events", "dirty_tricks", "magic_items"):
        buy(client, match, "home", deck)
    assert MatchCard.objects.filter(match=match, side="home").count() == 6
    text = buy(client, match, "home", "special_team_plays")
    assert "A card from this deck costs 50,000; the side has 0 left for cards." in text
    assert "at most" not in text.lower().split('id="special-cards"')[1].split("</section>")[0]
    french = buy(client, match, "home", "special_team_plays", lang="fr")
    assert "Une carte de ce jeu coûte 50\xa0000 ; il reste 0 à ce camp pour les cartes." in french
    assert MatchCard.objects.filter(match=match, side="home").count() == 6
    # The audit log names the price paid, never the card.
    logged = AuditEntry.objects.filter(action="matches.card.bought")
    assert {e.data["price"] for e in logged} == {50_000}

    choose(client, match, "home")
    client.force_login(coach_bob)
    choose(client, match, "away")
    client.force_login(coach_alice)
    done = client.post(reverse("matches:prematch", args=[match.pk]), RECEIVING, follow=True)
    match.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE, done.content.decode()[-2000:]
    humans = Team.objects.get(pk=match.home_id)
    # The cards' 300,000 left the treasury once, as the petty cash they spent; never in team value.
    assert humans.treasury == treasury - 300_000
    assert match.home_tv == humans.team_value
    assert not MatchInducement.objects.filter(match=match).exists()  # no inducement row for cards
    assert build_report(match).home.inducements_cost == 300_000
    # The match page shows the cards bought to their coach.
    detail = html.unescape(client.get(match.get_absolute_url()).content.decode())
    assert 'id="match-cards-home"' in detail and "6 cards bought" in detail


def test_the_catalogue_page_prices_every_deck_at_the_house_price(client):
    def prices(key: str) -> dict[str, str]:
        text = client.get(reverse("rulesets:cards", args=[key])).content.decode()
        return dict(re.findall(r'<tr id="deck-([a-z_]+)">.*?<td class="text-end money">([0-9,]+)</td>', text))

    house = prices("fr_house")
    assert len(house) == 7 and set(house.values()) == {"50,000"}
    lrb6 = prices("lrb6")
    assert (lrb6["miscellaneous_mayhem"], lrb6["good_karma"], lrb6["desperate_measures"]) == (
        "50,000",
        "100,000",
        "400,000",
    )


def test_the_commissioner_sees_and_sets_the_price_per_draw(client, house_match, commissioner, coach_alice):
    league = house_match.league
    client.force_login(commissioner)
    url = reverse("league:settings", args=[league.slug])
    client.cookies["django_language"] = "en"
    text = html.unescape(client.get(url).content.decode())
    section = text.split('id="settings-cards"')[1].split("</table>")[0]
    assert "One price for a draw from any deck (0: each deck's own price" in section and "H:L78 (H10)" in section
    assert 'name="cards.price"' in section and 'value="50000"' in section
    assert "Inducements, no limit on draws (house rules)" in section
    client.cookies["django_language"] = "fr"
    french = html.unescape(client.get(url).content.decode())
    assert "Un seul prix pour un tirage dans n'importe quel jeu" in french

    # Back to each deck's own price: the pre-match panel follows the league's setting.
    client.cookies["django_language"] = "en"
    set_cards(client, commissioner, league, **{"cards.price": 0})
    client.force_login(coach_alice)
    prices = deck_prices(page(client, house_match), "card-decks")
    assert (prices["Good Karma"], prices["Desperate Measures"]) == ("100,000", "400,000")
    # A price off the gold granularity is refused and changes nothing.
    client.force_login(commissioner)
    client.cookies["django_language"] = "en"
    from tests.web.test_league_admin import settings_form

    refused = client.post(url, settings_form(league, **{"cards.price": 12_345}))
    assert refused.status_code == 200 and "Settings saved" not in refused.content.decode()
    assert league.house_rules.get(key="cards.price").value == 0


def test_an_lrb6_league_may_set_one_price_for_every_deck(client, commissioner, coach_alice, coach_bob):
    match = scheduled_in("lrb6", "Flat League", commissioner, coach_alice, coach_bob)
    set_cards(client, commissioner, match.league, **{"cards.mode": "budget", "cards.budget": 200_000})
    set_cards(client, commissioner, match.league, **{"cards.price": 70_000})
    client.force_login(coach_alice)
    assert set(deck_prices(page(client, match), "card-decks").values()) == {"70,000"}
    buy(client, match, "home", "desperate_measures")
    assert MatchCard.objects.get(match=match).price == 70_000


def test_cards_typed_as_text_before_the_decks_are_still_shown(client, house_match, coach_alice, coach_bob):
    """A match recorded when the house rules sold cards as an inducement row, each card typed."""
    match = house_match
    response = prematch_through_pages(client, match, weather=RECEIVING)
    match.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE, response.content.decode()[-2000:]
    typed = {"home": [{"deck": "Miscellaneous Mayhem", "card": "Rabble Rousing"}], "away": []}
    match.prematch_values = {**match.prematch_values, "inducements": {"cards": typed}}
    match.save(update_fields=["prematch_values"])
    MatchInducement.objects.create(match=match, side="home", key="special_play_cards", cost=50_000)
    detail = login(client, coach_bob).get(match.get_absolute_url())
    assert detail.status_code == 200
    text = detail.content.decode()
    assert "Special play cards bought:" in text and "Miscellaneous Mayhem — <strong>Rabble Rousing</strong>" in text
    french = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Cartes spéciales achetées :" in french


def report_text(match: Match, **home: object) -> str:
    return json.dumps(
        {
            "format_version": 1,
            "report_id": f"cards-{match.pk}",
            "league": match.league.slug,
            "ruleset": "lrb6",
            "home": match.home.name,
            "away": match.away.name,
            "played_on": "2026-11-20",
            "prematch": {"weather": [3, 4], "home": {"petty_cash": 100_000, **home}},
            "result": {"home_score": 1, "away_score": 0, "home_uncredited_touchdowns": 1},
        }
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_import_with_inducements_is_refused_where_cards_replace_them(
    client, commissioner, coach_alice, coach_bob, lang
):
    match = scheduled_in("lrb6", "Card Only League", commissioner, coach_alice, coach_bob)
    set_cards(client, commissioner, match.league, **{"cards.mode": "replace"})
    treasury = Team.objects.get(pk=match.home_id).treasury
    client.cookies["django_language"] = lang
    upload = reverse("match_import:upload")
    refused = client.post(upload, {"text": report_text(match, inducements={"items": {"bribes": 1}})})
    assert refused.status_code == 400
    text = html.unescape(refused.content.decode())
    message = {
        "en": "In this league special play cards replace the inducements: buy cards, nothing else.",
        "fr": "Dans cette ligue, les cartes spéciales remplacent les primes : achetez des cartes, rien d'autre.",
    }[lang]
    assert message in text
    # Nothing written: the fixture still waits, no inducement, no decision, no gold moved.
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED and match.home_inducements is None
    assert not MatchInducement.objects.filter(match=match).exists()
    assert not Decision.objects.filter(match=match).exists()
    assert not TreasuryEntry.objects.filter(match=match).exists()
    assert Team.objects.get(pk=match.home_id).treasury == treasury
    assert Match.objects.filter(league=match.league).count() == 1
    # The same report without the inducements is accepted: the refusal is the cards' rule.
    accepted = client.post(upload, {"text": report_text(match)})
    assert accepted.status_code == 302
    imported = Match.objects.get(league=match.league, import_key__isnull=False)
    assert imported.status != Match.Status.SCHEDULED and accepted["Location"] == imported.get_absolute_url()


def test_an_import_no_longer_types_its_cards(client, house_match, commissioner):
    """The cards are bought from the decks; a report listing typed cards is refused by its shape."""
    client.force_login(commissioner)
    report = json.loads(report_text(house_match, cards=[{"deck": "Magic Items", "card": "Beer Barrel Bash"}]))
    report["ruleset"] = "fr_house"
    refused = client.post(reverse("match_import:upload"), {"text": json.dumps(report)})
    assert refused.status_code == 400
    assert "cards" in html.unescape(refused.content.decode())
    house_match.refresh_from_db()
    assert house_match.status == Match.Status.SCHEDULED
