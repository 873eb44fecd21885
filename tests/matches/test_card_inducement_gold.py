"""Special play cards paid from the inducement gold (LRB6 p.34 L4412-4461, PBBL P43): where cards
join the inducement list ("inducements") or replace it ("replace"), a side buys them on the
pre-match page while it chooses its inducements, in its turn; the live budget counts them, an
order that with the cards exceeds the gold is refused, and the pre-match record debits them once,
where the inducement gold is debited (the treasury without petty cash, the petty cash with it)."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from matches.card_models import MatchCard
from matches.models import Match
from matches.services.snapshot import build_report
from teams.models import Team, TreasuryEntry
from tests.builders import scheduled_in
from tests.matches.test_card_purchase import buy, page, set_cards
from tests.pbbl.conftest import pbbl_humans, pbbl_league, pbbl_match, pbbl_orcs  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db

WEATHER = {"weather_source": "entered", "weather_1": "3", "weather_2": "4"}


def choose(client, match, side: str, lang: str = "en", **items: str) -> str:
    client.cookies["django_language"] = lang
    response = client.post(reverse("matches:inducements", args=[match.pk]), {"side": side, **items}, follow=True)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def cell(text: str, cell_id: str) -> str:
    start = text.index(f'id="{cell_id}">') + len(f'id="{cell_id}">')
    return text[start : text.index("<", start)]


def test_cards_as_inducements_spend_the_treasury_gold_once(
    client,
    pbbl_match,  # noqa: F811
    commissioner,
    coach_alice,
    coach_bob,
):
    """PBBL, cards as inducements: equal TVs, no inducement money; each side's budget is its
    treasury (humans 350,000, orcs 400,000), the humans choosing first."""
    match = pbbl_match
    client.force_login(coach_bob)
    text = buy(client, match, "away", "magic_items")
    assert "Nuln Knights chooses its inducements first (the stronger team); Red Tuskers chooses after." in text
    assert not MatchCard.objects.exists()

    client.force_login(coach_alice)
    text = page(client, match)
    assert "Cards are paid from the side's inducement gold" in text
    assert "Inducement gold left for cards: 350,000 gp." in text
    assert (cell(text, "cards-spent-home"), cell(text, "left-home")) == ("0", "350,000")
    buy(client, match, "home", "miscellaneous_mayhem")
    text = buy(client, match, "home", "dirty_tricks")
    assert "Inducement gold left for cards: 250,000 gp." in text
    assert (cell(text, "cards-spent-home"), cell(text, "left-home")) == ("100,000", "250,000")
    assert all(r.inducement_gold for r in MatchCard.objects.all())

    # A wizard and a bribe (280,000) fit the 350,000 alone, not with the cards' 100,000.
    text = choose(client, match, "home", home_item_wizard="1", home_item_bribes="1")
    assert (
        "These inducements cost 280,000 gp and the special play cards already bought 100,000 gp: "
        "together over the 350,000 gp available."
    ) in text
    text = choose(client, match, "home", lang="fr", home_item_wizard="1", home_item_bribes="1")
    assert (
        "Ces primes coûtent 280\xa0000 po et les cartes spéciales déjà achetées 100\xa0000 po : "
        "ensemble, plus que les 350\xa0000 po disponibles."
    ) in text
    match.refresh_from_db()
    assert match.home_inducements is None

    choose(client, match, "home", home_item_wizard="1")
    text = buy(client, match, "home", "magic_items")
    assert "Nuln Knights has already chosen its inducements." in text
    # The commissioner may still correct the choice the orcs have not answered: 70,000 left, one card.
    client.force_login(commissioner)
    buy(client, match, "home", "magic_items")
    text = buy(client, match, "home", "magic_items")
    assert "A card from this deck costs 50,000; the side has 20,000 left for cards." in text
    text = buy(client, match, "home", "magic_items", lang="fr")
    assert "Une carte de ce jeu coûte 50\xa0000 ; il reste 20\xa0000 à ce camp pour les cartes." in text
    assert MatchCard.objects.filter(side="home").count() == 3

    client.force_login(coach_bob)
    buy(client, match, "away", "special_team_plays")
    choose(client, match, "away")
    client.force_login(coach_alice)
    client.post(reverse("matches:prematch", args=[match.pk]), WEATHER, follow=True)
    match.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE
    humans, orcs = Team.objects.get(pk=match.home_id), Team.objects.get(pk=match.away_id)
    paid = TreasuryEntry.objects.filter(team=humans, kind="inducement")
    assert [(e.amount, e.key) for e in paid] == [(-(180_000 + 150_000), f"match:{match.pk}:inducements:treasury")]
    assert [e.amount for e in TreasuryEntry.objects.filter(team=orcs, kind="inducement")] == [-50_000]
    assert (humans.treasury, orcs.treasury) == (20_000, 350_000)
    # The match's report counts the cards as inducement gold spent (the post-match's checks).
    report = build_report(match)
    assert (report.home.inducements_cost, report.away.inducements_cost) == (330_000, 50_000)


def test_cards_replace_the_inducements_and_spend_the_petty_cash(client, commissioner, coach_alice, coach_bob):
    """LRB6, cards replacing the inducement list: humans 550,000 TV move 100,000 into petty cash
    (650,000 against the orcs' 580,000, so the orcs get 70,000 of inducement money)."""
    match = scheduled_in("lrb6", "Card Only League", commissioner, coach_alice, coach_bob)
    set_cards(client, commissioner, match.league, **{"cards.mode": "replace"})
    client.force_login(coach_alice)
    text = buy(client, match, "home", "good_karma")
    assert "Both sides declare their petty cash before choosing inducements." in text
    for side, coach, amount in (("away", coach_bob, 0), ("home", coach_alice, 100_000)):
        client.force_login(coach)
        client.post(reverse("matches:petty_cash", args=[match.pk]), {"side": side, "amount": amount})
    match.refresh_from_db()
    assert match.home_petty_cash_declared and match.away_petty_cash_declared

    client.force_login(coach_alice)
    text = page(client, match)
    assert "In this league special play cards replace the inducement list" in text
    assert 'name="home_item_wizard"' not in text and '<summary class="py-2">Mercenaries</summary>' not in text
    assert 'id="choose-inducements"' in text
    assert (cell(text, "budget-home"), cell(text, "left-home")) == ("100,000", "100,000")
    buy(client, match, "home", "miscellaneous_mayhem")
    text = buy(client, match, "home", "miscellaneous_mayhem")
    assert (cell(text, "cards-spent-home"), cell(text, "left-home")) == ("100,000", "0")
    text = buy(client, match, "home", "miscellaneous_mayhem")
    assert "A card from this deck costs 50,000; the side has 0 left for cards." in text
    text = page(client, match, lang="fr")
    assert "les cartes spéciales remplacent la liste des primes" in text
    assert "Argent des primes restant pour les cartes : 0 po." in text
    choose(client, match, "home")

    client.force_login(coach_bob)
    text = buy(client, match, "away", "good_karma")  # 100,000: over the orcs' 70,000
    assert "A card from this deck costs 100,000; the side has 70,000 left for cards." in text
    buy(client, match, "away", "magic_items")
    choose(client, match, "away")
    client.force_login(coach_alice)
    client.post(reverse("matches:prematch", args=[match.pk]), WEATHER, follow=True)
    match.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE
    assert MatchCard.objects.count() == 3
    humans, orcs = Team.objects.get(pk=match.home_id), Team.objects.get(pk=match.away_id)
    # The cards' gold left the treasury once, as the petty cash they spent; the orcs' card was
    # paid with the inducement money, which is not the treasury's.
    assert [e.amount for e in TreasuryEntry.objects.filter(team=humans, match=match)] == [-100_000]
    assert not TreasuryEntry.objects.filter(team=orcs, match=match).exists()
    assert humans.treasury == 450_000 - 100_000
    report = build_report(match)
    assert (report.home.inducements_cost, report.away.inducements_cost) == (100_000, 50_000)
