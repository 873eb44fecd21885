"""Shirt numbers: which one a player takes when his own is worn.

Numbers identify a team's active players (the unique constraint player_unique_active_number, the
MVP draw numbering its candidates in shirt-number order). No shipped ruleset has a numbering rule
of its own: a player takes the lowest free number from 1 to 99, as a hire does
(teams.services.roster) and as a journeyman does (matches.services.prematch.new_journeymen).
"""

from __future__ import annotations

from collections.abc import Collection

NUMBERS = range(1, 100)


class NoFreeNumber(ValueError):
    """Every number from 1 to 99 is worn (a roster holds at most 16 players: never in play)."""


def lowest_free_number(taken: Collection[int]) -> int:
    """The lowest number from 1 to 99 that no active team-mate wears."""
    for number in NUMBERS:
        if number not in taken:
            return number
    raise NoFreeNumber("every shirt number from 1 to 99 is worn")


def number_back(own: int, taken: Collection[int]) -> int:
    """The number a player given back to his team wears: his own when it is free, else the lowest free."""
    return own if own not in taken else lowest_free_number(taken)
