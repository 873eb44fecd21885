"""Managing a ready team between matches, straight through the services."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from league.core.models import AuditEntry

from teams.errors import TeamRuleError
from teams.models import Player, Team, TreasuryEntry
from teams.selectors import compute_team_value, ledger_balance
from teams.services import (
    PlayerOrder,
    TeamOrder,
    player_fire,
    player_hire,
    player_rename,
    staff_fire,
    staff_hire,
    team_buy_reroll,
    team_create,
    team_make_ready,
    team_retire,
    team_save_draft,
    treasury_reverse,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def humans(league, coach_alice):
    players = [PlayerOrder("lineman", f"L{i}") for i in range(11)]  # 550,000
    return team_create(league=league, coach=coach_alice, name="Reavers", race="human", players=players)


def consistent(team: Team) -> None:
    team.refresh_from_db()
    assert ledger_balance(team) == team.treasury
    assert compute_team_value(team) == team.team_value


def test_hiring_costs_list_price_and_adds_it_to_team_value(humans, coach_alice):
    before_tv, before_gold = humans.team_value, humans.treasury
    player = player_hire(team=humans, position="blitzer", name="Griff", by=coach_alice)
    assert player.number == 12
    humans.refresh_from_db()
    assert humans.treasury == before_gold - 90_000 and humans.team_value == before_tv + 90_000
    consistent(humans)
    assert AuditEntry.objects.filter(team=humans, action="teams.player.hired", actor=coach_alice).exists()


def test_hire_refusals_write_nothing(humans, coach_alice):
    for _ in range(4):
        player_hire(team=humans, position="blitzer", name="B", by=coach_alice)
    entries, audits = TreasuryEntry.objects.count(), AuditEntry.objects.count()
    with pytest.raises(TeamRuleError, match="Blitzer: at most 4 players"):
        player_hire(team=humans, position="blitzer", name="Fifth", by=coach_alice)
    with pytest.raises(TeamRuleError, match="not a position"):
        player_hire(team=humans, position="dragon", name="X", by=coach_alice)
    with pytest.raises(TeamRuleError, match="Number 1 is not free"):
        player_hire(team=humans, position="lineman", name="X", number=1, by=coach_alice)
    assert (TreasuryEntry.objects.count(), AuditEntry.objects.count()) == (entries, audits)


def test_the_roster_is_full_at_16_and_the_treasury_must_cover_the_price(humans, coach_alice):
    for i in range(5):
        player_hire(team=humans, position="lineman", name=f"X{i}", by=coach_alice)
    with pytest.raises(TeamRuleError, match="roster is full"):
        player_hire(team=humans, position="lineman", name="17th", by=coach_alice)
    player_fire(player=humans.players.get(number=1), by=coach_alice)
    humans.refresh_from_db()
    assert humans.treasury == 1_000_000 - 16 * 50_000
    player_hire(team=humans, position="lineman", name="Again", by=coach_alice)
    player_fire(player=humans.players.get(number=2), by=coach_alice)
    player_fire(player=humans.players.get(number=3), by=coach_alice)
    player_hire(team=humans, position="lineman", name="Once more", by=coach_alice)
    with pytest.raises(TeamRuleError, match="treasury holds 100,000"):
        player_hire(team=humans, position="ogre", name="Too dear", by=coach_alice)


def test_firing_refunds_nothing_and_lowers_team_value(humans, coach_alice):
    gold, tv = humans.treasury, humans.team_value
    player_fire(player=humans.players.get(number=5), by=coach_alice)
    humans.refresh_from_db()
    assert humans.treasury == gold and humans.team_value == tv - 50_000
    assert humans.players.get(number=5).status == Player.Status.FIRED
    with pytest.raises(TeamRuleError):
        player_fire(player=humans.players.get(number=5), by=coach_alice)


def test_a_reroll_after_creation_costs_double_but_adds_list_price(humans, coach_alice):
    gold, tv = humans.treasury, humans.team_value
    team_buy_reroll(team=humans, by=coach_alice)
    humans.refresh_from_db()
    assert humans.treasury == gold - 100_000 and humans.team_value == tv + 50_000 and humans.rerolls == 1
    consistent(humans)


def test_reroll_maximum(league, coach_alice):
    team = team_create(
        league=league,
        coach=coach_alice,
        name="Max",
        race="human",
        players=[PlayerOrder("lineman", f"L{i}") for i in range(11)],
        rerolls=8,
    )
    with pytest.raises(TeamRuleError, match="at most 8 team re-rolls"):
        team_buy_reroll(team=team, by=coach_alice)


def test_staff_hire_and_release(humans, coach_alice):
    staff_hire(team=humans, kind="apothecary", by=coach_alice)
    staff_hire(team=humans, kind="cheerleaders", by=coach_alice)
    staff_hire(team=humans, kind="cheerleaders", by=coach_alice)
    humans.refresh_from_db()
    assert humans.apothecary and humans.cheerleaders == 2
    assert humans.treasury == 450_000 - 50_000 - 20_000
    with pytest.raises(TeamRuleError, match="already has an apothecary"):
        staff_hire(team=humans, kind="apothecary", by=coach_alice)
    staff_fire(team=humans, kind="cheerleaders", by=coach_alice)
    humans.refresh_from_db()
    assert humans.cheerleaders == 1 and humans.treasury == 380_000
    consistent(humans)


def test_undead_may_not_hire_an_apothecary(league, coach_alice):
    team = team_create(
        league=league,
        coach=coach_alice,
        name="Dead",
        race="undead",
        players=[PlayerOrder("skeleton", f"S{i}") for i in range(11)],
    )
    with pytest.raises(TeamRuleError, match="may not hire an apothecary"):
        staff_hire(team=team, kind="apothecary", by=coach_alice)


def test_rename_and_renumber(humans, coach_alice):
    player = humans.players.get(number=4)
    player_rename(player=player, name="Mighty Zug", number=44, by=coach_alice)
    player.refresh_from_db()
    assert (player.name, player.number) == ("Mighty Zug", 44)
    with pytest.raises(TeamRuleError, match="Number 1 is not free"):
        player_rename(player=player, name="Zug", number=1, by=coach_alice)


def test_retired_teams_cannot_change(humans, coach_alice):
    team_retire(team=humans, by=coach_alice)
    with pytest.raises(TeamRuleError, match="retired"):
        player_hire(team=humans, position="lineman", name="Late", by=coach_alice)


def test_other_coaches_may_not_touch_a_team_but_the_commissioner_may(humans, user_factory, commissioner):
    intruder = user_factory("mallory")
    with pytest.raises(PermissionDenied):
        player_hire(team=humans, position="lineman", name="Spy", by=intruder)
    player_hire(team=humans, position="lineman", name="Commish pick", by=commissioner)
    entry = AuditEntry.objects.filter(team=humans, action="teams.player.hired").first()
    assert entry.actor == commissioner


def test_draft_then_ready(league, coach_alice):
    order = TeamOrder(name="Slowly", race="orc", players=[PlayerOrder("lineman", f"O{i}") for i in range(5)])
    draft = team_save_draft(league=league, coach=coach_alice, order=order, by=coach_alice)
    assert draft.status == Team.Status.DRAFT and draft.treasury == 0 and not draft.ledger.exists()
    with pytest.raises(TeamRuleError, match="at least 11 players"):
        team_make_ready(team=draft, by=coach_alice)
    order = TeamOrder(name="Slowly", race="orc", players=[PlayerOrder("lineman", f"O{i}") for i in range(11)])
    draft = team_save_draft(league=league, coach=coach_alice, order=order, team=draft, by=coach_alice)
    ready = team_make_ready(team=draft, by=coach_alice)
    assert ready.status == Team.Status.READY and ready.treasury == 450_000 and ready.team_value == 550_000
    consistent(ready)


def test_drafts_still_obey_maxima_and_budget(league, coach_alice):
    order = TeamOrder(name="Greedy", race="human", players=[PlayerOrder("ogre", "A"), PlayerOrder("ogre", "B")])
    with pytest.raises(TeamRuleError, match="Ogre: at most 1 player"):
        team_save_draft(league=league, coach=coach_alice, order=order)


def test_non_members_cannot_create_teams(league, user_factory):
    stranger = user_factory("stranger")
    with pytest.raises(PermissionDenied):
        team_create(
            league=league,
            coach=stranger,
            name="Gatecrashers",
            race="human",
            players=[PlayerOrder("lineman", f"L{i}") for i in range(11)],
        )


def test_commissioner_reverses_a_ledger_entry_once(humans, commissioner, coach_alice):
    entry = humans.ledger.get(key="create:player:" + str(humans.players.get(number=1).pk))
    with pytest.raises(PermissionDenied):
        treasury_reverse(entry=entry, by=coach_alice)
    reversal = treasury_reverse(entry=entry, by=commissioner, memo="Refund: misprint")
    assert reversal.amount == 50_000
    with pytest.raises(TeamRuleError, match="already been reversed"):
        treasury_reverse(entry=entry, by=commissioner)
    consistent(humans)
