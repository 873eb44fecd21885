"""The engine's pre-match mechanisms switched on by data: choice steps ([pre_match_choices.<step>]),
inducements priced "league" (seed 003 D3), the card gold of the winnings (seed 002 H:L101), and the
inducement money of a match of three or more teams (seed 003 D:L195, spec §3.6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.rules import (
    InducementOrder,
    RulesetDataError,
    check_inducements,
    inducement_cost,
    inducement_money,
    inducement_money_among,
    league_price_missing,
    load_ruleset,
    load_ruleset_from,
)
from league.rules.postmatch.card_gold import has_card_gold

PITCH = """
[pre_match_choices.pitch]
name_en = "Pitch"
name_fr = "Terrain"
chooser = "receiving"
chooser_en = "The receiving team"
chooser_fr = "L'équipe qui reçoit"
default = "grass"
options = [
  { key = "grass", name_en = "Grass", name_fr = "Herbe" },
  { key = "ice", name_en = "Ice", name_fr = "Glace", effect_en = "GFI on 3+.", effect_fr = "Sprint sur 3+." },
]
"""
ITEMS = "random_event_cards,Random Event card,Carte d'événement,4,,league,,,any,,D3\n"


def _problems(folder: Path) -> str:
    with pytest.raises(RulesetDataError) as info:
        load_ruleset_from(folder)
    return "\n".join(info.value.problems)


def _edit(folder: Path, old: str = "", new: str = "", extra: str = "") -> None:
    toml = folder / "ruleset.toml"
    text = toml.read_text(encoding="utf-8")
    assert old in text
    toml.write_text(text.replace(old, new, 1) + extra, encoding="utf-8")


def _items(folder: Path, rows: str = ITEMS) -> None:
    with (folder / "inducements.csv").open("a", encoding="utf-8") as handle:
        handle.write(rows)


def test_a_choice_step_is_declared_in_data_and_listed_like_any_step(data_copy: Path) -> None:
    _edit(data_copy, 'pre_match_steps = ["weather", ', 'pre_match_steps = ["weather", "pitch", ', PITCH)
    ruleset = load_ruleset_from(data_copy)
    assert ruleset.pre_match_steps[:2] == ("weather", "pitch")
    choice = ruleset.pre_match_choices["pitch"]
    assert (choice.chooser, choice.chooser_name("fr"), choice.default) == ("receiving", "L'équipe qui reçoit", "grass")
    ice = choice.option("ice")
    assert ice is not None and (ice.name("fr"), ice.effect("fr"), ice.effect("en")) == (
        "Glace",
        "Sprint sur 3+.",
        "GFI on 3+.",
    )
    assert choice.option("lava") is None
    assert load_ruleset("lrb6").pre_match_choices == {}


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('default = "grass"', 'default = "lava"', "[pre_match_choices.pitch] default is not one of its options"),
        ('chooser = "receiving"', "", "[pre_match_choices.pitch] needs text"),
        (
            'default = "grass"',
            'default = "grass"\ncolour = "green"',
            "unknown key(s) colour in [pre_match_choices.pitch]",
        ),
        ('{ key = "grass",', '{ key = "ice",', "option 'ice' is given twice"),
        ('{ key = "grass",', '{ size = 2, key = "grass",', "unknown option key(s) size"),
        ("[pre_match_choices.pitch]", "[pre_match_choices.petty_cash]", "'petty_cash' is not a free step name"),
    ],
)
def test_a_choice_step_the_loader_cannot_read_is_refused_with_its_reason(
    data_copy: Path, old: str, new: str, message: str
) -> None:
    _edit(data_copy, extra=PITCH.replace(old, new, 1))
    assert message in _problems(data_copy)


def test_card_gold_is_asked_where_the_card_options_say_so(data_copy: Path) -> None:
    assert has_card_gold(load_ruleset("fr_house")) and not has_card_gold(load_ruleset("lrb6"))
    assert not has_card_gold(load_ruleset("pbbl110")) and not has_card_gold(load_ruleset("classic3"))
    _edit(data_copy, "gold_in_winnings = false", "gold_in_winnings = true")
    ruleset = load_ruleset_from(data_copy)
    assert has_card_gold(ruleset)
    # A league that sells no cards asks for no card gold.
    assert not has_card_gold(ruleset.with_overrides({"cards.mode": "none"}))


def test_league_priced_items_are_bought_by_count(data_copy: Path) -> None:
    _items(data_copy)
    ruleset = load_ruleset_from(data_copy)
    # The league has not set the price: not for sale, whatever the budget.
    assert league_price_missing(ruleset, "random_event_cards") and not league_price_missing(ruleset, "wizard")
    events = InducementOrder(items={"random_event_cards": 1})
    found = check_inducements(ruleset, team_key="human", roster_size=11, order=events, budget=10**6)
    assert [(v.code, dict(v.params)) for v in found] == [
        ("inducement_price_unset", {"inducement": "random_event_cards"})
    ]
    priced = ruleset.with_overrides({"league_inducement_price": 60000})
    assert not league_price_missing(priced, "random_event_cards")
    assert inducement_cost(priced, "human", InducementOrder(items={"random_event_cards": 2})) == 120000
    five = InducementOrder(items={"random_event_cards": 5})
    assert [v.code for v in check_inducements(priced, team_key="human", roster_size=11, order=five, budget=10**6)] == [
        "inducement_max"
    ]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("cards,Cards,Cartes,,,fixed,,,any,,x\n", "a fixed-priced inducement needs a cost"),
        # Special play cards are sold from the decks, not as an inducement row.
        ("cards,Cards,Cartes,,50000,card,,,any,,x\n", "column 'pricing' must be one of"),
        ("events,Events,Événements,4,50000,league,,,any,,x\n", "a league-priced inducement has no cost"),
    ],
)
def test_a_fixed_item_needs_a_price_a_league_priced_item_has_none_and_cards_are_no_pricing(
    data_copy: Path, row: str, message: str
) -> None:
    _items(data_copy, row)
    assert message in _problems(data_copy)


def test_with_three_teams_each_measures_its_gap_against_the_highest_team_value() -> None:
    assert inducement_money_among([1000000, 1250000, 1100000]) == (250000, 0, 150000)
    assert inducement_money_among([900000, 900000, 900000, 800000]) == (0, 0, 0, 100000)
    # Two teams: the usual rule.
    assert inducement_money_among([1000000, 1250000]) == inducement_money(1000000, 1250000)
    for wrong in ([1000000], [1000000, -1], [1000000, 1.5]):
        with pytest.raises(ValueError):
            inducement_money_among(wrong)  # type: ignore[arg-type]
