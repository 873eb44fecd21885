"""Dice sources and the 2D6 weather / kick-off tables (seed 000 p.19-20)."""

from __future__ import annotations

import pytest

from league.rules import Dice, DiceError, Ruleset, ScriptedDice, SeededDice, kickoff, roll_many, weather


def test_seeded_dice_replay() -> None:
    first, second = SeededDice(42), SeededDice(42)
    rolls = [first.roll(6) for _ in range(50)]
    assert rolls == [second.roll(6) for _ in range(50)]
    assert all(1 <= r <= 6 for r in rolls)
    assert first.history[0] == (6, rolls[0])
    assert isinstance(first, Dice) and isinstance(ScriptedDice([]), Dice)


def test_scripted_dice() -> None:
    dice = ScriptedDice([3, 8, 1])
    assert roll_many(dice, 1, 6) == (3,)
    assert dice.roll(8) == 8
    assert dice.remaining == 1
    assert dice.roll(6) == 1
    with pytest.raises(DiceError, match="no die value left: a D6 was asked for after all 3"):
        dice.roll(6)


def test_scripted_dice_out_of_range() -> None:
    with pytest.raises(DiceError, match="entered value #1: 7 is not a possible D6 result"):
        ScriptedDice([7]).roll(6)
    with pytest.raises(DiceError, match="at least 2 sides"):
        SeededDice(1).roll(1)


@pytest.mark.parametrize(
    ("total", "key", "fr"),
    [
        (2, "sweltering_heat", "Canicule"),
        (3, "very_sunny", "Très Ensoleillé"),
        (4, "nice", "Clément"),
        (7, "nice", "Clément"),
        (10, "nice", "Clément"),
        (11, "pouring_rain", "Averse"),
        (12, "blizzard", "Blizzard"),
    ],
)
def test_weather(rs: Ruleset, total: int, key: str, fr: str) -> None:
    entry = weather(rs, total)
    assert (entry.key, entry.name("fr")) == (key, fr)


@pytest.mark.parametrize(
    ("total", "key", "fr"),
    [
        (2, "get_the_ref", "À mort l’Arbitre !"),
        (3, "riot", "Émeute"),
        (4, "perfect_defence", "Défense Parfaite"),
        (5, "high_kick", "Chandelle"),
        (6, "cheering_fans", "Supporters"),
        (7, "changing_weather", "Changement de Météo"),
        (8, "brilliant_coaching", "Entraînement"),
        (9, "quick_snap", "Surprise !"),
        (10, "blitz", "Blitz !"),
        (11, "throw_a_rock", "Rocher"),
        (12, "pitch_invasion", "Invasion du terrain"),
    ],
)
def test_kickoff(rs: Ruleset, total: int, key: str, fr: str) -> None:
    entry = kickoff(rs, total)
    assert (entry.key, entry.name("fr")) == (key, fr)


@pytest.mark.parametrize("bad", [1, 13, 0])
def test_tables_refuse_impossible_totals(rs: Ruleset, bad: int) -> None:
    with pytest.raises(ValueError, match="2-12"):
        weather(rs, bad)
    with pytest.raises(ValueError, match="2-12"):
        kickoff(rs, bad)


def test_weather_effects_read_in_both_languages():
    from league.rules import load_ruleset, weather

    rain = weather(load_ruleset("lrb6"), 11)
    assert "-1" in rain.effect("en") and rain.effect("en") == rain.effect_en
    assert rain.effect("fr").startswith("-1 pour attraper") and rain.effect("fr-ca") == rain.effect_fr
