"""Special play cards at the pre-match, in the engine: the cards left for a match, a draw with a
stored die, and the purchase checks (league/rules/prematch/cards.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.rules import Ruleset, ScriptedDice, load_ruleset
from league.rules.parameter_groups import CardParameters
from league.rules.prematch.cards import (
    buyable_decks,
    card_purchase_violations,
    card_spending,
    cards_left,
    deck_of,
    draw_card,
    draw_price,
)


@pytest.fixture(scope="module")
def options(rs: Ruleset) -> CardParameters:
    found = rs.group(CardParameters)
    assert found is not None
    return found


def codes(violations: tuple) -> list[str]:
    return [v.code for v in violations]


def test_cards_left_removes_what_either_side_drew(rs: Ruleset, options: CardParameters) -> None:
    deck = rs.special_cards.decks["miscellaneous_mayhem"]
    all_cards = cards_left(rs.special_cards, options, deck.key, ())
    assert len(all_cards) == deck.size == 13
    # one card drawn by home, one by away: both gone from the one physical deck
    left = cards_left(rs.special_cards, options, deck.key, (all_cards[0].key, all_cards[5].key))
    assert len(left) == 11
    assert all_cards[0] not in left and all_cards[5] not in left


def test_a_stored_roll_draws_the_same_card_again(rs: Ruleset, options: CardParameters) -> None:
    left = cards_left(rs.special_cards, options, "magic_items", ())
    first = draw_card(left, ScriptedDice([4]))
    again = draw_card(left, ScriptedDice([first.roll]))
    assert first.card == again.card == left[3]
    assert first.sides == 13


def test_merged_decks_are_one_deck(rs: Ruleset, options: CardParameters) -> None:
    merged = replace(options, merged_decks=True)
    decks = buyable_decks(rs.special_cards, merged)
    mergeable = [d for d in rs.special_cards.decks.values() if d.mergeable]
    head = mergeable[0].key
    assert head in decks and all(d.key not in decks for d in mergeable[1:])
    assert decks[head].size == sum(d.size for d in mergeable) == 52
    assert deck_of(rs.special_cards, merged, mergeable[-1].key) == head
    assert len(cards_left(rs.special_cards, merged, head, ())) == 52
    # the other decks stay apart
    assert len(decks) == len(rs.special_cards.decks) - len(mergeable) + 1


def test_a_purchase_within_the_rules_passes(rs: Ruleset, options: CardParameters) -> None:
    assert (
        card_purchase_violations(rs.special_cards, options, deck_key="good_karma", side_draws=0, drawn=(), gold=100_000)
        == ()
    )


def test_each_refusal_has_its_code(rs: Ruleset, options: CardParameters) -> None:
    cards = rs.special_cards
    none = replace(options, mode="none")
    assert codes(card_purchase_violations(cards, none, deck_key="good_karma", side_draws=0, drawn=(), gold=10**6)) == [
        "cards_not_sold"
    ]
    limit = card_purchase_violations(
        cards, options, deck_key="good_karma", side_draws=options.max_draws, drawn=(), gold=10**6
    )
    assert codes(limit) == ["cards_over_limit"] and limit[0].params["limit"] == 5
    unlimited = replace(options, max_draws=0)
    assert card_purchase_violations(cards, unlimited, deck_key="good_karma", side_draws=40, drawn=(), gold=10**6) == ()
    assert codes(card_purchase_violations(cards, options, deck_key="nope", side_draws=0, drawn=(), gold=10**6)) == [
        "card_deck_unknown"
    ]
    every = [c.key for c in cards.cards.values() if c.deck == "desperate_measures"]
    assert codes(
        card_purchase_violations(cards, options, deck_key="desperate_measures", side_draws=0, drawn=every, gold=10**6)
    ) == ["card_deck_empty"]
    poor = card_purchase_violations(cards, options, deck_key="random_events", side_draws=0, drawn=(), gold=199_999)
    assert codes(poor) == ["card_gold"] and poor[0].params["cost"] == 200_000
    other_deck = next(c.key for c in cards.cards.values() if c.deck == "magic_items")
    assert codes(
        card_purchase_violations(
            cards, options, deck_key="good_karma", side_draws=0, drawn=(), gold=10**6, entered=other_deck
        )
    ) == ["card_not_in_deck"]
    karma = next(c.key for c in cards.cards.values() if c.deck == "good_karma")
    assert codes(
        card_purchase_violations(
            cards, options, deck_key="good_karma", side_draws=0, drawn=(karma,), gold=10**6, entered=karma
        )
    ) == ["card_already_drawn"]


def test_no_decks_sell_no_cards(options: CardParameters) -> None:
    from league.rules import load_ruleset

    empty = load_ruleset("classic3").special_cards
    assert codes(
        card_purchase_violations(empty, options, deck_key="good_karma", side_draws=0, drawn=(), gold=10**6)
    ) == ["cards_not_sold"]


def test_the_card_budget_counts_what_was_bought(options: CardParameters) -> None:
    budget = replace(options, mode="budget", budget=150_000)
    assert card_spending(budget, 0) == 150_000
    assert card_spending(budget, 100_000) == 50_000
    assert card_spending(budget, 200_000) == 0


def test_the_last_card_is_drawn_without_a_die(rs: Ruleset, options: CardParameters) -> None:
    left = cards_left(rs.special_cards, options, "magic_items", ())[-1:]
    draw = draw_card(left, ScriptedDice([]))
    assert (draw.card, draw.roll, draw.sides) == (left[0], 1, 1)


def test_the_house_rules_price_every_deck_at_50000_with_no_limit_on_draws() -> None:
    """Seed 002 H:L78, H10: "cards at 50,000", any deck, no cap on purchases."""
    house = load_ruleset("fr_house")
    options = house.group(CardParameters)
    assert options is not None and (options.price, options.max_draws) == (50000, 0)
    catalogue = house.special_cards
    assert {d.key: d.price for d in buyable_decks(catalogue, options).values()} == dict.fromkeys(catalogue.decks, 50000)
    assert draw_price(catalogue.decks["desperate_measures"], options) == 50000
    # The decks themselves keep the rulebook's prices: the flat price is the league's.
    assert catalogue.decks["desperate_measures"].price == 400000
    # A 400,000 deck is within 50,000 of gold; a sixth, a twentieth card is no over-limit.
    for side_draws in (5, 19):
        ok = card_purchase_violations(
            catalogue, options, deck_key="desperate_measures", side_draws=side_draws, drawn=(), gold=50000
        )
        assert ok == ()
    short = card_purchase_violations(catalogue, options, deck_key="good_karma", side_draws=0, drawn=(), gold=40000)
    assert [(v.code, dict(v.params)) for v in short] == [("card_gold", {"cost": 50000, "budget": 40000})]
    # Merged decks keep the one price too.
    merged = buyable_decks(catalogue, replace(options, merged_decks=True))
    assert {d.price for d in merged.values()} == {50000}


def test_price_zero_keeps_each_decks_own(rs: Ruleset, options: CardParameters) -> None:
    assert options.price == 0
    prices = {d.key: d.price for d in buyable_decks(rs.special_cards, options).values()}
    assert prices == {d.key: d.price for d in rs.special_cards.decks.values()}
    assert prices["good_karma"] == 100000 and prices["desperate_measures"] == 400000
