"""Petty cash is declared side by side in the ruleset's order (the higher team value
first, spec §6.2 and A2), each coach his own (the commissioner either), the second seeing the
first's amount; the pre-match then records the amounts declared."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import DiceRoll, Match
from matches.services import MatchError, PrematchInput, prematch_record
from teams.models import TreasuryEntry
from tests.matches.test_views_support import login

pytestmark = pytest.mark.django_db


def page(client, match) -> str:
    return client.get(reverse("matches:prematch", args=[match.pk])).content.decode()


def declare(client, match, side: str, amount: int, follow: bool = True):
    url = reverse("matches:petty_cash", args=[match.pk])
    return client.post(url, {"side": side, "amount": str(amount)}, follow=follow)


def section(html: str, side: str) -> str:
    start = html.index(f'id="petty-cash-{side}"')
    return html[start : html.index("Treasury:", start)]


def declared(match) -> tuple[bool, int, bool, int]:
    match.refresh_from_db()
    return (
        match.home_petty_cash_declared,
        match.home_petty_cash,
        match.away_petty_cash_declared,
        match.away_petty_cash,
    )


def test_each_coach_declares_in_turn_and_the_second_sees_the_first(client, scheduled, coach_alice, coach_bob, humans):
    # Reavers (home, 550,000) against Gouged Eye (580,000 with their fan factor): the orcs declare first.
    alice = login(client, coach_alice)
    html = page(alice, scheduled)
    assert "<strong>Gouged Eye</strong> declares first" in html
    assert 'name="amount"' not in html and "Waiting for Gouged Eye to declare." in section(html, "away")
    assert "Declares once Gouged Eye has." in section(html, "home")
    assert "Both sides declare their petty cash and choose their inducements before the weather" in html
    # The Reavers cannot declare first, nor for the orcs.
    refused = declare(alice, scheduled, "home", 100_000).content.decode()
    assert "Gouged Eye declares its petty cash first (the higher team value); Reavers declares after." in refused
    assert declare(alice, scheduled, "away", 0, follow=False).status_code == 403
    assert declared(scheduled) == (False, 0, False, 0)

    bob = login(client, coach_bob)
    assert 'name="amount"' in section(page(bob, scheduled), "away")
    declare(bob, scheduled, "away", 20_000)
    assert declared(scheduled) == (False, 0, True, 20_000)
    assert declare(bob, scheduled, "home", 0, follow=False).status_code == 403
    assert "already declared" in declare(bob, scheduled, "away", 50_000).content.decode()

    alice = login(client, coach_alice)
    html = page(alice, scheduled)
    assert "Declared: <strong>20,000</strong> gp moved into petty cash." in section(html, "away")
    assert 'name="amount"' in section(html, "home")
    declare(alice, scheduled, "home", 100_000)
    assert declared(scheduled) == (True, 100_000, True, 20_000)

    # Then the inducements, each side its own (the Reavers are now the stronger: they choose first),
    # and the pre-match records what was declared (the form has no petty cash of its own).
    choose = reverse("matches:inducements", args=[scheduled.pk])
    assert alice.post(choose, {"side": "home", "home_item_bribes": "1"}).status_code == 302
    bob = login(client, coach_bob)
    assert bob.post(choose, {"side": "away"}).status_code == 302
    response = bob.post(reverse("matches:prematch", args=[scheduled.pk]), {"weather_source": "server"})
    assert response.status_code == 302, response.content.decode()
    scheduled.refresh_from_db()
    assert (scheduled.status, scheduled.home_petty_cash, scheduled.away_petty_cash) == (
        "prematch_done",
        100_000,
        20_000,
    )
    out = TreasuryEntry.objects.filter(kind=TreasuryEntry.Kind.PETTY_CASH).values_list("team__name", "amount")
    assert sorted(out) == [("Gouged Eye", -20_000), ("Reavers", -100_000)]


def test_the_pre_match_waits_for_both_declarations(client, scheduled, coach_alice):
    response = login(client, coach_alice).post(
        reverse("matches:prematch", args=[scheduled.pk]), {"weather_source": "server"}
    )
    html = response.content.decode()
    assert "Gouged Eye has not declared its petty cash yet." in html
    assert "Reavers has not declared its petty cash yet." in html
    scheduled.refresh_from_db()
    assert scheduled.status == Match.Status.SCHEDULED and not DiceRoll.objects.exists()


def test_the_commissioner_declares_for_either_side_in_turn(client, scheduled, commissioner):
    boss = login(client, commissioner)
    html = page(boss, scheduled)
    assert 'name="amount"' in section(html, "away") and 'name="amount"' not in section(html, "home")
    assert "declares its petty cash first" in declare(boss, scheduled, "home", 0).content.decode()
    declare(boss, scheduled, "away", 0)
    declare(boss, scheduled, "home", 30_000)
    assert declared(scheduled) == (True, 30_000, True, 0)
    # A correction of the second side is still possible; the first's amount was seen and stays.
    declare(boss, scheduled, "home", 10_000)
    assert "can no longer change" in declare(boss, scheduled, "away", 50_000).content.decode()
    assert declared(scheduled) == (True, 10_000, True, 0)


def test_a_recorded_pre_match_cannot_contradict_a_declaration(scheduled, coach_bob):
    from matches.services import petty_cash_declare

    petty_cash_declare(match=scheduled, side="away", amount=20_000, by=coach_bob)
    with pytest.raises(MatchError) as refused:
        prematch_record(match=scheduled, data=PrematchInput(away_petty_cash=0), by=None)
    assert refused.value.messages == ["Gouged Eye declared 20000 gp of petty cash: the pre-match records that amount."]
    # A played match recorded whole (an import) gives both amounts at once.
    prematch_record(match=scheduled, data=PrematchInput(home_petty_cash=50_000, away_petty_cash=20_000), by=None)
    assert declared(scheduled) == (True, 50_000, True, 20_000)
