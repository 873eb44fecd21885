"""Each coach chooses his own inducements, in the ruleset's order (the stronger side first, then
the underdog, who sees what the first bought: LRB6 p.28 L3642-3644), the commissioner for an absent
coach (audited); the pre-match then records what each side chose."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.core.models import AuditEntry
from matches.models import Match, MatchInducement
from tests.matches.test_views_support import declare_petty_cash, login

pytestmark = pytest.mark.django_db


def page(client, match) -> str:
    return client.get(reverse("matches:prematch", args=[match.pk])).content.decode()


def choose(client, match, side: str, follow: bool = True, **items: str):
    data = {"side": side, **items}
    return client.post(reverse("matches:inducements", args=[match.pk]), data, follow=follow)


def section(html: str, side: str) -> str:
    start = html.index(f'id="inducements-{side}"')
    return html[start : html.index("</section>", start)]


@pytest.fixture
def orcs_stronger(scheduled):
    """Gouged Eye moves 100,000 into petty cash: 680,000 against 550,000, the orcs buy first with
    their petty cash, the Reavers get 130,000 of inducement money."""
    declare_petty_cash(scheduled, home=0, away=100_000)
    return scheduled


def test_each_coach_chooses_in_turn_and_sees_the_others_purchases(client, orcs_stronger, coach_alice, coach_bob):
    match = orcs_stronger
    alice = login(client, coach_alice)
    html = page(alice, match)
    assert "Awaited: Gouged Eye chooses its inducements." in html
    assert "Waiting for Gouged Eye to choose its inducements." in section(html, "away")
    assert "Chooses once Gouged Eye has." in section(html, "home")
    assert 'name="home_item_bribes"' not in html and 'name="away_item_bribes"' not in html
    assert 'id="prematch-form"' not in html  # nothing to record yet
    # The Reavers cannot choose first, nor for the orcs.
    refused = choose(alice, match, "home", home_item_bribes="1").content.decode()
    assert "Gouged Eye chooses its inducements first (the stronger team); Reavers chooses after." in refused
    assert choose(alice, match, "away", follow=False, away_item_bribes="1").status_code == 403
    match.refresh_from_db()
    assert (match.home_inducements, match.away_inducements) == (None, None)

    bob = login(client, coach_bob)
    html = page(bob, match)
    assert 'name="away_item_bribes"' in section(html, "away") and 'name="home_item_bribes"' not in html
    choose(bob, match, "away", away_item_bribes="1")
    assert choose(bob, match, "home", follow=False, home_item_bribes="1").status_code == 403
    assert "already chosen" in choose(bob, match, "away", away_item_bribes="0").content.decode()

    alice = login(client, coach_alice)
    html = page(alice, match)
    assert "1 × Bribe" in section(html, "away") and "100,000" in section(html, "away")
    assert 'name="home_item_bribes"' in section(html, "home")
    assert "Awaited: Reavers chooses its inducements." in html
    choose(alice, match, "home", home_item_bloodweiser_babes="2")
    html = page(alice, match)
    assert "2 × Bloodweiser Babe" in section(html, "home") and 'id="prematch-form"' in html
    assert "Awaited: either coach records the weather and the pre-match." in html

    response = login(client, coach_bob).post(reverse("matches:prematch", args=[match.pk]), {"weather_source": "server"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE
    bought = sorted(MatchInducement.objects.filter(match=match).values_list("side", "key"))
    assert bought == [("away", "bribes"), ("home", "bloodweiser_babes"), ("home", "bloodweiser_babes")]


def test_a_choice_over_the_budget_is_refused_and_nothing_is_kept(client, orcs_stronger, coach_bob):
    bob = login(client, coach_bob)
    text = choose(bob, orcs_stronger, "away", away_item_wizard="1").content.decode()
    assert "150,000" in text  # over the 100,000 of petty cash
    orcs_stronger.refresh_from_db()
    assert orcs_stronger.away_inducements is None


def test_the_commissioner_chooses_for_an_absent_coach_and_it_is_audited(
    client, orcs_stronger, commissioner, coach_alice
):
    boss = login(client, commissioner)
    assert 'name="away_item_bribes"' in section(page(boss, orcs_stronger), "away")
    choose(boss, orcs_stronger, "away")
    choose(boss, orcs_stronger, "home", home_item_bribes="1")
    orcs_stronger.refresh_from_db()
    assert orcs_stronger.away_inducements == {"items": {}, "stars": [], "mercenaries": []}
    assert orcs_stronger.home_inducements["items"] == {"bribes": 1}
    entries = AuditEntry.objects.filter(action="matches.inducements.chosen").order_by("pk")
    assert [(e.actor, e.data["side"], e.data["for_absent_coach"]) for e in entries] == [
        (commissioner, "away", True),
        (commissioner, "home", True),
    ]
    # The first side's choice was seen by the second: even the commissioner cannot change it now.
    assert "can no longer change" in choose(boss, orcs_stronger, "away", away_item_bribes="1").content.decode()
    # A coach's own choice is audited as his.
    choose(login(client, coach_alice), orcs_stronger, "home")
    assert "already chosen" in choose(client, orcs_stronger, "home").content.decode()


def test_a_side_with_no_gold_has_nothing_to_choose(client, scheduled, coach_alice, coach_bob):
    # No petty cash: the orcs (stronger) have nothing to spend; the Reavers choose with 30,000.
    declare_petty_cash(scheduled)
    html = page(login(client, coach_alice), scheduled)
    assert "No gold to spend: nothing to choose." in section(html, "away")
    assert "Awaited: Reavers chooses its inducements." in html
    assert (
        "Gouged Eye has no gold to spend: nothing to choose."
        in choose(login(client, coach_bob), scheduled, "away", away_item_bribes="1").content.decode()
    )
    choose(login(client, coach_alice), scheduled, "home")
    assert 'id="prematch-form"' in page(client, scheduled)


def test_the_pre_match_waits_for_the_inducements(client, orcs_stronger, coach_alice):
    response = login(client, coach_alice).post(
        reverse("matches:prematch", args=[orcs_stronger.pk]), {"weather_source": "server"}
    )
    html = response.content.decode()
    assert "Gouged Eye has not chosen its inducements yet." in html
    assert "Reavers has not chosen its inducements yet." in html
    orcs_stronger.refresh_from_db()
    assert orcs_stronger.status == Match.Status.SCHEDULED


def test_the_to_do_asks_the_coach_whose_turn_it_is(client, orcs_stronger, coach_alice, coach_bob):
    def kinds(user) -> list[str]:
        html = login(client, user).get(reverse("home")).content.decode()
        section = html.split('id="waiting"', 1)[1].split("</section>", 1)[0]
        return [k for k in ("to_induce", "to_play", "to_petty_cash") if f'data-kind="{k}"' in section]

    assert (kinds(coach_bob), kinds(coach_alice)) == (["to_induce"], [])
    choose(login(client, coach_bob), orcs_stronger, "away")
    assert (kinds(coach_bob), kinds(coach_alice)) == ([], ["to_induce"])
    assert "Choose your inducements" in client.get(reverse("home")).content.decode()
    choose(login(client, coach_alice), orcs_stronger, "home")
    assert (kinds(coach_bob), kinds(coach_alice)) == (["to_play"], ["to_play"])


def test_a_match_recorded_whole_carries_both_sides_but_cannot_contradict_a_choice(orcs_stronger, coach_bob):
    from league.rules import InducementOrder
    from matches.services import MatchError, PrematchInput, prematch_record
    from matches.services.inducements import inducements_choose

    bribe = InducementOrder({"bribes": 1})
    inducements_choose(match=orcs_stronger, side="away", order=bribe, by=coach_bob)
    whole = {"home_petty_cash": 0, "away_petty_cash": 100_000}
    with pytest.raises(MatchError) as refused:
        prematch_record(match=orcs_stronger, data=PrematchInput(**whole), by=None)
    assert refused.value.messages == ["Gouged Eye chose its inducements before: the pre-match records that choice."]
    # An import gives both sides' inducements at once, the choice made included.
    babes = InducementOrder({"bloodweiser_babes": 2})
    data = PrematchInput(**whole, away_inducements=bribe, home_inducements=babes)
    prematch_record(match=orcs_stronger, data=data, by=None)
    orcs_stronger.refresh_from_db()
    assert orcs_stronger.home_inducements == {"items": {"bloodweiser_babes": 2}, "stars": [], "mercenaries": []}
    assert MatchInducement.objects.filter(match=orcs_stronger).count() == 3


def test_the_to_do_reads_the_same_team_values_as_the_page(scheduled, humans, orcs):
    from matches.selectors.prematch import expected_tvs
    from matches.services.common import match_ruleset
    from matches.services.prematch import expected_squad
    from teams.models import Advancement, Player

    Advancement.objects.create(player=humans.players.get(number=1), kind="new_skill", skill="block")
    Player.objects.filter(team=orcs, number__in=(1, 2)).update(miss_next_game=True)  # two free journeymen
    ruleset = match_ruleset(scheduled)
    tvs = expected_tvs([scheduled.home, scheduled.away], {scheduled.league_id: ruleset})
    for team in (humans, orcs):
        team.refresh_from_db()
        assert tvs[team.pk] == expected_squad(team, ruleset)[0]
