"""A ruleset with a bank, made for the test, and a league that plays it.

No shipped ruleset has a bank yet, and these tests must not depend on one that will: `banktest` is
LRB6 copied to tmp_path with a bank group (max 100,000 gp, pays spiralling expenses, treasury
first), the "bank" post-match step after the fan factor and a bank_transfer ledger kind.

How the league finds it: the loader reads its folders from league.rules.loading.loader.DATA_DIR at
call time, so the fixture points DATA_DIR at a folder holding `banktest` beside links to the shipped
rulesets, and empties load_ruleset's per-process cache before and after the test (loading a ruleset
takes about 10 ms). Every path of the site (league creation, league_ruleset, a match's snapshot)
then loads it by its key, exactly as a shipped one; nothing else is patched.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from league.rules import Ruleset
from tests.builders import lrb6_copy

KEY = "banktest"
BANK = """
[parameters.bank]
max_balance = 100000
pays_spiralling_expenses = true
expenses_default = "treasury_first"
"""


@pytest.fixture
def bank_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    yield from lrb6_copy(
        tmp_path,
        monkeypatch,
        KEY,
        replace=(('"fan_factor", "purchases"', '"fan_factor", "bank", "purchases"'),),
        toml_extra=BANK,
        append={"ledger_kinds.csv": "bank_transfer,Bank transfer,Virement bancaire,test ruleset\n"},
    )


@pytest.fixture
def bank_league(bank_ruleset, commissioner, coach_alice, coach_bob):
    """A league of the bank ruleset in which alice and bob coach; spiralling expenses start at
    500,000 gp of team value there (a house rule: a new team owes 10,000 gp after each match)."""
    from league.core.models import HouseRule
    from league.core.services import league_create, league_join

    league = league_create(name="Bank League", ruleset=KEY, commissioner=commissioner)
    for coach in (coach_alice, coach_bob):
        league_join(league=league, user=coach)
    HouseRule.objects.create(league=league, key="spiralling_expenses_threshold", value=500_000)
    return league


@pytest.fixture
def bankers(bank_league, coach_alice):
    from teams.services import PlayerOrder, team_create

    return team_create(
        league=bank_league,
        coach=coach_alice,
        name="Bankers",
        race="human",
        players=[PlayerOrder("lineman", f"H{i}") for i in range(1, 12)],
    )


@pytest.fixture
def spenders(bank_league, coach_bob):
    from teams.services import PlayerOrder, team_create

    return team_create(
        league=bank_league,
        coach=coach_bob,
        name="Spenders",
        race="orc",
        players=[PlayerOrder("lineman", f"O{i}") for i in range(1, 12)],
    )


@pytest.fixture
def bank_match_factory(bank_league, bankers, spenders, commissioner, coach_alice):
    """A scheduled match of the two teams, its pre-match sequence done (as tests/matches does)."""
    from matches.services import PrematchInput, match_schedule, prematch_record

    def make():
        match = match_schedule(league=bank_league, home=bankers, away=spenders, by=commissioner)
        return prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)

    return make
