"""The match pages: fixtures list, scheduling, pre-match (live budget, refusals), the match page and its
polled post-match progress, improvements."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import DiceRoll, Match, MatchInducement, MatchPlayer
from matches.services import postgame_run
from teams.models import ImprovementRoll
from teams.services import PlayerOrder, team_create
from tests.matches.test_views_support import declare_petty_cash, login, prematch_through_pages

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return response.content.decode()


# --- Fixtures: the list and scheduling ---


def test_the_league_match_list(client, league, scheduled, commissioner, coach_alice):
    url = reverse("matches:list") + f"?league={league.slug}"
    page = text(client.get(url))
    assert "Reavers" in page and "Gouged Eye" in page and scheduled.get_absolute_url() in page
    assert reverse("matches:schedule", args=[league.slug]) not in page  # anonymous
    assert reverse("matches:schedule", args=[league.slug]) not in text(login(client, coach_alice).get(url))
    assert reverse("matches:schedule", args=[league.slug]) in text(login(client, commissioner).get(url))
    assert client.get(reverse("matches:list") + "?league=nope").status_code == 404


def test_scheduling_a_team_against_itself_is_refused(client, league, humans, orcs, commissioner):
    response = login(client, commissioner).post(
        reverse("matches:schedule", args=[league.slug]), {"home": humans.pk, "away": humans.pk}
    )
    assert response.status_code == 400 and "A team cannot play against itself." in text(response)
    assert not Match.objects.exists()


def test_only_ready_teams_are_offered(client, league, humans, orcs, commissioner, coach_carol):
    from teams.models import Team

    Team.objects.filter(name="Grey Fangs").update(status=Team.Status.DRAFT)
    page = text(login(client, commissioner).get(reverse("matches:schedule", args=[league.slug])))
    assert "Reavers" in page and "Gouged Eye" in page and "Grey Fangs" not in page


# --- Pre-match ---


def test_prematch_page_shows_order_menu_and_stars(client, scheduled, coach_alice):
    page = text(login(client, coach_alice).get(reverse("matches:prematch", args=[scheduled.pk])))
    # Orcs (580,000 with their fan factor) against Humans (550,000): the orcs declare petty cash first.
    assert "<strong>Gouged Eye</strong> declares first" in page
    # With no petty cash the orcs have nothing to spend: the humans choose, on their coach's page.
    declare_petty_cash(scheduled)
    page = text(client.get(reverse("matches:prematch", args=[scheduled.pk])))
    assert "Wizard" in page and "150,000 gp each, 0 to 1" in page
    assert "Bribes" in page and "Wandering Apothecaries" in page and "Igor" not in page  # Humans may have one
    assert "Morg &#x27;n&#x27; Thorg — 430,000" in page  # a star who plays for Humans (and Orcs)
    assert 'id="budget"' in page and "30,000" in page  # the underdog's inducement money


def test_prematch_names_in_french_and_special_prices(client, league, scheduled, coach_alice, coach_carol):
    goblins = team_create(
        league=league,
        coach=coach_alice,
        name="Gob Squad",
        race="goblin",
        players=[PlayerOrder("goblin", f"G{i}") for i in range(1, 12)],
    )
    from matches.services import match_schedule

    match = match_schedule(league=league, home=goblins, away=scheduled.away, by=league.commissioner)
    declare_petty_cash(match)  # the goblins, the underdog, then choose their inducements
    client.cookies["django_language"] = "fr"
    page = text(login(client, coach_alice).get(reverse("matches:prematch", args=[match.pk])))
    assert "Sorcier" in page and "Pot de Vin" in page and "Apothicaire Local" in page and "Igor" not in page
    assert "50 000" in page.replace("\u202f", " ").replace("\xa0", " ")  # the goblins' bribe price


def test_budget_partial_lists_every_refusal_live(client, scheduled, coach_alice):
    declare_petty_cash(scheduled, home=20_000)
    response = login(client, coach_alice).post(
        reverse("matches:prematch_budget", args=[scheduled.pk]), {"side": "home", "home_item_wizard": "2"}
    )
    page = text(response)
    assert 'id="budget-home">30,000<' in page  # 10,000 inducement money + 20,000 petty cash
    assert "At most 1 of “Wizard” (you chose 2)." in page
    assert "This costs 300,000 gp, over the 30,000 gp available." in page
    assert scheduled.inducements.count() == 0


def test_prematch_refusals_are_listed_and_nothing_is_written(client, scheduled, coach_alice, coach_bob, humans):
    login(client, coach_bob).post(reverse("matches:petty_cash", args=[scheduled.pk]), {"side": "away", "amount": "0"})
    response = login(client, coach_alice).post(
        reverse("matches:petty_cash", args=[scheduled.pk]),
        {"side": "home", "amount": str(humans.treasury + 10000)},
        follow=True,
    )
    assert "Reavers can move between 0 and" in text(response)
    scheduled.refresh_from_db()
    assert scheduled.status == Match.Status.SCHEDULED and not scheduled.home_petty_cash_declared
    assert not DiceRoll.objects.exists()
    client.post(reverse("matches:petty_cash", args=[scheduled.pk]), {"side": "home", "amount": "0"})
    response = client.post(
        reverse("matches:inducements", args=[scheduled.pk]), {"side": "home", "home_item_wizard": "1"}
    )
    assert "over the 30,000 gp available" in text(response)
    assert not MatchInducement.objects.exists() and not MatchPlayer.objects.exists()


def test_weather_dice_are_checked(client, scheduled, coach_alice):
    prematch_through_pages(client, scheduled, weather={"weather_source": "entered"})  # both dice missing
    response = login(client, coach_alice).post(
        reverse("matches:prematch", args=[scheduled.pk]),
        {
            "weather_source": "entered",
            "weather_1": "7",
            "weather_2": "",
        },
    )
    page = text(response)
    assert "a D6 shows 1 to 6 (you entered 7)" in page and "Enter both weather dice" in page
    assert Match.objects.get(pk=scheduled.pk).status == Match.Status.SCHEDULED


def test_prematch_with_petty_cash_inducements_and_a_mercenary(client, scheduled, coach_alice, humans):
    declare_petty_cash(scheduled, home=100_000)
    weather = {"weather_source": "entered", "weather_1": "3", "weather_2": "4"}
    response = prematch_through_pages(client, scheduled, weather=weather, home_item_bribes="1")
    assert response.redirect_chain, text(response)
    scheduled.refresh_from_db()
    assert (scheduled.status, scheduled.weather, scheduled.home_petty_cash) == ("prematch_done", "nice", 100000)
    assert [(i.key, i.cost) for i in scheduled.inducements.all()] == [("bribes", 100000)]
    page = text(client.get(scheduled.get_absolute_url()))
    assert "Nice" in page and "Bribes" in page and "100,000" in page
    assert reverse("matches:result", args=[scheduled.pk]) in page


# --- The match page and its post-match progress ---


def test_match_page_offers_the_next_step_to_participants_only(client, scheduled, coach_alice):
    prematch = reverse("matches:prematch", args=[scheduled.pk])
    assert prematch not in text(client.get(scheduled.get_absolute_url()))
    page = text(login(client, coach_alice).get(scheduled.get_absolute_url()))
    assert prematch in page and "Scheduled" in page


def test_status_partial_polls_until_processed(client, submitted_match):
    Match.objects.filter(pk=submitted_match.pk).update(status=Match.Status.CONFIRMED)
    url = reverse("matches:status", args=[submitted_match.pk])
    running = text(client.get(url, HTTP_HX_REQUEST="true"))
    assert 'hx-trigger="every 1s"' in running and f'hx-get="{url}"' in running
    assert "Confirmed" in running and "<html" not in running  # a partial, not a page
    assert postgame_run(submitted_match.pk) is True
    done = text(client.get(url, HTTP_HX_REQUEST="true"))
    assert "hx-trigger" not in done and 'data-status="processed"' in done  # polling stops
    assert "Winnings: 70,000 gp (D6 2, re-rolled: 5)." in done
    assert "#1 H1: 2 × touchdown, +6 SPP (6 in all)" in done
    assert "#3 O3 is dead" in done and "Fan factor +1, now 1 (dice: 6 + 6 + 6)." in done
    # The full page embeds the same partial: it polls while running.
    Match.objects.filter(pk=submitted_match.pk).update(status=Match.Status.PROCESSING)
    assert 'hx-trigger="every 1s"' in text(client.get(submitted_match.get_absolute_url()))


def test_processed_match_page_shows_the_outcome(client, processed_match, coach_alice):
    page = text(login(client, coach_alice).get(processed_match.get_absolute_url()))
    for sentence in (
        "MVP: #4 H4 (+5 SPP, 5 in all)",
        "#3 H3 misses the next match.",
        "No spiralling expenses.",
        "#1 H1: improvement roll 3 + 3, choice to make",
        "1 journeyman joins for the next match",
        "Team value before new journeymen and purchases: 510,000 gp.",
        "Now: treasury 520,000 gp · team value 560,000 gp",
    ):
        assert sentence in page, sentence
    assert page.count('data-step-status="done"') == 12
    roll = ImprovementRoll.objects.get(match=processed_match, player__team=processed_match.home)
    assert reverse("matches:improvement", args=[roll.pk]) in page  # alice chooses for her own player only
    other = ImprovementRoll.objects.get(match=processed_match, player__team=processed_match.away)
    assert reverse("matches:improvement", args=[other.pk]) not in page


def test_a_failed_match_shows_its_reason_and_a_retry_button(client, failed_match, coach_alice):
    page = text(client.get(failed_match.get_absolute_url()))
    assert "winnings:home: 7 is not a possible D6 result (1-6)" in page and "Failed" in page
    assert reverse("matches:retry", args=[failed_match.pk]) not in page  # anonymous: no button
    page = text(login(client, coach_alice).get(failed_match.get_absolute_url()))
    assert reverse("matches:retry", args=[failed_match.pk]) in page


def test_confirm_page_shows_the_entered_result(client, submitted_match, coach_bob):
    page = text(login(client, coach_bob).get(reverse("matches:confirm", args=[submitted_match.pk])))
    assert "Reavers <strong>2 – 1</strong> Gouged Eye" in page
    assert "41 Broken Ribs" in page and "61 DEAD" in page.upper()
    assert "Winnings re-roll: 5" in page


# --- Improvements ---


def test_improvement_page_offers_what_the_roll_allows(client, humans_roll, coach_alice):
    client.cookies["django_language"] = "fr"
    page = text(login(client, coach_alice).get(reverse("matches:improvement", args=[humans_roll.pk])))
    assert "Blocage" in page and "Garde" in page  # a double opens Strength to a lineman
    assert 'value="st"' not in page  # 3 + 3 offers no characteristic


def test_a_choice_the_roll_does_not_allow_is_refused(client, humans_roll, coach_alice, humans):
    url = reverse("matches:improvement", args=[humans_roll.pk])
    response = login(client, coach_alice).post(url, {"choice": "st"})
    assert response.status_code == 200 and ImprovementRoll.objects.get(pk=humans_roll.pk).pending
    humans.refresh_from_db()
    before = humans.team_value
    response = client.post(url, {"choice": "guard"})
    assert response.status_code == 302 and response.url == humans.get_absolute_url()
    humans.refresh_from_db()
    assert humans.team_value == before + 30_000  # a double-category skill
    assert client.get(url).status_code == 302  # already used: back to the team


def test_pending_improvements_partial(rf, humans_roll):
    from django.template.loader import render_to_string

    html = render_to_string("matches/_pending_improvements.html", {"rolls": [humans_roll]})
    assert "#1 H1" in html and reverse("matches:improvement", args=[humans_roll.pk]) in html
    assert render_to_string("matches/_pending_improvements.html", {"rolls": []}).strip() == ""
