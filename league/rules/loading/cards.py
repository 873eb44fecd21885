"""decks.csv, cards.csv and card_timings.csv: a ruleset's special play cards (catalogue/cards.py).

decks.csv: deck_key,name_en,name_fr,price,size,mergeable. cards.csv: card_key,deck_key,code,name_en,
name_fr,timing,effect_en,effect_fr,records, and optionally lasting (catalogue/cards.py LASTING: what a
played card leaves in the records). card_timings.csv: timing_key,name_en,name_fr. Every
file may carry a source column. A ruleset without decks.csv, or with one holding no row (a ruleset
built on another that has cards, whose own rulebook has none), has no cards; then its cards.csv
must be empty too. A ruleset with decks declares how its commissioner sells them
([parameters.cards]), and one without decks may not: the settings page offers card options only
where there are cards.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import MappingProxyType

from ..catalogue.cards import LASTING, Card, CardCatalogue, CardTiming, Deck
from .csvio import Problems, read_rows, unique_key
from .inherit import file_in

DECKS_FILE = "decks.csv"
CARDS_FILE = "cards.csv"
TIMINGS_FILE = "card_timings.csv"
FILES = (DECKS_FILE, CARDS_FILE, TIMINGS_FILE)
CARD_COLUMNS = ("card_key", "deck_key", "code", "name_en", "name_fr", "timing", "effect_en", "effect_fr", "records")


def _decks(folder: Path, problems: Problems, granularity: int) -> dict[str, Deck]:
    decks: dict[str, Deck] = {}
    seen: dict[object, int] = {}
    columns = ("deck_key", "name_en", "name_fr", "price", "size", "mergeable")
    for row in read_rows(folder, DECKS_FILE, columns, problems, granularity):
        key = row.text("deck_key")
        if not key:
            row.error("deck_key is empty")
            continue
        if not unique_key(row, key, seen, "deck"):
            continue
        price, size = row.integer("price", gp=True), row.integer("size")
        if price is not None and price <= 0:
            row.error(f"a draw must cost something, got price {price}")
        if size is not None and size <= 0:
            row.error(f"a deck holds at least one card, got size {size}")
        decks[key] = Deck(key, row.text("name_en"), row.text("name_fr"), price or 0, size or 0, row.flag("mergeable"))
    return decks


def _timings(folder: Path, problems: Problems) -> dict[str, CardTiming]:
    timings: dict[str, CardTiming] = {}
    seen: dict[object, int] = {}
    for row in read_rows(folder, TIMINGS_FILE, ("timing_key", "name_en", "name_fr"), problems, None):
        key = row.text("timing_key")
        if not key:
            row.error("timing_key is empty")
        elif unique_key(row, key, seen, "timing"):
            timings[key] = CardTiming(key, row.text("name_en"), row.text("name_fr"))
    return timings


def _cards(folder: Path, problems: Problems, decks: dict[str, Deck], timings: dict[str, CardTiming]) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    keys: dict[object, int] = {}
    codes: dict[object, int] = {}
    for row in read_rows(folder, CARDS_FILE, CARD_COLUMNS, problems, None, optional=("lasting",)):
        key, deck, code, timing = (row.text(c) for c in ("card_key", "deck_key", "code", "timing"))
        if not key:
            row.error("card_key is empty")
            continue
        if not unique_key(row, key, keys, "card"):
            continue
        if deck not in decks:
            row.error(f"unknown deck {deck!r} (decks.csv: {', '.join(decks) or 'none'})")
        if timing not in timings:
            row.error(f"unknown timing {timing!r} (card_timings.csv: {', '.join(timings) or 'none'})")
        if not code:
            row.error("code is empty: the playing card that stands for it (rank, then suit where known)")
        else:
            unique_key(row, (deck, code), codes, "code in its deck")
        for column in ("name_en", "name_fr", "effect_en", "effect_fr"):
            if not row.text(column):
                row.error(f"{column} is empty")
        lasting = row.text("lasting")
        if lasting and lasting not in LASTING:
            row.error(f"unknown lasting effect {lasting!r} (one of {', '.join(LASTING)}, or empty)")
        if lasting and not row.flag("records"):
            row.error("a card with a lasting effect touches the league's records: records = yes")
        cards[key] = Card(
            key,
            deck,
            code,
            row.text("name_en"),
            row.text("name_fr"),
            timing,
            row.text("effect_en"),
            row.text("effect_fr"),
            row.flag("records"),
            lasting,
        )
    return cards


def load_cards(
    folder: Path, problems: Problems, granularity: int, *, declared: bool, where: int | None
) -> CardCatalogue:
    """The ruleset's decks, cards and timings. `declared`: whether ruleset.toml has
    [parameters.cards] (at line `where`)."""
    if not file_in(folder, DECKS_FILE).is_file():
        decks: dict[str, Deck] = {}
    else:
        decks = _decks(folder, problems, granularity)
    if not decks:
        if file_in(folder, CARDS_FILE).is_file() and read_rows(folder, CARDS_FILE, CARD_COLUMNS, problems, None):
            problems.add(CARDS_FILE, None, "cards are listed but decks.csv has no deck")
        if declared:
            problems.add("ruleset.toml", where, "[parameters.cards] is declared but decks.csv has no deck")
        return CardCatalogue()
    timings = _timings(folder, problems)
    cards = _cards(folder, problems, decks, timings)
    counts = Counter(card.deck for card in cards.values())
    for deck in decks.values():
        if counts[deck.key] != deck.size:
            problems.add(
                CARDS_FILE, None, f"deck {deck.key!r} holds {counts[deck.key]} cards, decks.csv says {deck.size}"
            )
    if not declared:
        problems.add("ruleset.toml", where, "the ruleset has decks: declare [parameters.cards] (how they are sold)")
    return CardCatalogue(MappingProxyType(decks), MappingProxyType(cards), MappingProxyType(timings))
