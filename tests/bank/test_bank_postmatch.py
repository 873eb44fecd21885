"""A ruleset with a bank, end to end through the pages: the coach moves gold into the bank on the
result sheet, the bank pays spiralling expenses after the next match, refusals are worded and
write nothing, and running the sequence again writes nothing twice.

The arithmetic (LRB6 copied, spiralling expenses from 500,000 gp: 10,000 gp for an 11-lineman team):
both teams start with 1,000,000 - 11 x 50,000 = 450,000 gp. Match 1, 1-0: the winner earns
(4 + 0) x 10,000 + 10,000 = 50,000, the loser 2 x 10,000 = 20,000; both pay 10,000.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Decision, DiceRoll, Match, MatchEffect
from teams.models import TreasuryEntry
from teams.selectors import bank_balance, compute_team_value, ledger_balance
from tests.matches.test_views_support import login, report_data

pytestmark = pytest.mark.django_db


def result_url(match) -> str:
    return reverse("matches:result", args=[match.pk])


def play(client, match, alice, bob, capture, **fields) -> Match:
    """Alice enters and submits the sheet, Bob confirms it: the post-match sequence runs."""
    response = login(client, alice).post(result_url(match), report_data(match, action="submit", **fields))
    assert response.status_code == 302, messages(client, match)
    with capture(execute=True):
        login(client, bob).post(reverse("matches:confirm", args=[match.pk]))
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    return match


def messages(client, match) -> str:
    return client.get(result_url(match)).text


def entries(match) -> list[tuple[str, str, str, int, str]]:
    rows = TreasuryEntry.objects.filter(match=match, account=TreasuryEntry.BANK) | TreasuryEntry.objects.filter(
        match=match, kind=TreasuryEntry.Kind.BANK_TRANSFER
    )
    return sorted(rows.values_list("team__name", "kind", "account", "amount", "key"))


def refresh(*teams):
    for team in teams:
        team.refresh_from_db()


def test_gold_goes_into_the_bank_then_pays_spiralling_expenses(
    client, bank_match_factory, bankers, spenders, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    first = bank_match_factory()
    page = login(client, coach_alice).get(result_url(first)).text
    assert 'id="bank-card"' in page and 'name="bank_home"' in page and 'name="se_bank_away"' in page
    first = play(client, first, coach_alice, coach_bob, capture, winnings_home=4, winnings_away=2, bank_home=50_000)
    refresh(bankers, spenders)
    # 450,000 + 50,000 winnings - 10,000 expenses - 50,000 into the bank; the loser moved nothing.
    assert (bankers.treasury, bank_balance(bankers)) == (440_000, 50_000)
    assert (spenders.treasury, bank_balance(spenders)) == (460_000, 0)
    pk = first.pk
    assert entries(first) == [
        ("Bankers", "bank_transfer", "bank", 50_000, f"match:{pk}:bank:home:bank"),
        ("Bankers", "bank_transfer", "treasury", -50_000, f"match:{pk}:bank:home"),
    ]
    for team in (bankers, spenders):  # the treasury never counts the bank, nor does the team value
        assert ledger_balance(team) == team.treasury
        assert compute_team_value(team) == team.team_value
    detail = client.get(first.get_absolute_url()).text
    assert 'data-step="bank"' in detail and "Bank</strong>" in detail
    assert "Into the bank: 50,000 gp (bank now 50,000 gp)." in detail
    assert "Bank: 50,000 gp" in detail  # the post-match summary
    sheet = client.get(bankers.get_absolute_url()).text
    assert 'id="team-bank">50,000<' in sheet and 'id="bank-balance">50,000<' in sheet
    assert 'id="team-treasury">440,000<' in sheet

    # Running the sequence again writes nothing twice (a redelivered task, a second call).
    from matches.services import postgame_run
    from matches.tasks import run_postgame

    before = (MatchEffect.objects.count(), TreasuryEntry.objects.count(), bank_balance(bankers))
    assert postgame_run(first.pk) is False
    run_postgame.delay(first.pk)
    assert (MatchEffect.objects.count(), TreasuryEntry.objects.count(), bank_balance(bankers)) == before

    # Match 2: the bank may pay the 10,000 owed, not more; the refusal is worded and nothing moves.
    second = bank_match_factory()
    data = report_data(second, action="submit", winnings_home=3, winnings_away=1, se_bank_home=20_000)
    response = login(client, coach_alice).post(result_url(second), data, follow=True)
    assert (
        "Spiralling expenses paid by the bank, Bankers [se_bank:home]: the bank cannot pay this much of the "
        "spiralling expenses. It held 50,000 gp before the match" in response.text
    )
    second.refresh_from_db()
    refresh(bankers)
    assert second.status == Match.Status.DRAFT  # saved as a draft, not submitted
    assert (bankers.treasury, bank_balance(bankers)) == (440_000, 50_000)

    play(
        client,
        second,
        coach_alice,
        coach_bob,
        capture,
        winnings_home=3,
        winnings_away=1,
        se_bank_home=10_000,
        bank_home=-20_000,
    )
    refresh(bankers, spenders)
    # The bank paid the 10,000 (nothing more from the treasury), then 20,000 came out of it:
    # 440,000 + (3 + 0) x 10,000 + 10,000 + 20,000; the other side paid its own from its treasury.
    assert (bankers.treasury, bank_balance(bankers)) == (500_000, 20_000)
    assert (spenders.treasury, bank_balance(spenders)) == (460_000 + 10_000 - 10_000, 0)
    pk = second.pk
    assert entries(second) == [
        ("Bankers", "bank_transfer", "bank", -20_000, f"match:{pk}:bank:home:bank"),
        ("Bankers", "bank_transfer", "treasury", 20_000, f"match:{pk}:bank:home"),
        ("Bankers", "spiralling_expenses", "bank", -10_000, f"match:{pk}:se_bank:home"),
    ]
    assert not TreasuryEntry.objects.filter(match=second, team=bankers, key=f"match:{pk}:se:home").exists()
    assert ledger_balance(bankers) == bankers.treasury and compute_team_value(bankers) == bankers.team_value
    detail = client.get(second.get_absolute_url()).text
    assert "Spiralling expenses paid by the bank: 10,000 gp (bank now 40,000 gp)." in detail
    assert "Nothing more paid from the treasury." in detail
    assert "Out of the bank, back in the treasury: 20,000 gp (bank now 20,000 gp)." in detail
    assert Decision.objects.get(match=second, key="se_bank:home").value == 10_000  # an int, as entered


def test_an_amount_the_bank_cannot_take_is_refused_and_nothing_is_written(
    client, bank_match_factory, bankers, coach_alice
):
    match = bank_match_factory()
    data = report_data(match, action="submit", winnings_home=4, bank_home=150_000)
    response = login(client, coach_alice).post(result_url(match), data, follow=True)
    assert (
        "Gold moved into the bank, Bankers [bank:home]: this amount cannot move between treasury and bank. "
        "The bank held 0 gp before the match and holds at most 100,000 gp" in response.text
    )
    match.refresh_from_db()
    bankers.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE and match.home_score is None
    assert not Decision.objects.filter(match=match).exists()
    assert list(DiceRoll.objects.filter(match=match).values_list("purpose", flat=True)) == ["weather"]
    assert (bankers.treasury, bank_balance(bankers)) == (450_000, 0)
    # Taking out what the bank does not hold is refused the same way.
    data = report_data(match, action="save", bank_home=-10_000)
    response = login(client, coach_alice).post(result_url(match), data, follow=True)
    assert "The bank held 0 gp before the match" in response.text
    assert not Decision.objects.filter(match=match).exists()


def test_a_ruleset_without_a_bank_shows_no_bank_field(client, league, coach_alice, commissioner, user_factory):
    from league.core.services import league_join

    from matches.services import PrematchInput, match_schedule, prematch_record
    from teams.services import PlayerOrder, team_create

    bob = user_factory("bob")
    league_join(league=league, user=bob)
    home, away = (
        team_create(
            league=league,
            coach=coach,
            name=name,
            race="human",
            players=[PlayerOrder("lineman", f"{name}{i}") for i in range(11)],
        )
        for coach, name in ((coach_alice, "Home"), (bob, "Away"))
    )
    match = match_schedule(league=league, home=home, away=away, by=commissioner)
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)
    page = login(client, coach_alice).get(result_url(match)).text
    assert 'id="bank-card"' not in page and "bank_home" not in page
    assert 'id="team-bank"' not in client.get(home.get_absolute_url()).text
