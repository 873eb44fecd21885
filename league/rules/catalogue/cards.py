"""Special play cards as ruleset data: the decks (decks.csv), the cards (cards.csv) and the moments
a card may be played (card_timings.csv).

A card keeps a stable key, its deck, its rank/suit code as the playing card that stands for it
(LRB6 builds the seven decks from two ordinary packs, seed 000 p.34 L4412-4461), its timing code
and whether its effect touches league records (an injury, a player's availability or MVP
eligibility: spec §11's ★, PBBL A15), so that buying, drawing and playing them can follow.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

# The suit letters of a card's code, as the playing card shows them.
SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}

# What a played card leaves in the league's records after the match (cards.csv `lasting`; the
# post-match sequence applies it, league/rules/postmatch/card_plays.py), spec §11 ★ and PBBL A14-A15:
# - "cancel_casualty": one player of the card's side with an injury of 41 or more counts as KO'd
#   instead (LRB6 Miracle Worker, p.40 L5384): the casualty leaves nothing;
# - "cancel_death": one player of the card's side killed in the match is KO'd instead (PBBL
#   Miracle Worker, A15: the death is cancelled outright);
# - "sponge": one player of the card's side back from Dead and Injured: his injury is erased where
#   the league says so (A15's recommendation, CardParameters.sponge_erases_injury), else nothing lasts;
# - "not_mvp": one opponent misses the match and so may not be MVP (the Assassin cards, A14).
# A card without one changes nothing lasting: temporary players, skills and characteristics a card
# gives are never written to a roster (A15).
LASTING = ("cancel_casualty", "cancel_death", "sponge", "not_mvp")


def _pick(lang: str, en: str, fr: str) -> str:
    return fr if lang.lower().startswith("fr") and fr else en


@dataclass(frozen=True, slots=True)
class Deck:
    key: str
    name_en: str
    name_fr: str
    price: int  # gold for one random draw
    size: int  # how many cards the deck holds (the rulebook's count, checked against cards.csv)
    # One of the decks a league may shuffle into a single deck (LRB6: the four 50,000 decks).
    mergeable: bool = False

    def name(self, lang: str) -> str:
        return _pick(lang, self.name_en, self.name_fr)


@dataclass(frozen=True, slots=True)
class CardTiming:
    key: str  # the code printed with the card: PRE, SOT, EOT...
    name_en: str
    name_fr: str

    def name(self, lang: str) -> str:
        return _pick(lang, self.name_en, self.name_fr)


@dataclass(frozen=True, slots=True)
class Card:
    key: str
    deck: str
    code: str  # rank then suit letter ("QH": the queen of hearts); a rank alone where the suit is unknown
    name_en: str
    name_fr: str
    timing: str
    effect_en: str
    effect_fr: str
    records: bool  # its effect reaches the league's records (injuries, availability, MVP)
    lasting: str = ""  # what it leaves in the records after the match (LASTING), "" for nothing

    def name(self, lang: str) -> str:
        return _pick(lang, self.name_en, self.name_fr)

    def effect(self, lang: str) -> str:
        return _pick(lang, self.effect_en, self.effect_fr)

    @property
    def label(self) -> str:
        """The playing card as printed: "Q♥"; a code without a suit letter as it is."""
        rank, suit = self.code[:-1], self.code[-1:]
        return rank + SUITS[suit] if rank and suit in SUITS else self.code


@dataclass(frozen=True, slots=True)
class CardCatalogue:
    """A ruleset's decks, cards and timings, each by key in its file's order (all empty: no cards)."""

    decks: Mapping[str, Deck] = field(default_factory=lambda: MappingProxyType({}))
    cards: Mapping[str, Card] = field(default_factory=lambda: MappingProxyType({}))
    timings: Mapping[str, CardTiming] = field(default_factory=lambda: MappingProxyType({}))

    def __bool__(self) -> bool:
        return bool(self.decks)
