"""Pre-match mechanisms switched on by data, played through the pages, the import and a real worker:

- a choice step declared in ruleset.toml ([pre_match_choices.<step>]): the receiving team chooses
  the pitch and the pair of dice (seed 002 H:L80-85), recorded with the side that chose, shown on
  the match page with the option's effect, and handed to the post-match sequence;
- special play cards (seed 002 H:L78, H10) bought from LRB6's decks at 50,000 each on the pre-match
  page, in the inducement turn; the gold a card gave is entered on the result sheet and paid with
  the winnings (H:L101), a ledger entry with its natural key;
- the inducement list of seed 003 (D2, D3): the Wizard excluded, the Wandering Apothecary renamed,
  the Magic Sponge and the Warp Beacon, and Random Event cards priced by the league (pricing
  "league"): not for sale until the commissioner sets the price.

The house rules (fr_house) declare the choices and sell the cards; Dungeon Bowl (dungeon_lutece)
has the inducement list. Both are data on LRB6.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.core.models import HouseRule
from matches.card_models import MatchCard
from matches.models import Match, MatchEffect, MatchInducement
from teams.models import TreasuryEntry
from tests.builders import scheduled_in
from tests.matches.test_card_purchase import buy
from tests.matches.test_views_support import declare_petty_cash, login, prematch_through_pages, report_data
from tests.tasks.conftest import processed, wait_for

HOUSE, DUNGEON = "fr_house", "dungeon_lutece"  # the shipped rulesets that switch the mechanisms on
RECEIVING = {"chooser_receiving": "away", "pitch": "ice", "dice_pair": "receiving"}


def match_of(commissioner, alice, bob, key: str = HOUSE) -> Match:
    return scheduled_in(key, f"League {key}", commissioner, alice, bob)


@pytest.mark.worker
def test_choices_and_cards_are_recorded_shown_and_card_gold_is_paid_with_the_winnings(
    celery_worker, client, commissioner, coach_alice, coach_bob
):
    match = match_of(commissioner, coach_alice, coach_bob)
    home, away = match.home, match.away
    declare_petty_cash(match, home=100000)
    # The home coach buys two cards in his inducement turn: one drawn at the table, one by the site.
    login(client, coach_alice)
    buy(client, match, "home", "dirty_tricks", card="stolen_playbook")
    buy(client, match, "home", "good_karma")
    client.cookies.pop("django_language")  # the pages below read Accept-Language
    response = prematch_through_pages(client, match, weather={"weather_source": "server", **RECEIVING})
    match.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE, response.content.decode()[-3000:]
    assert match.prematch_values["pitch"] == {"option": "ice", "side": "away"}
    assert match.prematch_values["dice_pair"] == {"option": "receiving", "side": "away"}
    assert "inducements" not in match.prematch_values  # no typed cards any more
    cards = MatchCard.objects.filter(match=match).order_by("order")
    assert [(c.side, c.deck, c.price) for c in cards] == [
        ("home", "dirty_tricks", 50000),
        ("home", "good_karma", 50000),  # a 100,000 deck at the house price
    ]
    assert not MatchInducement.objects.filter(match=match).exists()
    assert match.home_tv == home.team_value  # the cards never count in team value

    detail = login(client, coach_bob).get(match.get_absolute_url()).content.decode()
    assert 'id="pitch">Ice</strong>' in detail and f"(chosen by {away.name})" in detail
    assert "Going For It succeeds on 3+ only, except for Norse players." in detail
    assert (
        'id="dice_pair">The receiving coach&#x27;s dice</strong>' in detail and "Both coaches roll this pair." in detail
    )
    # The opponent sees how many cards came from which deck, never the cards.
    assert "1 card from Dirty Tricks" in detail and "1 card from Good Karma" in detail
    assert "Stolen Playbook" not in detail
    french = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'id="pitch">Glace</strong>' in french and "Sprint réussi sur 3+" in french
    mine = login(client, coach_alice).get(match.get_absolute_url()).content.decode()
    assert "<strong>Stolen Playbook</strong>" in mine

    # The result sheet asks for the gold the cards gave; the worker pays it with the winnings.
    login(client, home.coach)
    sheet = client.get(reverse("matches:result", args=[match.pk])).content.decode()
    assert 'name="card_gold_home"' in sheet and 'id="card-gold-card"' in sheet
    saved = client.post(reverse("matches:result", args=[match.pk]), report_data(match, card_gold_home=20000))
    assert saved.status_code == 302, saved.content.decode()[-3000:]
    client.post(reverse("matches:submit", args=[match.pk]))
    login(client, coach_bob).post(reverse("matches:confirm", args=[match.pk]))
    wait_for(lambda: processed(match), "the worker to process the match")
    assert match.postgame_input["prematch"] == {"weather": match.weather, "pitch": "ice", "dice_pair": "receiving"}
    effect = MatchEffect.objects.get(match=match, kind="card_gold")
    assert (effect.team_id, effect.amount, effect.key) == (home.pk, 20000, "card_gold:home")
    assert not MatchEffect.objects.filter(match=match, kind="card_gold", team=away).exists()
    entry = TreasuryEntry.objects.get(team=home, key__endswith="card_gold:home")
    assert (entry.kind, entry.amount) == ("winnings", 20000)
    # Petty cash counts in the match TV: 550,000 + 100,000 against 580,000, so the home side had no
    # inducement money and its 100,000 of cards took the whole petty cash; nothing comes back.
    back = MatchEffect.objects.get(match=match, kind="petty_cash_return", team=home)
    assert (match.home_tv + match.home_petty_cash > match.away_tv, back.amount) == (True, 0)
    page = login(client, coach_alice).get(match.get_absolute_url()).content.decode()
    assert "Gold from special play cards, in the winnings: 20,000 gp." in page

    # A correction of the card gold replays the match: the effect and its ledger rows follow it.
    from matches.services.corrections import correction_confirm, correction_draft, inputs_of

    inputs = inputs_of(match)
    assert inputs["decisions"]["card_gold:home"] == 20000
    inputs["decisions"]["card_gold:home"] = 30000
    correction = correction_draft(match=match, by=commissioner, reason="The card gave 30,000", inputs=inputs)
    correction_confirm(correction=correction, by=commissioner)
    wait_for(
        lambda: MatchEffect.objects.filter(match=match, kind="card_gold", amount=30000).exists(),
        "the worker to replay the corrected match",
    )
    card_rows = TreasuryEntry.objects.filter(team=home, key__contains="card_gold")
    assert sum(card_rows.values_list("amount", flat=True)) == 30000


def test_a_choice_needs_its_chooser_and_the_form_types_no_cards(client, commissioner, coach_alice, coach_bob, db):
    match = match_of(commissioner, coach_alice, coach_bob)
    declare_petty_cash(match, home=50000)
    page = prematch_through_pages(
        client, match, weather={"weather_source": "server", "pitch": "ice", "dice_pair": "kicking"}
    ).content.decode()
    assert "This field is required." in page
    assert Match.objects.get(pk=match.pk).status == Match.Status.SCHEDULED
    # The form: the chooser asked once for both choices of its role, each option with its effect.
    assert page.count('name="chooser_receiving"') == 2  # two radio buttons, one question
    assert "Ice — Going For It succeeds on 3+ only, except for Norse players." in page
    assert page.index('id="step-pitch"') < page.index('id="step-dice_pair"')
    # The cards are bought from the decks (the cards' panel), never typed on the record form.
    assert 'id="step-cards"' not in page and 'name="cards_home"' not in page
    done = client.post(reverse("matches:prematch", args=[match.pk]), {"weather_source": "server", **RECEIVING})
    assert done.status_code == 302
    assert Match.objects.get(pk=match.pk).status == Match.Status.PREMATCH_DONE


def test_the_league_priced_item_waits_for_the_commissioners_price(client, commissioner, coach_alice, coach_bob, db):
    from tests.matches.test_league_options_pages import save_settings

    match = match_of(commissioner, coach_alice, coach_bob, DUNGEON)
    declare_petty_cash(match, home=100000)
    page = prematch_through_pages(client, match, home_item_random_event_cards="1").content.decode()
    assert "Not for sale yet: the commissioner has not set its price" in page
    assert "Random Event card cannot be bought yet: the commissioner has not set its price" in page
    assert not MatchInducement.objects.filter(match=match).exists()
    # The wizard is excluded by the ruleset (D:L49); the wandering apothecary is the Wizard
    # Apothecary (D2); sponges and beacons are bought like any item.
    assert 'name="home_item_wizard"' in page and "Removed from the inducements by this league's settings." in page
    assert "Wizard Apothecary" in page and "Wandering Apothecaries" not in page
    assert 'name="home_item_magic_sponge"' in page and 'name="home_item_warp_beacon"' in page

    settings_page = save_settings(client, match.league, commissioner, league_inducement_price=40000)
    assert "The price of a Random Event card. The rules give none" in settings_page
    assert HouseRule.objects.get(league=match.league, key="league_inducement_price").value == 40000
    prematch_through_pages(
        client,
        match,
        weather={"dungeon_state_source": "server"},
        home_item_random_event_cards="1",
        home_item_warp_beacon="1",
    )
    match.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE
    bought = dict(MatchInducement.objects.filter(match=match).values_list("key", "cost"))
    assert bought == {"random_event_cards": 40000, "warp_beacon": 50000}
    french = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Carte événement aléatoire" in french and "Balise warp" in french


def test_an_import_carries_the_choices_and_the_card_gold(
    commissioner, coach_alice, coach_bob, django_capture_on_commit_callbacks, db
):
    from matches.importing import import_match
    from matches.models import Decision
    from matches.services import MatchError

    match = match_of(commissioner, coach_alice, coach_bob)
    report = {
        "format_version": 1,
        "report_id": "house-1",
        "league": match.league.slug,
        "ruleset": HOUSE,
        "home": match.home.name,
        "away": match.away.name,
        "played_on": "2026-11-20",
        "prematch": {
            "weather": [3, 4],
            "pitch": {"option": "lava", "side": "home"},
            "dice_pair": {"option": "kicking", "side": "home"},
            "home": {"petty_cash": 50000},
        },
        "result": {"home_score": 1, "away_score": 0, "home_uncredited_touchdowns": 1},
        "decisions": {"card_gold:home": 10000},
    }
    with pytest.raises(MatchError) as refused:
        import_match(report, by=commissioner)
    text = " ".join(refused.value.messages)
    assert "Pitch: lava is not one of the options (grass, ice, terraflex)." in text
    report["prematch"]["pitch"]["option"] = "terraflex"
    with django_capture_on_commit_callbacks(execute=False):
        imported = import_match(report, by=commissioner).match
    imported.refresh_from_db()
    assert imported.prematch_values["pitch"] == {"option": "terraflex", "side": "home"}
    assert Decision.objects.get(match=imported, key="card_gold:home").value == 10000


def test_a_ruleset_without_cards_asks_for_no_card_gold_and_shows_no_card_lines(client, scheduled, coach_alice, db):
    page = login(client, coach_alice).get(reverse("matches:result", args=[scheduled.pk]))
    assert page.status_code in (200, 302)
    from matches.forms.prematch import PrematchForm
    from matches.services.common import match_ruleset

    form = PrematchForm(match=scheduled, ruleset=match_ruleset(scheduled), lang="en", sides=())
    assert not any(name.startswith("cards_") for name in form.fields)
    assert [part["step"] for part in form.step_parts()] == ["weather"]
