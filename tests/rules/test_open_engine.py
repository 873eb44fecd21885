"""The engine opened to every ruleset: steps by registry, optional parameter groups,
ruleset-declared vocabularies, each validated at load time with the file and line of the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.rules import BankParameters, RulesetDataError, RulesetParameterError
from league.rules.loading.loader import load_ruleset_from
from league.rules.postmatch import Decisions, MatchDice, plan_post_match
from league.rules.registry import POST_MATCH, order_problems

from .postmatch_helpers import base_dice, match, side

BANK = """
[parameters.bank]
max_balance = 100000
pays_spiralling_expenses = true
expenses_default = "treasury_first"
"""


def _edit(folder: Path, old: str, new: str) -> None:
    path = folder / "ruleset.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def banked(data_copy: Path) -> Path:
    """The LRB6 data with a bank (group and step) and no petty cash: the shape PBBL has."""
    _edit(data_copy, '"winnings", "petty_cash_return", "spiralling_expenses"', '"winnings", "spiralling_expenses"')
    _edit(data_copy, '"fan_factor", "purchases"', '"fan_factor", "bank", "purchases"')
    _edit(data_copy, "\n[standings]", BANK + "\n[standings]")
    with (data_copy / "ledger_kinds.csv").open("a", encoding="utf-8") as handle:
        handle.write("bank_transfer,Bank transfer,Virement à la banque,test\n")
    return data_copy


def test_a_group_exists_only_where_the_ruleset_declares_it(rs, banked: Path) -> None:
    assert rs.group(BankParameters) is None and "bank" not in rs.post_match_steps
    ruleset = load_ruleset_from(banked)
    bank = ruleset.group(BankParameters)
    assert bank == BankParameters(max_balance=100000, pays_spiralling_expenses=True, expenses_default="treasury_first")
    assert ruleset.parameter_values()["bank.max_balance"] == 100000
    assert "petty_cash_return" not in ruleset.post_match_steps and "bank" in ruleset.post_match_steps
    assert "bank_transfer" in ruleset.ledger_kinds


def test_group_house_rules_are_validated(rs, banked: Path) -> None:
    ruleset = load_ruleset_from(banked)
    house = ruleset.with_overrides({"bank.max_balance": 50000})
    assert house.group(BankParameters).max_balance == 50000  # type: ignore[union-attr]
    assert ruleset.group(BankParameters).max_balance == 100000  # type: ignore[union-attr]
    with pytest.raises(RulesetParameterError, match="not a multiple of 10000"):
        ruleset.with_overrides({"bank.max_balance": 55555})
    with pytest.raises(RulesetParameterError, match="no parameter group 'bank'"):
        rs.with_overrides({"bank.max_balance": 50000})  # a house rule cannot invent a bank


def test_an_unknown_group_or_a_missing_group_parameter_names_its_line(data_copy: Path) -> None:
    _edit(data_copy, "\n[standings]", "\n[parameters.vault]\nsize = 1\n\n[standings]")
    with pytest.raises(RulesetDataError) as caught:
        load_ruleset_from(data_copy)
    assert any("unknown parameter group [parameters.vault]" in p and "line" in p for p in caught.value.problems)


def test_a_group_missing_a_parameter_is_refused(data_copy: Path) -> None:
    _edit(data_copy, "\n[standings]", "\n[parameters.bank]\nmax_balance = 100000\n\n[standings]")
    with pytest.raises(RulesetDataError) as caught:
        load_ruleset_from(data_copy)
    assert any("missing parameter bank.'pays_spiralling_expenses'" in p for p in caught.value.problems)


def test_steps_come_from_the_registry_and_declare_their_order() -> None:
    assert {"mvp", "spp", "improvements", "winnings", "bank", "team_value"} <= set(POST_MATCH)
    assert order_problems(("spp", "mvp", "improvements")) == ["post-match step 'spp' must come after 'mvp'"]
    assert order_problems(("improvements",)) == ["post-match step 'spp' is missing (needed by 'improvements')"]
    assert order_problems(("winnings", "team_value")) == []  # a ruleset lists only the steps it has


def test_an_unknown_pre_match_step_is_refused(data_copy: Path) -> None:
    _edit(data_copy, 'pre_match_steps = ["weather",', 'pre_match_steps = ["tea", "weather",')
    with pytest.raises(RulesetDataError) as caught:
        load_ruleset_from(data_copy)
    assert any("unknown pre-match step 'tea'" in p and p.startswith("ruleset.toml line") for p in caught.value.problems)


def test_a_duplicate_ledger_kind_names_its_line(data_copy: Path) -> None:
    with (data_copy / "ledger_kinds.csv").open("a", encoding="utf-8") as handle:
        handle.write("winnings,Winnings again,Gains,test\n")
    with pytest.raises(RulesetDataError) as caught:
        load_ruleset_from(data_copy)
    assert any(p.startswith("ledger_kinds.csv line 12") and "duplicate ledger kind" in p for p in caught.value.problems)


def _banked_match(**home: object):  # type: ignore[no-untyped-def]
    values: dict[str, object] = {"roster_tv": 1_900_000, "treasury_before": 5_000, "bank_before": 60_000}
    values.update(home)
    return match(side("human", "h", **values), side("orc", "a", bank_before=0))


def test_the_bank_pays_what_the_treasury_cannot_by_default(banked: Path) -> None:
    ruleset = load_ruleset_from(banked)
    # 2,350,000 owes LRB6's 10,000 x (1 + 600,000 // 150,000) = 50,000 (LRB6's bands, a bank added).
    plan = plan_post_match(ruleset, _banked_match(roster_tv=2_350_000), MatchDice(base_dice()), Decisions())
    treasury = plan.effect("se:home")
    from_bank = plan.effect("se_bank:home")
    assert (from_bank.amount, from_bank.account, from_bank.bank) == (-5_000, "bank", 55_000)
    # The winnings (D6 3, FAME 0, a 0-0 draw with the bonus) came in first: 30,000 + 10,000 + 5,000 held.
    assert plan.effect("winnings:home").treasury == 45_000
    assert treasury.total == 50_000 and treasury.amount == -45_000 and treasury.treasury == 0


def test_the_coach_may_make_the_bank_pay_more(banked: Path) -> None:
    ruleset = load_ruleset_from(banked)
    report = _banked_match(roster_tv=1_900_000)  # owes 20,000, which the treasury could pay
    plan = plan_post_match(ruleset, report, MatchDice(base_dice()), Decisions({"se_bank:home": 20_000}))
    assert plan.effect("se_bank:home").amount == -20_000 and plan.effect("se:home").amount == 0


def test_a_bank_split_beyond_what_is_owed_is_refused(banked: Path) -> None:
    from league.rules.postmatch import InvalidInput

    ruleset = load_ruleset_from(banked)
    with pytest.raises(InvalidInput) as caught:
        plan_post_match(ruleset, _banked_match(), MatchDice(base_dice()), Decisions({"se_bank:home": 30_000}))
    assert [p.code for p in caught.value.problems] == ["bank_not_allowed"]


def test_bank_transfers_respect_the_cap_and_the_balances(banked: Path) -> None:
    from league.rules.postmatch import InvalidInput

    ruleset = load_ruleset_from(banked)
    report = _banked_match(roster_tv=1_000_000, treasury_before=200_000)
    plan = plan_post_match(ruleset, report, MatchDice(base_dice()), Decisions({"bank:home": 40_000}))
    moved = plan.effect("bank:home")
    assert (moved.kind, moved.amount, moved.bank) == ("bank_transfer", -40_000, 100_000)
    assert plan.treasury["home"] == 200_000 + 40_000 - 40_000  # winnings in, the transfer out
    out = plan_post_match(ruleset, report, MatchDice(base_dice()), Decisions({"bank:home": -60_000}))
    assert out.effect("bank:home").amount == 60_000 and out.effect("bank:home").bank == 0
    for refused in (50_000, -70_000):  # the cap of 100,000; more than the bank holds
        with pytest.raises(InvalidInput):
            plan_post_match(ruleset, report, MatchDice(base_dice()), Decisions({"bank:home": refused}))


def test_no_transfer_decided_moves_nothing_and_the_plan_does_not_wait(banked: Path) -> None:
    ruleset = load_ruleset_from(banked)
    plan = plan_post_match(ruleset, _banked_match(roster_tv=1_000_000), MatchDice(base_dice()), Decisions())
    assert not plan.by_step("bank")


def test_the_default_ruleset_is_data_and_must_be_shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from league.rules.loading import loader

    assert loader.default_ruleset_key() in loader.ruleset_keys()
    (tmp_path / "rulesets.toml").write_text('default = "nope"\n', encoding="utf-8")
    monkeypatch.setattr(loader, "DATA_DIR", tmp_path)
    loader.default_ruleset_key.cache_clear()
    try:
        with pytest.raises(RulesetDataError, match="'nope' is not a shipped ruleset"):
            loader.default_ruleset_key()
    finally:
        loader.default_ruleset_key.cache_clear()
