"""Buying and drawing special play cards at the pre-match (LRB6 p.34 L4412-4461, PBBL P43).

Both coaches draw from the same physical decks, without replacement: the cards left in a deck for
a match are its cards (cards.csv, in file order) minus those either side already drew in it. Where
the league shuffles the mergeable decks into one (`merged_decks`), they are one deck, named by the
first mergeable deck's key. A server draw is one die of as many faces as cards left, rolled and
stored, so that the same roll over the same cards gives the same card again. Where the league sets
one price for every draw (`price`, seed 002 H:L78, H10), each deck costs that price.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from types import MappingProxyType

from league.rules.catalogue.cards import Card, CardCatalogue, Deck
from league.rules.catalogue.team_building import Violation
from league.rules.dice import Dice, check_die
from league.rules.parameter_groups import CardParameters

__all__ = [
    "CardDraw",
    "buyable_decks",
    "card_purchase_violations",
    "card_spending",
    "cards_left",
    "deck_cards",
    "deck_of",
    "draw_card",
    "draw_price",
    "paid_with_inducements",
    "with_inducement_cards",
]


@dataclass(frozen=True, slots=True)
class CardDraw:
    card: Card
    roll: int  # the die's value, 1..`sides`
    sides: int  # how many cards were left


def _merged(options: CardParameters | None) -> bool:
    return bool(options and options.merged_decks)


def draw_price(deck: Deck, options: CardParameters | None) -> int:
    """The gold of one draw from `deck`: the league's one price for every deck where it sets one
    (H10: "cards at 50,000, any deck"), else the deck's own (decks.csv)."""
    return options.price if options and options.price else deck.price


def buyable_decks(cards: CardCatalogue, options: CardParameters | None) -> dict[str, Deck]:
    """The decks a coach may buy from, by key in file order, each at its draw price: with merged
    decks, the first mergeable deck stands for all of them (its price; its size the sum of theirs)."""
    return {key: replace(deck, price=draw_price(deck, options)) for key, deck in _decks(cards, options).items()}


def _decks(cards: CardCatalogue, options: CardParameters | None) -> dict[str, Deck]:
    decks = dict(cards.decks)
    if not _merged(options):
        return decks
    mergeable = [d for d in decks.values() if d.mergeable]
    if len(mergeable) < 2:
        return decks
    head = mergeable[0]
    out: dict[str, Deck] = {}
    for key, deck in decks.items():
        if deck is head:
            out[key] = Deck(
                key=head.key,
                name_en=" + ".join(d.name_en for d in mergeable),
                name_fr=" + ".join(d.name_fr for d in mergeable),
                price=head.price,
                size=sum(d.size for d in mergeable),
                mergeable=True,
            )
        elif not deck.mergeable:
            out[key] = deck
    return out


def deck_of(cards: CardCatalogue, options: CardParameters | None, deck_key: str) -> str:
    """The key of the deck a card of `deck_key` is drawn from (the merged deck's, where merged)."""
    deck = cards.decks.get(deck_key)
    if deck is None or not deck.mergeable or not _merged(options):
        return deck_key
    mergeable = [d.key for d in cards.decks.values() if d.mergeable]
    return mergeable[0] if len(mergeable) >= 2 else deck_key


def deck_cards(cards: CardCatalogue, options: CardParameters | None, deck_key: str) -> tuple[Card, ...]:
    """Every card of the (possibly merged) deck, in cards.csv's order."""
    return tuple(c for c in cards.cards.values() if deck_of(cards, options, c.deck) == deck_key)


def cards_left(
    cards: CardCatalogue, options: CardParameters | None, deck_key: str, drawn: Iterable[str]
) -> tuple[Card, ...]:
    """The deck's cards not yet drawn in this match by either side (`drawn`: card keys)."""
    gone = set(drawn)
    return tuple(c for c in deck_cards(cards, options, deck_key) if c.key not in gone)


def draw_card(left: tuple[Card, ...], dice: Dice) -> CardDraw:
    """One card drawn at random from those left (at least one): a die of len(left) faces picks it in
    file order."""
    sides = len(left)
    # The last card of a deck is drawn without a die (a die has at least two faces).
    roll = 1 if sides == 1 else check_die(dice.roll(sides), sides, "card draw")
    return CardDraw(card=left[roll - 1], roll=roll, sides=sides)


def card_spending(options: CardParameters | None, spent: int) -> int:
    """The gold a side still has for cards in "budget" mode: the per-match card budget minus its
    cards already bought (neither carried over nor transferable, LRB6 p.34)."""
    return max((options.budget if options else 0) - spent, 0)


def card_purchase_violations(
    cards: CardCatalogue,
    options: CardParameters | None,
    *,
    deck_key: str,
    side_draws: int,
    drawn: Iterable[str],
    gold: int,
    entered: str | None = None,
) -> tuple[Violation, ...]:
    """Why a side may not buy one card from `deck_key` now (empty: it may). `side_draws`: the cards
    this side already bought in the match; `drawn`: the keys drawn by either side; `gold`: what the
    side has left to pay with; `entered`: the card drawn at the table, if the coach enters it."""
    if not cards or options is None or options.mode == "none":
        return (Violation("cards_not_sold"),)
    if options.max_draws and side_draws >= options.max_draws:
        return (Violation("cards_over_limit", MappingProxyType({"limit": options.max_draws})),)
    decks = buyable_decks(cards, options)
    deck = decks.get(deck_key)
    if deck is None:
        return (Violation("card_deck_unknown", MappingProxyType({"deck": deck_key})),)
    drawn = tuple(drawn)
    left = cards_left(cards, options, deck_key, drawn)
    out: list[Violation] = []
    if not left:
        out.append(Violation("card_deck_empty", MappingProxyType({"deck": deck_key})))
    if gold < deck.price:
        out.append(Violation("card_gold", MappingProxyType({"cost": deck.price, "budget": gold})))
    if entered is not None:
        if entered not in {c.key for c in deck_cards(cards, options, deck_key)}:
            out.append(Violation("card_not_in_deck", MappingProxyType({"card": entered, "deck": deck_key})))
        elif entered in set(drawn):
            out.append(Violation("card_already_drawn", MappingProxyType({"card": entered})))
    return tuple(out)


INDUCEMENT_MODES = frozenset({"inducements", "replace"})


def paid_with_inducements(options: CardParameters | None) -> bool:
    """Whether a card is paid from the side's inducement gold: where cards join the inducement list
    or replace it (LRB6 p.34 L4412-4461; PBBL P43), not from a card budget of their own."""
    return bool(options and options.mode in INDUCEMENT_MODES)


def with_inducement_cards(
    found: tuple[Violation, ...], options: CardParameters | None, *, empty: bool, cards: int, budget: int
) -> tuple[Violation, ...]:
    """An inducement order's refusals where its cards share the inducement gold. `found`: what
    check_inducements refused with the budget less `cards` (the gold of the cards already bought);
    `budget`: the whole of it; `empty`: whether the order buys nothing. Its over-budget refusal
    names the cards; with cards replacing the inducement list, the order may hold nothing else."""
    out = list(found)
    if cards:
        out = [
            Violation("over_budget_with_cards", MappingProxyType({**v.params, "cards": cards, "budget": budget}))
            if v.code == "over_budget"
            else v
            for v in out
        ]
    if options is not None and options.mode == "replace" and not empty:
        out.insert(0, Violation("cards_replace_inducements"))
    return tuple(out)
