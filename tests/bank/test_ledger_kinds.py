"""What a team's ledger may hold is its ruleset's: ledger kinds (ledger_kinds.csv), the bank account
(rulesets with a bank) and advancement kinds (value_modifiers.csv); entries are named by the ruleset."""

from __future__ import annotations

import pytest
from django.urls import reverse

from teams.errors import TeamRuleError
from teams.models import TreasuryEntry
from teams.selectors import bank_balance, ledger_balance
from teams.services import PlayerOrder, team_create, treasury_post, treasury_post_many
from teams.services.improvements import check_advancement_kind

pytestmark = pytest.mark.django_db


@pytest.fixture
def lrb6_team(league, coach_alice):
    return team_create(
        league=league,
        coach=coach_alice,
        name="Reavers",
        race="human",
        players=[PlayerOrder("lineman", f"H{i}") for i in range(11)],
    )


def snapshot(team):
    team.refresh_from_db()
    return team.treasury, team.team_value, team.ledger.count()


def test_a_kind_or_an_account_outside_the_ruleset_is_refused_and_nothing_is_written(lrb6_team):
    before = snapshot(lrb6_team)
    with pytest.raises(TeamRuleError, match="“bank_transfer” is not a kind of ledger entry of the ruleset LRB6"):
        treasury_post(team=lrb6_team, kind="bank_transfer", amount=-10_000, key="test:transfer")
    with pytest.raises(TeamRuleError, match="“lottery” is not a kind of ledger entry"):
        treasury_post_many(team=lrb6_team, entries=[("winnings", 10_000, "test:a", ""), ("lottery", 5, "test:b", "")])
    with pytest.raises(TeamRuleError, match="has no account “bank”"):
        treasury_post(team=lrb6_team, kind="correction", amount=10_000, key="test:bank", account="bank")
    assert snapshot(lrb6_team) == before
    # The ruleset's own kinds still go through, named by the ruleset.
    assert treasury_post(team=lrb6_team, kind="winnings", amount=10_000, key="test:ok") is not None
    assert lrb6_team.treasury == before[0] + 10_000 == ledger_balance(lrb6_team)


def test_the_bank_account_exists_only_where_the_ruleset_has_a_bank(client, bankers, commissioner):
    entry = treasury_post(team=bankers, kind="correction", amount=30_000, key="test:bank", account="bank")
    bankers.refresh_from_db()
    assert entry.account == "bank" and bank_balance(bankers) == 30_000
    assert bankers.treasury == 450_000 == ledger_balance(bankers)  # the treasury does not move
    # A commissioner's reversal of a bank entry is a bank entry: the treasury still does not move.
    client.force_login(commissioner)
    response = client.post(reverse("teams:treasury_reverse", args=[bankers.pk, entry.pk]), {"memo": ""})
    assert response.status_code == 302
    bankers.refresh_from_db()
    reversal = TreasuryEntry.objects.get(key=f"reverse:{entry.pk}")
    assert (reversal.account, reversal.amount, bank_balance(bankers), bankers.treasury) == ("bank", -30_000, 0, 450_000)
    # The API lists both accounts, each entry named by the ruleset.
    rows = client.get(f"/api/teams/{bankers.pk}/ledger/?limit=50").json()["results"]
    assert [(r["kind_display"], r["account"], r["amount"]) for r in rows[-2:]] == [
        ("Correction", "bank", 30_000),
        ("Correction", "bank", -30_000),
    ]


def test_ledger_kinds_are_shown_with_the_rulesets_names(client, lrb6_team):
    page = client.get(lrb6_team.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").text
    ledger = page[page.index('id="ledger"') :]
    assert "Starting budget" in ledger and "Player hired" in ledger
    rows = client.get(f"/api/teams/{lrb6_team.pk}/ledger/?limit=1", HTTP_ACCEPT_LANGUAGE="fr").json()["results"]
    assert (rows[0]["kind"], rows[0]["kind_display"], rows[0]["account"]) == (
        "starting_budget",
        "Budget de départ",
        "treasury",
    )


def test_advancement_kinds_are_the_rulesets(bank_ruleset):
    check_advancement_kind(bank_ruleset, "ma_increase")
    with pytest.raises(TeamRuleError, match="“tentacles” is not an improvement of the ruleset"):
        check_advancement_kind(bank_ruleset, "tentacles")
