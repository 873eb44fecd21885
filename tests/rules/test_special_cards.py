"""Special play cards as ruleset data: decks.csv, cards.csv and card_timings.csv, read and checked
by league/rules/loading/cards.py, and the commissioner's card options ([parameters.cards])."""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from league.rules import RulesetDataError, RulesetParameterError, load_ruleset, load_ruleset_from
from league.rules.loading.loader import DATA_DIR
from league.rules.parameter_groups import CardParameters
from tests.rules.conftest import EditCsv

# The rulebooks' decks: cards and price per random draw (LRB6 p.35-42, PBBL P44-51).
DECKS = {
    "miscellaneous_mayhem": (13, 50000),
    "special_team_plays": (13, 50000),
    "magic_items": (13, 50000),
    "dirty_tricks": (13, 50000),
    "good_karma": (26, 100000),
    "random_events": (18, 200000),
    "desperate_measures": (8, 400000),
}


def _problems(folder: Path) -> tuple[str, ...]:
    with pytest.raises(RulesetDataError) as info:
        load_ruleset_from(folder)
    return info.value.problems


@pytest.mark.parametrize("key", ["lrb6", "pbbl110"])
def test_both_rulebooks_ship_their_seven_decks_card_by_card(key: str) -> None:
    catalogue = load_ruleset(key).special_cards
    assert {d.key: (d.size, d.price) for d in catalogue.decks.values()} == DECKS
    counts = Counter(card.deck for card in catalogue.cards.values())
    assert counts == {deck: size for deck, (size, _price) in DECKS.items()}
    assert len({(c.deck, c.code) for c in catalogue.cards.values()}) == 104
    for card in catalogue.cards.values():
        assert card.timing in catalogue.timings
        assert card.name_en and card.name_fr and card.effect_en and card.effect_fr


def test_lrb6_codes_are_playing_cards_and_its_starred_cards_touch_records() -> None:
    catalogue = load_ruleset("lrb6").special_cards
    miracle = catalogue.cards["miracle_worker"]
    assert (miracle.deck, miracle.code, miracle.label, miracle.timing) == ("good_karma", "4D", "4♦", "DE-")
    assert miracle.name("fr") == "Doigts de fée" and "41" in miracle.effect("en")
    assert catalogue.timings["DE-"].name("fr").startswith("À la fin d'une phase de jeu")
    # The spec's ★ (§11): injuries, availability, eligibility.
    assert {c.key for c in catalogue.cards.values() if c.records} == {
        "friendly_fans",
        "good_old_magic_codpiece",
        "spiked_ball",
        "doc_bonesaw",
        "miracle_worker",
        "iron_man",
        "kid_gloves",
        "magic_sponge",
        "assassination_attempt",
        "mysterious_old_medicine_man",
    }
    assert [d.key for d in catalogue.decks.values() if d.mergeable] == list(DECKS)[:4]


def test_pbbl_keeps_ranks_where_the_suits_are_lost_and_its_own_readings() -> None:
    catalogue = load_ruleset("pbbl110").special_cards
    first, second = catalogue.cards["all_out_blitz"], catalogue.cards["lurve_potion"]
    assert (first.code, first.label, second.code) == ("2a", "2a", "2b")
    assert catalogue.cards["miracle_worker"].timing == "SOT"  # PBBL: the death itself is cancelled (A15)
    assert "Dead" in catalogue.cards["miracle_worker"].effect_en
    assert set(catalogue.timings) == {"PRE", "KS", "KR", "RCV", "AKO", "SOT", "EOT", "EOT*", "DRV", "OTD", "PTM"}
    assert not any(d.mergeable for d in catalogue.decks.values())


def test_the_house_rules_inherit_the_decks_and_rulesets_without_cards_declare_none() -> None:
    base, house = load_ruleset("lrb6"), load_ruleset("fr_house")
    assert house.special_cards.cards == base.special_cards.cards
    # H10: the same decks, one price whatever the deck, no limit on draws; card gold in the winnings.
    assert house.group(CardParameters) == replace(
        base.group(CardParameters), max_draws=0, price=50000, gold_in_winnings=True
    )
    assert "special_play_cards" not in house.inducements
    assert {s.key: s.page for s in house.league_settings}["cards.price"] == "H:L78 (H10)"
    for key in ("dungeon_lutece", "classic3"):
        ruleset = load_ruleset(key)
        assert not ruleset.special_cards and ruleset.group(CardParameters) is None
        assert not any(s.key.startswith("cards.") for s in ruleset.league_settings)


def test_the_card_options_follow_each_rulebook() -> None:
    lrb6, pbbl = load_ruleset("lrb6").group(CardParameters), load_ruleset("pbbl110").group(CardParameters)
    assert lrb6 is not None and pbbl is not None
    assert (lrb6.mode, lrb6.max_draws, lrb6.budget_min, lrb6.budget_max) == ("inducements", 5, 50000, 200000)
    assert (pbbl.mode, pbbl.max_draws, pbbl.budget_min, pbbl.budget_max) == ("inducements", 0, 100000, 200000)
    assert lrb6.price == pbbl.price == 0  # each deck at its own price
    settings = {s.key: s for s in load_ruleset("lrb6").league_settings}
    assert (settings["cards.budget"].minimum, settings["cards.budget"].maximum) == (50000, 200000)
    assert [c.value for c in settings["cards.mode"].choices] == ["inducements", "none", "replace", "budget"]
    assert "cards.merged_decks" in settings
    assert settings["cards.price"].gp and settings["cards.price"].default == 0
    assert "cards.merged_decks" not in {s.key for s in load_ruleset("pbbl110").league_settings}


@pytest.mark.parametrize(("override", "message"), [(250000, "not between 50000 and 200000"), (40000, "not between")])
def test_a_budget_outside_the_rulebooks_range_is_refused(override: int, message: str) -> None:
    with pytest.raises(RulesetParameterError, match=message):
        load_ruleset("lrb6").with_overrides({"cards.budget": override})
    assert load_ruleset("lrb6").with_overrides({"cards.budget": 200000}).group(CardParameters).budget == 200000  # type: ignore[union-attr]


def test_an_unknown_deck_timing_or_a_duplicate_card_is_reported_with_its_line(
    data_copy: Path, edit_csv: EditCsv
) -> None:
    deck_line = edit_csv("cards.csv", match={"card_key": "eclipse"}, set={"deck_key": "mayhem"})
    timing_line = edit_csv("cards.csv", match={"card_key": "heckler"}, set={"timing": "HALF"})
    duplicate = edit_csv("cards.csv", match={"card_key": "chop_block"}, set={"card_key": "punt"})
    problems = _problems(data_copy)
    assert any(p.startswith(f"cards.csv line {deck_line}: unknown deck 'mayhem'") for p in problems)
    assert any(p.startswith(f"cards.csv line {timing_line}: unknown timing 'HALF'") for p in problems)
    assert any(p.startswith(f"cards.csv line {duplicate}: duplicate card 'punt'") for p in problems)
    # The decks the rows left are short of their rulebook count.
    assert "cards.csv: deck 'miscellaneous_mayhem' holds 12 cards, decks.csv says 13" in problems


def test_a_bad_deck_row_and_an_empty_effect_are_reported(data_copy: Path, edit_csv: EditCsv) -> None:
    line = edit_csv("decks.csv", match={"deck_key": "good_karma"}, set={"price": "105000"})
    effect = edit_csv("cards.csv", match={"card_key": "mine"}, set={"effect_fr": ""})
    code = edit_csv("cards.csv", match={"card_key": "ballista"}, set={"code": "2C"})
    problems = _problems(data_copy)
    assert f"decks.csv line {line}: column 'price' = 105000 is not a multiple of 10000 gp" in problems
    assert f"cards.csv line {effect}: effect_fr is empty" in problems
    assert any(p.startswith(f"cards.csv line {code}: duplicate code in its deck") for p in problems)


def test_an_unknown_timing_code_row_is_refused_and_timings_are_unique(data_copy: Path, edit_csv: EditCsv) -> None:
    line = edit_csv("card_timings.csv", append={"timing_key": "PRE", "name_en": "Again", "name_fr": "Encore"})
    assert any(p.startswith(f"card_timings.csv line {line}: duplicate timing 'PRE'") for p in _problems(data_copy))


def test_decks_and_the_card_options_go_together(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR / "lrb6", data / "lrb6")
    head = '[ruleset]\nkey = "child"\nname_en = "C"\nname_fr = "C"\nversion = "1"\nbase = "lrb6"\n'
    child = data / "child"
    child.mkdir()
    # Emptying the decks while keeping the base's card options is refused...
    (child / "ruleset.toml").write_text(head, encoding="utf-8")
    (child / "decks.csv").write_text("deck_key,name_en,name_fr,price,size,mergeable\n", encoding="utf-8")
    (child / "cards.csv").write_text((DATA_DIR / "lrb6" / "cards.csv").read_text(encoding="utf-8"), encoding="utf-8")
    problems = _problems(child)
    assert "cards.csv: cards are listed but decks.csv has no deck" in problems
    assert any("[parameters.cards] is declared but decks.csv has no deck" in p for p in problems)
    # ...dropping them with the options loads, without a card setting.
    (child / "cards.csv").write_text(
        "card_key,deck_key,code,name_en,name_fr,timing,effect_en,effect_fr,records\n", encoding="utf-8"
    )
    drop = [
        "parameters.cards",
        "settings.cards.mode",
        "settings.cards.budget",
        "settings.cards.merged_decks",
        "settings.cards.sponge_erases_injury",
        "settings.cards.price",
    ]
    (child / "ruleset.toml").write_text(head + f"drop = {drop!r}\n".replace("'", '"'), encoding="utf-8")
    assert not load_ruleset_from(child).special_cards
    # Decks without the options are refused: the settings page would offer none.
    (child / "decks.csv").unlink()
    (child / "cards.csv").unlink()
    assert any("declare [parameters.cards]" in p for p in _problems(child))


def test_a_budget_outside_its_range_in_the_data_is_refused(data_copy: Path) -> None:
    toml = data_copy / "ruleset.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("budget = 50000", "budget = 20000"), encoding="utf-8")
    assert any("budget 20000 is not between 50000 and 200000" in p for p in _problems(data_copy))
