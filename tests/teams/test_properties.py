"""Property: whatever coaches and commissioners do, the kept figures equal a full recomputation.

Random sequences of hires, fires, re-roll purchases, staff changes, renames and ledger reversals
(refusals included) run against one team; after every step the kept team value equals the rules
engine's value of the roster, and the kept treasury equals the sum of the ledger.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from teams.errors import TeamRuleError
from teams.models import Player
from teams.selectors import compute_team_value, ledger_balance
from teams.services import (
    STAFF,
    PlayerOrder,
    player_fire,
    player_hire,
    player_rename,
    staff_fire,
    staff_hire,
    team_buy_reroll,
    team_create,
    treasury_reverse,
)

pytestmark = pytest.mark.django_db

POSITIONS = ["lineman", "catcher", "thrower", "blitzer", "ogre"]
operation = st.one_of(
    st.tuples(st.just("hire"), st.sampled_from(POSITIONS)),
    st.tuples(st.just("fire"), st.integers(0, 30)),
    st.tuples(st.just("reroll"), st.none()),
    st.tuples(st.just("staff_hire"), st.sampled_from(STAFF)),
    st.tuples(st.just("staff_fire"), st.sampled_from(STAFF)),
    st.tuples(st.just("rename"), st.integers(1, 99)),
    st.tuples(st.just("reverse"), st.integers(0, 60)),
)
_names = itertools.count()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(operation, max_size=20))
def test_kept_value_and_balance_always_match_a_full_recomputation(league, coach_alice, commissioner, ops):
    team = team_create(
        league=league,
        coach=coach_alice,
        name=f"Prop {next(_names)}",
        race="human",
        players=[PlayerOrder("lineman", f"L{i}") for i in range(11)],
        rerolls=1,
    )
    for op, arg in ops:
        active = list(team.players.filter(status=Player.Status.ACTIVE).order_by("pk"))
        try:
            if op == "hire":
                player_hire(team=team, position=arg, name="New", by=coach_alice)
            elif op == "fire" and active:
                player_fire(player=active[arg % len(active)], by=coach_alice)
            elif op == "reroll":
                team_buy_reroll(team=team, by=coach_alice)
            elif op == "staff_hire":
                staff_hire(team=team, kind=arg, by=coach_alice)
            elif op == "staff_fire":
                staff_fire(team=team, kind=arg, by=commissioner)
            elif op == "rename" and active:
                player_rename(player=active[0], name="Renamed", number=arg, by=coach_alice)
            elif op == "reverse":
                entries = list(team.ledger.order_by("pk"))
                treasury_reverse(entry=entries[arg % len(entries)], by=commissioner)
        except TeamRuleError:
            pass  # a refusal must leave everything as it was: checked just below
        team.refresh_from_db()
        assert team.team_value == compute_team_value(team)
        assert team.treasury == ledger_balance(team)
