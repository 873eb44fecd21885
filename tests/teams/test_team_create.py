"""Team creation through the service a coach uses: legal teams, refusals, ledger, team value."""

from __future__ import annotations

import pytest

from teams.errors import TeamRuleError
from teams.models import AppendOnlyError, Player, Team, TreasuryEntry
from teams.selectors import compute_team_value, ledger_balance
from teams.services import PlayerOrder, team_create, treasury_post

pytestmark = pytest.mark.django_db


def orders(*spec: tuple[str, int]) -> list[PlayerOrder]:
    return [PlayerOrder(position=pos, name=f"{pos} {i}") for pos, n in spec for i in range(n)]


HUMANS = orders(("lineman", 7), ("catcher", 2), ("thrower", 1), ("blitzer", 2))  # 740,000


def test_legal_human_team_costs_and_value_match_the_rulebook(league, coach_alice):
    team = team_create(
        league=league,
        coach=coach_alice,
        name="Reavers",
        race="human",
        players=HUMANS,
        rerolls=3,
        fan_factor=3,
        assistant_coaches=1,
        cheerleaders=1,
        apothecary=True,
    )
    # 7×50k + 2×70k + 70k + 2×90k = 740k; re-rolls 3×50k; FF 3×10k; staff 2×10k; apothecary 50k.
    assert team.treasury == 1_000_000 - 740_000 - 150_000 - 30_000 - 20_000 - 50_000 == 10_000
    assert team.team_value == 990_000
    assert team.status == Team.Status.READY
    assert team.players.count() == 12
    assert ledger_balance(team) == team.treasury
    assert compute_team_value(team) == team.team_value
    assert sorted(team.players.values_list("number", flat=True)) == list(range(1, 13))


@pytest.mark.parametrize(
    "kwargs, expected",
    [
        ({"players": orders(("lineman", 10))}, "at least 11 players"),
        ({"players": orders(("lineman", 17))}, "at most 16 players"),
        ({"players": orders(("lineman", 7), ("blitzer", 5))}, "Blitzer: at most 4 players"),
        ({"players": orders(("lineman", 11), ("ogre", 1)), "rerolls": 9}, "at most 8 team re-rolls"),
        ({"players": orders(("lineman", 6), ("blitzer", 4), ("catcher", 4), ("ogre", 1))}, "over the 1"),
        ({"players": orders(("lineman", 11)), "fan_factor": 10}, "between 0 and 9"),
    ],
)
def test_illegal_teams_are_refused_with_their_own_message_and_nothing_is_written(league, coach_alice, kwargs, expected):
    with pytest.raises(TeamRuleError) as info:
        team_create(league=league, coach=coach_alice, name="Bad", race="human", **kwargs)
    assert any(expected in m for m in info.value.messages), info.value.messages
    assert not Team.objects.exists() and not TreasuryEntry.objects.exists() and not Player.objects.exists()


def test_no_apothecary_for_undead(league, coach_alice):
    with pytest.raises(TeamRuleError) as info:
        team_create(
            league=league,
            coach=coach_alice,
            name="Dead",
            race="undead",
            players=orders(("skeleton", 11)),
            apothecary=True,
        )
    assert info.value.messages == ["This team may not hire an apothecary."]


def test_every_broken_rule_is_listed_at_once(league, coach_alice):
    with pytest.raises(TeamRuleError) as info:
        team_create(
            league=league,
            coach=coach_alice,
            name="",
            race="khemri",
            players=orders(("skeleton", 5)),
            apothecary=True,
            rerolls=9,
        )
    assert len(info.value.messages) == 4  # name, too few players, re-rolls, apothecary


def test_duplicate_team_name_in_league_is_refused(league, coach_alice):
    team_create(league=league, coach=coach_alice, name="Reavers", race="human", players=HUMANS)
    with pytest.raises(TeamRuleError, match="already plays"):
        team_create(league=league, coach=coach_alice, name="reavers", race="human", players=HUMANS)


def test_ledger_is_append_only_and_idempotent_by_key(league, coach_alice):
    team = team_create(league=league, coach=coach_alice, name="Reavers", race="human", players=HUMANS)
    entry = team.ledger.first()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    entry.memo = "changed"
    with pytest.raises(AppendOnlyError):
        entry.save()
    before = team.treasury
    assert treasury_post(team=team, kind="correction", amount=20_000, key="fix:1") is not None
    assert treasury_post(team=team, kind="correction", amount=20_000, key="fix:1") is None
    team.refresh_from_db()
    assert team.treasury == before + 20_000 == ledger_balance(team)
