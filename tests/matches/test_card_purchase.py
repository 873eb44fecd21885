"""Special play cards bought one at a time on the pre-match page (LRB6 p.34): the site draws each
card without replacement from decks both coaches share, or the coach enters the card drawn at the
table; a side's cards are named to its coach and the commissioner, the opponent sees only how many
it bought from which deck; every refusal is worded and saves nothing."""

from __future__ import annotations

import html
from collections.abc import Iterator

import pytest
from django.urls import reverse

from league.core.models import AuditEntry
from league.rules import Ruleset, load_ruleset
from matches.card_models import MatchCard
from tests.builders import lrb6_copy, scheduled_in
from tests.web.test_league_admin import settings_form

pytestmark = pytest.mark.django_db


def page(client, match, lang: str = "en") -> str:
    client.cookies["django_language"] = lang
    response = client.get(reverse("matches:prematch", args=[match.pk]))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def buy(client, match, side: str, deck: str, card: str = "", lang: str = "en") -> str:
    client.cookies["django_language"] = lang
    response = client.post(
        reverse("matches:card_buy", args=[match.pk]), {"side": side, "deck": deck, "card": card}, follow=True
    )
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def panel(text: str, side: str) -> str:
    start = text.index(f'id="cards-{side}"')
    return text[start : text.index("</div>", text.index("</form>", start) if "</form>" in text[start:] else start)]


def set_cards(client, commissioner, league, **values: object) -> None:
    client.force_login(commissioner)
    response = client.post(reverse("league:settings", args=[league.slug]), settings_form(league, **values), follow=True)
    assert "Settings saved" in response.content.decode()


@pytest.fixture
def budget_match(client, commissioner, coach_alice, coach_bob):
    """Humans (alice) v Orcs (bob), LRB6, the league giving each coach 200,000 gp for cards."""
    match = scheduled_in("lrb6", "Card League", commissioner, coach_alice, coach_bob)
    set_cards(client, commissioner, match.league, **{"cards.mode": "budget", "cards.budget": 200_000})
    return match


def test_both_coaches_draw_from_the_same_deck_without_ever_drawing_the_same_card(
    client, budget_match, coach_alice, coach_bob
):
    match = budget_match
    for _round in range(4):  # 4 x 50,000 each: both budgets spent on the one 13-card deck
        client.force_login(coach_alice)
        assert "Reavers has bought a special play card." in buy(client, match, "home", "miscellaneous_mayhem")
        client.force_login(coach_bob)
        buy(client, match, "away", "miscellaneous_mayhem")
    rows = list(MatchCard.objects.filter(match=match))
    assert len(rows) == 8 and len({r.card for r in rows}) == 8
    assert all(r.how == "server" and 1 <= r.roll <= r.sides for r in rows)
    assert sorted(r.sides for r in rows) == list(range(6, 14))  # each draw over the cards then left
    text = page(client, match)
    assert '<td>Miscellaneous Mayhem</td><td class="text-end">50,000</td><td class="text-end">5</td>' in text


def test_merged_decks_are_one_deck_on_the_page(client, budget_match, commissioner, coach_alice):
    match = budget_match
    set_cards(client, commissioner, match.league, **{"cards.merged_decks": True})
    client.force_login(coach_alice)
    text = page(client, match)
    merged = "Miscellaneous Mayhem + Special Team Plays + Magic Items + Dirty Tricks"
    assert f'<td>{merged}</td><td class="text-end">50,000</td><td class="text-end">52</td>' in text
    text = buy(client, match, "home", "miscellaneous_mayhem")
    row = MatchCard.objects.get(match=match)
    assert (row.deck, row.sides) == ("miscellaneous_mayhem", 52)
    assert f'<td>{merged}</td><td class="text-end">50,000</td><td class="text-end">51</td>' in text
    assert "There is no deck “Dirty Tricks” to buy from." in buy(client, match, "home", "dirty_tricks")


def test_the_coach_sees_his_cards_and_the_opponent_only_how_many(client, budget_match, coach_alice, coach_bob):
    match = budget_match
    client.force_login(coach_alice)
    text = buy(client, match, "home", "good_karma")
    card = MatchCard.objects.get(match=match, side="home")
    catalogue_card = load_ruleset("lrb6").special_cards.cards[card.card]
    own = text[text.index('id="cards-home"') : text.index('id="cards-away"')]
    assert catalogue_card.name_en in own and "1 card bought" in own
    client.force_login(coach_bob)
    text = page(client, match)
    # the deck lists in Bob's own table-entry form name every card; Alice's panel names none
    home = text[text.index('id="cards-home"') : text.index('id="cards-away"')]
    assert catalogue_card.name_en not in home and catalogue_card.effect_en not in text
    assert "1 card from Good Karma" in home and 'id="card-buy-home"' not in text
    assert 'id="card-buy-away"' in text
    # the log, which the team page shows, names the deck, never the card
    entry = AuditEntry.objects.get(action="matches.card.bought")
    assert "good_karma" in str(vars(entry)) and card.card not in str(vars(entry))


def test_a_card_entered_at_the_table_is_recorded_as_drawn(client, budget_match, coach_alice, coach_bob):
    match = budget_match
    client.force_login(coach_alice)
    buy(client, match, "home", "magic_items", card="beguiling_bracers")
    row = MatchCard.objects.get(match=match)
    assert (row.card, row.how, row.roll, row.price) == ("beguiling_bracers", "table", None, 50_000)
    client.force_login(coach_bob)
    text = buy(client, match, "away", "magic_items", card="beguiling_bracers")
    assert "“Beguiling Bracers” has already been drawn in this match." in text
    text = buy(client, match, "away", "good_karma", card="beguiling_bracers")
    assert "“Beguiling Bracers” is not a card of the deck “Good Karma”." in text
    assert MatchCard.objects.count() == 1


def test_not_enough_gold_is_refused_in_both_languages(client, budget_match, coach_alice):
    match = budget_match
    client.force_login(coach_alice)
    buy(client, match, "home", "good_karma")
    text = buy(client, match, "home", "random_events")
    assert "A card from this deck costs 200,000; the side has 100,000 left for cards." in text
    text = buy(client, match, "home", "random_events", lang="fr")
    assert "Une carte de ce jeu coûte 200\xa0000 ; il reste 100\xa0000 à ce camp pour les cartes." in text
    assert "Cartes spéciales" in text and "Acheter une carte" in text
    assert MatchCard.objects.count() == 1


def test_an_unknown_deck_and_a_coach_for_the_other_side_are_refused(client, budget_match, coach_alice):
    match = budget_match
    client.force_login(coach_alice)
    assert "There is no deck “jokers” to buy from." in buy(client, match, "home", "jokers")
    response = client.post(reverse("matches:card_buy", args=[match.pk]), {"side": "away", "deck": "good_karma"})
    assert response.status_code == 403
    assert not MatchCard.objects.exists()


def test_no_panel_and_no_purchase_where_the_league_sells_no_cards(client, commissioner, coach_alice, coach_bob):
    match = scheduled_in("lrb6", "Paper League", commissioner, coach_alice, coach_bob)
    set_cards(client, commissioner, match.league, **{"cards.mode": "none"})
    client.force_login(coach_alice)
    assert 'id="special-cards"' not in page(client, match)
    assert "This league does not sell special play cards." in buy(client, match, "home", "good_karma")
    assert not MatchCard.objects.exists()


def test_cards_as_inducements_wait_for_the_inducement_step(client, commissioner, coach_alice, coach_bob):
    """Cards paid from the inducement gold are bought in the side's inducement turn, so not before
    both sides declared their petty cash (test_card_inducement_gold.py buys them)."""
    match = scheduled_in("lrb6", "Inducement League", commissioner, coach_alice, coach_bob)
    client.force_login(coach_alice)
    text = page(client, match)
    assert "Both sides declare their petty cash before choosing inducements." in text
    assert 'id="card-buy-home"' not in text
    assert "Both sides declare their petty cash before choosing inducements." in buy(
        client, match, "home", "good_karma"
    )
    assert not MatchCard.objects.exists()


KEY = "richcards"


@pytest.fixture
def rich_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    """LRB6 whose card budget is 3,300,000 gp and draw limit 9: enough to empty a deck."""
    yield from lrb6_copy(
        tmp_path,
        monkeypatch,
        KEY,
        replace=(
            (
                'mode = "inducements"\nmax_draws = 5\nbudget = 50000\nbudget_min = 50000\nbudget_max = 200000',
                'mode = "budget"\nmax_draws = 9\nbudget = 3300000\nbudget_min = 50000\nbudget_max = 3300000',
            ),
        ),
    )


def test_an_empty_deck_and_the_draw_limit_are_refused(client, rich_ruleset, commissioner, coach_alice, coach_bob):
    match = scheduled_in(KEY, "Rich League", commissioner, coach_alice, coach_bob)
    client.force_login(coach_alice)
    for _draw in range(8):
        buy(client, match, "home", "desperate_measures")
    text = buy(client, match, "home", "desperate_measures")
    assert "The deck “Desperate Measures” has no card left: both coaches drew them all." in text
    assert MatchCard.objects.count() == 8
    buy(client, match, "home", "dirty_tricks")
    text = buy(client, match, "home", "dirty_tricks")
    assert "A coach may buy at most 9 special play cards a match." in text
    assert MatchCard.objects.count() == 9


def test_the_match_page_keeps_the_cards_named_to_their_coach_once_the_prematch_is_recorded(
    client, budget_match, coach_alice, coach_bob, commissioner
):
    from matches.services import PrematchInput, prematch_record

    match = budget_match
    client.force_login(coach_alice)
    buy(client, match, "home", "good_karma")
    client.force_login(coach_bob)
    buy(client, match, "away", "magic_items", card="beguiling_bracers")
    own = load_ruleset("lrb6").special_cards.cards[MatchCard.objects.get(match=match, side="home").card]
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=commissioner)

    def detail(lang: str = "en") -> str:
        client.cookies["django_language"] = lang
        response = client.get(reverse("matches:detail", args=[match.pk]))
        assert response.status_code == 200
        text = html.unescape(response.content.decode())
        return text[text.index('id="match-cards"') :]

    client.force_login(coach_alice)
    text = detail()
    home, away = text[: text.index('id="match-cards-away"')], text[text.index('id="match-cards-away"') :]
    assert own.name_en in home and "Beguiling Bracers" not in text and "1 card from Magic Items" in away
    assert "card-buy" not in text  # bought before the pre-match was recorded: no form now
    client.force_login(coach_bob)
    text = detail("fr")
    assert own.name_fr not in text and own.name_en not in text
    assert "Bracelets étincelants" in text and "1 carte de Bon Karma" in text  # his own card, in French
    client.logout()
    text = detail()
    assert own.name_en not in text and "Beguiling Bracers" not in text and "1 card from Good Karma" in text
