"""Result entry: a valid sheet is saved and submitted; every bad input is listed and nothing is written."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Decision, DiceRoll, Match, MatchCasualty, MatchPlayer
from matches.services import PrematchInput, prematch_record
from teams.models import Player, Team
from tests.builders import pid
from tests.matches.test_views_support import login, report_data

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return response.content.decode()


def url(match) -> str:
    return reverse("matches:result", args=[match.pk])


def assert_nothing_written(match):
    match.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE and match.home_score is None
    assert not MatchCasualty.objects.exists()
    assert list(DiceRoll.objects.values_list("purpose", flat=True)) == ["weather"]
    assert not Decision.objects.exists()
    assert not MatchPlayer.objects.exclude(completions=0, touchdowns=0, interceptions=0, casualties=0).exists()


@pytest.fixture
def match_with_a_missing_player(scheduled, humans, coach_alice):
    """Humans #11 misses this game (an earlier injury): he is on the sheet but may not be credited."""
    Player.objects.filter(team=humans, number=11).update(miss_next_game=True)
    return prematch_record(match=scheduled, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)


def test_the_sheet_groups_players_by_side_and_greys_out_the_missing(
    client, match_with_a_missing_player, humans, orcs, coach_alice
):
    page = text(login(client, coach_alice).get(url(match_with_a_missing_player)))
    home, away = page.index('id="players-home"'), page.index('id="players-away"')
    assert home < page.index(f'data-player="{pid(orcs, 1)}"') and away < page.index(f'data-player="{pid(orcs, 1)}"')
    assert home < page.index(f'data-player="{pid(humans, 1)}"') < away
    missing = page[page.index(f'id="player-{pid(humans, 11)}"') :]
    missing = missing[: missing.index("</div>\n</div>") if "</div>\n</div>" in missing else 2000]
    assert "missed the game" in missing and "disabled" in missing
    assert 'inputmode="numeric"' in page and "only those earn SPP" in page
    assert "The MVP is drawn by the server" in page


def test_saving_then_submitting_a_full_sheet(client, ready_match, humans, orcs, coach_alice):
    h1, h2, o3 = pid(humans, 1), pid(humans, 2), pid(orcs, 3)
    data = report_data(
        ready_match,
        home_score=1,
        away_score=0,
        home_fame=1,
        gate=22,
        **{
            f"p{h1}_td": 1,
            f"p{h2}_cas": 1,
            f"p{o3}_d6": 4,
            f"p{o3}_d8": 1,
            "winnings_home": 4,
            "winnings_away": 2,
            "ff_home_1": 6,
            "ff_home_2": 6,
            "ff_home_3": 6,
            "ff_away_1": 1,
            "ff_away_2": 1,
        },
    )
    response = login(client, coach_alice).post(url(ready_match), data)
    assert response.status_code == 302 and response.url == url(ready_match)
    ready_match.refresh_from_db()
    assert (ready_match.status, ready_match.home_score, ready_match.away_score, ready_match.gate) == ("draft", 1, 0, 22)
    assert MatchPlayer.objects.get(match=ready_match, player_id=h1).touchdowns == 1
    assert MatchPlayer.objects.get(match=ready_match, player_id=h2).casualties == 1
    cas = MatchCasualty.objects.get()
    assert (cas.victim_id, cas.d6, cas.d8, cas.apothecary_used) == (o3, 4, 1, False)
    dice = {d.purpose: d.values for d in DiceRoll.objects.filter(source="entered")}
    assert dice == {
        "weather": [3, 4],
        "winnings:home": [4],
        "winnings:away": [2],
        "ff:home": [6, 6, 6],
        "ff:away": [1, 1],
    }
    # The winner kept its die: a decision, so the server never asks again.
    assert Decision.objects.get().key == "winnings_reroll:home" and Decision.objects.get().value is False
    # The draft comes back in the form.
    page = text(client.get(url(ready_match)))
    assert f'name="p{o3}_d6" value="4"' in page and 'name="ff_home_3" value="6"' in page
    data["action"] = "submit"
    response = client.post(url(ready_match), data)
    assert response.status_code == 302 and response.url == ready_match.get_absolute_url()
    assert Match.objects.get(pk=ready_match.pk).status == Match.Status.SUBMITTED


def test_an_apothecary_and_a_reroll_are_recorded(client, ready_match, humans, orcs, coach_alice):
    Team.objects.filter(pk=humans.pk).update(apothecary=True)  # only a team with an apothecary uses one
    h3 = pid(humans, 3)
    data = report_data(
        ready_match,
        home_score=2,
        away_score=0,
        **{
            f"p{h3}_d6": 6,
            f"p{h3}_d8": 1,
            f"p{h3}_apo": "on",
            f"p{h3}_apo_d6": 1,
            f"p{h3}_apo_d8": 1,
            f"p{h3}_apo_keep": "on",
            "winnings_home": 1,
            "reroll_home": "yes",
            "reroll_die_home": 5,
        },
    )
    assert login(client, coach_alice).post(url(ready_match), data).status_code == 302
    cas = MatchCasualty.objects.get()
    assert (cas.apothecary_used, cas.apothecary_d6, cas.apothecary_d8, cas.apothecary_kept_reroll) == (True, 1, 1, True)
    assert Decision.objects.get(key="winnings_reroll:home").value is True
    assert DiceRoll.objects.get(purpose="winnings_reroll:home").values == [5]


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"p99999_td": 1}, "Player #99999 did not take part in this match."),
        ({"H1_td": -1}, "H1: counts cannot be negative."),
        ({"home_score": -1, "away_score": 0}, "home score cannot be negative."),
        ({"O3_d6": 4, "O3_d8": 9}, "O3: 4 and 9 is not a casualty roll (D6 then D8)."),
        ({"O3_d6": 4}, "#3 O3: give both the D6 and the D8 of the casualty roll."),
        ({"O3_regen": 4}, "#3 O3: enter the casualty roll (D6 and D8) first."),
        ({"winnings_home": 7}, "Reavers, winnings: a D6 shows 1 to 6 (you entered 7)."),
        ({"ff_away_1": 1, "ff_away_2": 2, "ff_away_3": 3}, "Gouged Eye rolls 2 dice for the fan factor"),
        (
            {"winnings_away": 3, "reroll_away": "yes", "reroll_die_away": 4},
            "Only the winner may re-roll its winnings die.",
        ),
        ({"reroll_home": "yes"}, "Enter the first winnings die before the re-roll"),
        ({"home_score": 0, "H1_td": 1}, "The home players scored 1 touchdowns but the score says 0."),
        (
            {"conceded_by": "away", "concession_justified": "on", "winnings_away": 3},
            "A team that conceded with good reason earns no winnings",
        ),
    ],
)
def test_bad_input_is_listed_and_nothing_is_written(client, ready_match, humans, orcs, coach_alice, fields, message):
    players = {"H1": pid(humans, 1), "O3": pid(orcs, 3)}
    posted = {}
    for key, value in fields.items():
        head, _sep, tail = key.partition("_")
        posted[f"p{players[head]}_{tail}" if head in players else key] = value
    response = login(client, coach_alice).post(url(ready_match), report_data(ready_match, **posted))
    assert response.status_code == 200
    assert message in text(response).replace("&#x27;", "'")
    assert_nothing_written(ready_match)


def test_a_player_who_missed_the_game_cannot_be_credited(client, match_with_a_missing_player, humans, coach_alice):
    response = login(client, coach_alice).post(
        url(match_with_a_missing_player), report_data(match_with_a_missing_player, **{f"p{pid(humans, 11)}_td": 1})
    )
    assert "#11 H11 missed this match and cannot be credited with anything." in text(
        response
    ) or "H11 missed this match and cannot be credited with anything." in text(response)
    assert_nothing_written(match_with_a_missing_player)


def test_chosen_mvp_house_rule(
    client, mvp_chosen, ready_match, humans, orcs, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    page = text(login(client, coach_alice).get(url(ready_match)))
    assert 'name="mvp_home_1"' in page and 'name="mvp_away_1"' in page
    response = client.post(url(ready_match), report_data(ready_match, action="submit"))
    assert "Choose the MVP of Reavers." in text(response) and "Choose the MVP of Gouged Eye." in text(response)
    assert_nothing_written(ready_match)
    h5, o5 = pid(humans, 5), pid(orcs, 5)
    response = client.post(
        url(ready_match), report_data(ready_match, action="submit", mvp_home_1=f"p{h5}", mvp_away_1=f"p{o5}")
    )
    assert response.status_code == 302
    assert {d.key: d.value for d in Decision.objects.filter(key__startswith="mvp:")} == {
        "mvp:home:1": f"p{h5}",
        "mvp:away:1": f"p{o5}",
    }
    with django_capture_on_commit_callbacks(execute=True):
        login(client, coach_bob).post(reverse("matches:confirm", args=[ready_match.pk]))
    ready_match.refresh_from_db()
    assert ready_match.status == Match.Status.PROCESSED, ready_match.failure_reason
    assert Player.objects.get(pk=h5).spp == 5 and Player.objects.get(pk=o5).spp == 5


def test_a_changed_result_drops_the_old_winners_reroll(
    client, ready_match, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    """Home won and kept its die; the sheet is corrected to an away win: the home decision must go."""
    login(client, coach_alice).post(url(ready_match), report_data(ready_match, winnings_home=3))
    assert Decision.objects.filter(key="winnings_reroll:home").exists()
    client.post(
        url(ready_match), report_data(ready_match, home_score=0, away_score=1, winnings_home=3, action="submit")
    )
    assert not Decision.objects.filter(key="winnings_reroll:home").exists()
    with django_capture_on_commit_callbacks(execute=True):
        login(client, coach_bob).post(reverse("matches:confirm", args=[ready_match.pk]))
    ready_match.refresh_from_db()
    assert ready_match.status == Match.Status.PROCESSED, ready_match.failure_reason


def test_the_result_page_is_closed_once_submitted(client, ready_match, coach_alice):
    login(client, coach_alice).post(url(ready_match), report_data(ready_match, action="submit"))
    assert Match.objects.get(pk=ready_match.pk).status == Match.Status.SUBMITTED
    response = client.get(url(ready_match))
    assert response.status_code == 302 and response.url == ready_match.get_absolute_url()
