"""The holders' pre-match benefits, read from the ruleset's trophy data: the Dungeonbowl holder's
wizard for 50,000 instead of 150,000 (p.32 L4222-4226), and the Spike! holder's +2 on the gate roll
(p.32 L4140-4143), shown where the gate is entered since it is counted at the table."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.competitions.challenges.trophies.services import ensure_trophies, trophy_award

from league.rules import fans, load_ruleset
from league.rules.prematch.induce import InducementOrder
from matches.models import MatchInducement
from matches.services import MatchError, PrematchInput, prematch_record
from matches.services.scheduling import match_schedule

pytestmark = pytest.mark.django_db


def test_dungeonbowl_holder_buys_the_wizard_for_50000(client, league, commissioner, humans, orcs, coach_alice):
    dungeonbowl = ensure_trophies(league)["dungeonbowl"]
    trophy_award(trophy=dungeonbowl, team=humans, by=commissioner)
    match = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    wizard = InducementOrder({"wizard": 1})
    # The orcs (not the holder) with 100,000 of petty cash cannot pay the 150,000 wizard.
    with pytest.raises(MatchError) as refused:
        prematch_record(
            match=match,
            data=PrematchInput(weather_dice=(3, 4), away_petty_cash=100_000, away_inducements=wizard),
            by=commissioner,
        )
    assert any("150,000" in m or "150000" in m for m in refused.value.messages), refused.value.messages
    assert not MatchInducement.objects.exists()
    # The page shows the holder's price (the holders, stronger with their petty cash, choose first).
    from tests.matches.test_views_support import declare_petty_cash

    declare_petty_cash(match, home=100_000)
    client.force_login(commissioner)
    page = client.get(reverse("matches:prematch", args=[match.pk])).content.decode()
    assert "50,000 gp each" in page and "price for a trophy" in page
    done = prematch_record(
        match=match,
        data=PrematchInput(weather_dice=(3, 4), home_petty_cash=100_000, home_inducements=wizard),
        by=commissioner,
    )
    assert list(MatchInducement.objects.filter(match=done).values_list("key", "cost")) == [("wizard", 50_000)]


def test_spike_holder_adds_two_to_its_gate_roll(client, league, commissioner, humans, orcs, coach_alice):
    rs = load_ruleset("lrb6")
    bonus = rs.trophies["spike"].gate_roll_bonus
    assert fans(7, 5, rs, roll_bonus=bonus) == 14_000 and fans(7, 5, rs) == 12_000
    trophy_award(trophy=ensure_trophies(league)["spike"], team=orcs, by=commissioner)
    match = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=commissioner)
    client.force_login(coach_alice)
    page = client.get(reverse("matches:result", args=[match.pk])).content.decode()
    assert "Gouged Eye holds a trophy: +2 on its gate roll." in page and "Reavers holds a trophy" not in page
