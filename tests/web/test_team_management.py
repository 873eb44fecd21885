"""The team page as roster sheet and as the place a coach manages the team from."""

from __future__ import annotations

import html
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from league.core.services import membership_add

from teams.models import Player, Team
from teams.services import team_retire

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def follow_post(client, url, data=None):
    response = client.post(url, data or {}, follow=True)
    assert response.status_code == 200
    return html.unescape(response.text)


def test_the_sheet_shows_roster_summary_ledger_and_audit_log(alice_client, make_team):
    team = make_team(
        players=(("lineman", 7), ("catcher", 2), ("thrower", 1), ("blitzer", 2)),
        rerolls=3,
        fan_factor=3,
        assistant_coaches=1,
        cheerleaders=1,
        apothecary=True,
    )
    text = alice_client.get(team.get_absolute_url()).text
    for expected in (
        "Catcher",
        "Catch, Dodge",
        "Sure Hands, Pass",
        'id="team-value">990,000<',
        'id="team-treasury">10,000<',
        "Starting budget",
        "Treasury ledger",
        "Audit log",
        "Team declared ready",
        "Draft saved",
        "Team created",
        "alice",
    ):
        assert expected in text, expected
    audit = text.split('id="audit-log"')[1]
    # Newest first: created (logged last) above ready above the draft.
    assert audit.index("Team created") < audit.index("Team declared ready") < audit.index("Draft saved")


def test_hire_a_player(alice_client, humans):
    text = follow_post(
        alice_client,
        reverse("teams:player_hire", args=[humans.pk]),
        {"position": "blitzer", "number": "20", "name": "Griff"},
    )
    assert "#20 Griff hired." in text
    humans.refresh_from_db()
    assert humans.players.filter(number=20, name="Griff", position="blitzer").exists()
    assert humans.treasury == 450_000 - 90_000 and humans.team_value == 550_000 + 90_000
    assert "Player hired" in text.split('id="audit-log"')[1]


@pytest.mark.parametrize(
    "data, expected",
    [
        ({"position": "dragon", "number": "20", "name": "Smaug"}, "“dragon” is not a position of this team."),
        ({"position": "lineman", "number": "3", "name": "Twin"}, "Number 3 is not free."),
        ({"position": "lineman", "number": "seven", "name": "Twin"}, "Enter a whole number."),
        ({"position": "lineman", "number": "", "name": ""}, "This field is required."),
        ({"position": "skeleton", "number": "", "name": "Bones"}, "“skeleton” is not a position of this team."),
    ],
    ids=["unknown-position", "duplicate-number", "non-numeric", "no-name", "other-race-position"],
)
def test_bad_hire_input_is_refused_clearly_and_changes_nothing(alice_client, humans, data, expected):
    before = (humans.players.count(), humans.ledger.count())
    response = alice_client.post(reverse("teams:player_hire", args=[humans.pk]), data)
    assert response.status_code == 302 and response.url == humans.get_absolute_url()
    text = html.unescape(alice_client.get(response.url).text)
    assert expected in text
    if data["name"]:
        assert f'value="{data["name"]}"' in text  # the form keeps what was typed
    assert (humans.players.count(), humans.ledger.count()) == before


def _hire_form(page: str) -> str:
    return page.split('id="hire-form"')[1].split("</form>")[0]


def test_a_refused_hire_redirects_to_the_team_page_with_its_messages_and_input(alice_client, make_team):
    """Post/Redirect/Get: the refusal answers with a redirect, so a reload never posts the hire again;
    the team page then says every reason and shows the form as typed."""
    team = make_team(players=(("lineman", 11), ("blitzer", 4)))  # 910,000: 90,000 left
    url = reverse("teams:player_hire", args=[team.pk])
    before = (
        list(team.players.values_list("pk", "number", "name", "position", "status")),
        list(team.ledger.values_list("pk", "amount")),
        team.audit.count(),
    )

    # Refused by the rules, for two reasons at once.
    response = alice_client.post(url, {"position": "blitzer", "number": "3", "name": "Griff Oberwald"})
    assert response.status_code == 302 and response.url == team.get_absolute_url()
    page = alice_client.get(response.url)
    assert page.status_code == 200
    text = html.unescape(page.text)
    assert "Blitzer: at most 4 players per team." in text and "Number 3 is not free." in text
    form = _hire_form(text)
    assert 'value="Griff Oberwald"' in form and 'value="3"' in form
    assert '<option value="blitzer" selected>' in form
    # Shown once, like the messages: reading the page again shows an empty form and no refusal.
    again = html.unescape(alice_client.get(team.get_absolute_url()).text)
    assert "Number 3 is not free." not in again and "Griff Oberwald" not in again

    # Refused by the form: its message, the field's error and the input, after the redirect too.
    response = alice_client.post(url, {"position": "ogre", "number": "seven", "name": "Big Un"})
    assert response.status_code == 302 and response.url == team.get_absolute_url()
    text = html.unescape(alice_client.get(response.url).text)
    assert "The player was not hired: see the form below." in text
    form = _hire_form(text)
    assert "Enter a whole number." in form and 'value="seven"' in form and 'value="Big Un"' in form
    assert '<option value="ogre" selected>' in form

    # Nothing was written: no player, no ledger entry, no audit entry, same treasury.
    team.refresh_from_db()
    assert (
        list(team.players.values_list("pk", "number", "name", "position", "status")),
        list(team.ledger.values_list("pk", "amount")),
        team.audit.count(),
    ) == before
    assert team.treasury == 90_000 and team.players.count() == 15


def test_a_refused_hire_keeps_its_input_for_its_own_team_only(alice_client, make_team):
    reavers, other = make_team(), make_team("Other Team")
    alice_client.post(
        reverse("teams:player_hire", args=[reavers.pk]), {"position": "lineman", "number": "3", "name": "Twin"}
    )
    assert 'value="Twin"' not in _hire_form(alice_client.get(other.get_absolute_url()).text)
    assert 'value="Twin"' in _hire_form(alice_client.get(reavers.get_absolute_url()).text)


def test_hiring_over_the_treasury_or_position_maximum_is_refused(alice_client, make_team):
    team = make_team(players=(("lineman", 11), ("blitzer", 4)))  # 910,000: 90,000 left
    text = follow_post(
        alice_client, reverse("teams:player_hire", args=[team.pk]), {"position": "blitzer", "name": "Fifth"}
    )
    assert "Blitzer: at most 4 players" in text
    text = follow_post(alice_client, reverse("teams:player_hire", args=[team.pk]), {"position": "ogre", "name": "Big"})
    assert "treasury holds" in text
    assert team.players.count() == 15


def test_fire_a_player_after_confirmation(alice_client, humans):
    player = humans.players.get(number=7)
    url = reverse("teams:player_fire", args=[humans.pk, player.pk])
    confirm = alice_client.get(url)
    assert confirm.status_code == 200 and f"Fire #7 {player.name}? No refund." in confirm.text
    text = follow_post(alice_client, url)
    player.refresh_from_db()
    humans.refresh_from_db()
    assert player.status == Player.Status.FIRED and "has left the team" in text
    assert humans.treasury == 450_000 and humans.team_value == 500_000
    again = follow_post(alice_client, url)
    assert "no longer on the roster" in again


def test_rename_and_renumber(alice_client, humans):
    player = humans.players.get(number=7)
    url = reverse("teams:player_rename", args=[humans.pk, player.pk])
    assert 'value="Lineman 7"' in alice_client.get(url).text
    clash = alice_client.post(url, {"number": "3", "name": "Clash"})
    assert clash.status_code == 200 and "Number 3 is not free." in clash.text
    text = follow_post(alice_client, url, {"number": "77", "name": "Griff"})
    player.refresh_from_db()
    assert (player.number, player.name) == (77, "Griff") and "#77 Griff" in text


def test_buy_a_reroll_at_double_price(alice_client, humans):
    page = alice_client.get(humans.get_absolute_url()).text
    assert "Buy a team re-roll for 100,000 gp" in page
    text = follow_post(alice_client, reverse("teams:buy_reroll", args=[humans.pk]))
    humans.refresh_from_db()
    assert humans.rerolls == 1 and humans.treasury == 350_000 and humans.team_value == 600_000
    assert "Team re-roll bought for 100,000 gp." in text


def test_hire_and_release_staff(alice_client, humans):
    follow_post(alice_client, reverse("teams:staff_hire", args=[humans.pk, "apothecary"]))
    follow_post(alice_client, reverse("teams:staff_hire", args=[humans.pk, "cheerleaders"]))
    humans.refresh_from_db()
    assert humans.apothecary and humans.cheerleaders == 1 and humans.treasury == 450_000 - 60_000
    again = follow_post(alice_client, reverse("teams:staff_hire", args=[humans.pk, "apothecary"]))
    assert "already has an apothecary" in again
    url = reverse("teams:staff_fire", args=[humans.pk, "cheerleaders"])
    assert "Release one of the team" in alice_client.get(url).text
    follow_post(alice_client, url)
    humans.refresh_from_db()
    assert humans.cheerleaders == 0 and humans.treasury == 390_000  # no refund
    assert alice_client.post(reverse("teams:staff_hire", args=[humans.pk, "wizard"])).status_code == 404


def test_an_undead_team_is_not_offered_an_apothecary(alice_client, make_team):
    team = make_team(race="undead", players=(("skeleton", 11),))
    page = alice_client.get(team.get_absolute_url()).text
    apothecary_row = page.split("/staff/apothecary/hire/")[1].split("</form>")[0]
    assert "disabled" in apothecary_row
    text = follow_post(alice_client, reverse("teams:staff_hire", args=[team.pk, "apothecary"]))
    assert "may not hire an apothecary" in text


def test_retire_then_every_change_is_refused(alice_client, humans):
    url = reverse("teams:retire", args=[humans.pk])
    assert "Retire Reavers for good?" in alice_client.get(url).text
    follow_post(alice_client, url)
    humans.refresh_from_db()
    assert humans.status == Team.Status.RETIRED
    player = humans.players.get(number=1)
    before = (
        list(humans.players.values_list("pk", "name", "number", "status")),
        humans.ledger.count(),
        humans.audit.count(),
        humans.rerolls,
        humans.cheerleaders,
    )
    posts = [
        (reverse("teams:player_hire", args=[humans.pk]), {"position": "lineman", "name": "Late"}),
        (reverse("teams:player_fire", args=[humans.pk, player.pk]), {}),
        (reverse("teams:player_rename", args=[humans.pk, player.pk]), {"number": "50", "name": "Late"}),
        (reverse("teams:buy_reroll", args=[humans.pk]), {}),
        (reverse("teams:staff_hire", args=[humans.pk, "cheerleaders"]), {}),
        (reverse("teams:retire", args=[humans.pk]), {}),
    ]
    for url, data in posts:
        response = alice_client.post(url, data, follow=True)
        assert "This team is retired: it cannot be changed that way." in html.unescape(response.text), url
    humans.refresh_from_db()
    assert (
        list(humans.players.values_list("pk", "name", "number", "status")),
        humans.ledger.count(),
        humans.audit.count(),
        humans.rerolls,
        humans.cheerleaders,
    ) == before
    page = alice_client.get(humans.get_absolute_url()).text
    assert "Retired" in page and 'id="hire-form"' not in page


def test_commissioner_reverses_a_ledger_entry(client, commissioner, humans):
    client.force_login(commissioner)
    entry = humans.ledger.get(key="create:budget")
    url = reverse("teams:treasury_reverse", args=[humans.pk, entry.pk])
    assert "Reverse “Starting budget” (1,000,000 gp)?" in html.unescape(client.get(url).text)
    text = follow_post(client, url, {"memo": "Typo"})
    humans.refresh_from_db()
    assert humans.treasury == 450_000 - 1_000_000 and "Entry reversed" in text
    assert humans.ledger.filter(key=f"reverse:{entry.pk}", memo="Typo").exists()
    again = follow_post(client, url)
    assert "already been reversed" in again


def test_owner_sees_no_reverse_link(alice_client, humans):
    assert "/reverse/" not in alice_client.get(humans.get_absolute_url()).text


def test_anonymous_readers_see_the_sheet_without_management(client, humans):
    text = client.get(humans.get_absolute_url()).text
    assert "Lineman 11" in text and 'id="hire-form"' not in text and "/fire/" not in text


def test_json_export(client, make_team):
    team = make_team(players=(("lineman", 11), ("blitzer", 1)), rerolls=2, apothecary=True)
    response = client.get(reverse("teams:export", args=[team.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    data = json.loads(response.content)
    assert data["ruleset"]["key"] == "lrb6" and data["ruleset"]["version"]
    assert data["team"]["name"] == "Reavers" and data["team"]["race"] == "human" and data["team"]["rerolls"] == 2
    assert data["staff"] == {"assistant_coaches": 0, "cheerleaders": 0, "apothecary": True}
    assert data["treasury"] == team.treasury == 1_000_000 - 550_000 - 90_000 - 100_000 - 50_000
    assert data["team_value"] == team.team_value == 550_000 + 90_000 + 100_000 + 50_000
    blitzer = next(p for p in data["players"] if p["position"] == "blitzer")
    assert blitzer["profile"] == {"ma": 7, "st": 3, "ag": 3, "av": 8}
    assert blitzer["skills"] == ["block"] and blitzer["value"] == 90_000
    assert blitzer["position_name"] == {"en": "Blitzer", "fr": "Blitzeur"}
    assert len(data["players"]) == 12 and sum(p["value"] for p in data["players"]) == 640_000
    assert client.get("/teams/999999/export.json").status_code == 404


def test_my_teams(client, make_team, coach_alice, user_factory):
    assert client.get(reverse("teams:mine")).status_code == 302
    make_team()
    client.force_login(coach_alice)
    text = client.get(reverse("teams:mine")).text
    assert "Reavers" in text and "Human" in text and "Test League" in text
    client.force_login(user_factory("nobody"))
    assert "You have no team yet" in client.get(reverse("teams:mine")).text


def test_french_team_page(client, humans, coach_alice):
    client.force_login(coach_alice)
    client.cookies["django_language"] = "fr"
    text = client.get(humans.get_absolute_url()).text
    assert "Trésorerie" in text and "Trois-quart" in text and 'lang="fr"' in text
    response = client.post(
        reverse("teams:player_hire", args=[humans.pk]), {"position": "dragon", "name": "Smaug"}, follow=True
    )
    assert "« dragon » n'est pas un poste de cette équipe." in html.unescape(response.text)


# --- SQL queries do not grow with the roster or the league ---


def _count_queries(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize("viewer", ["anonymous", "owner", "commissioner"])
def test_team_page_queries_do_not_grow_with_players(
    client, make_team, coach_alice, commissioner, django_assert_num_queries, viewer
):
    small = make_team("Eleven", players=(("lineman", 11),))
    big = make_team("Sixteen", players=(("lineman", 10), ("blitzer", 4), ("catcher", 2)))
    assert big.players.count() == 16 and small.players.count() == 11
    if viewer != "anonymous":
        client.force_login(coach_alice if viewer == "owner" else commissioner)
    _count_queries(client, small.get_absolute_url())  # warm the session and any caches
    expected = _count_queries(client, small.get_absolute_url())
    with django_assert_num_queries(expected):
        assert client.get(big.get_absolute_url()).status_code == 200


def test_league_page_queries_do_not_grow_with_teams(
    client, league, make_team, user_factory, django_assert_num_queries, coach_alice
):
    from league.core.services import league_create

    other = league_create(name="Big League", ruleset="lrb6", commissioner=user_factory("boss"))
    for i in range(2):
        make_team(f"Small {i}")
    # Several races too: naming a race must not cost a query.
    races = [("human", "lineman"), ("orc", "lineman"), ("dwarf", "blocker")]
    for i in range(6):
        coach = user_factory(f"coach{i}")
        membership_add(league=other, user=coach)
        race, position = races[i % 3]
        make_team(f"Big {i}", coach=coach, in_league=other, race=race, players=((position, 11),))
    membership_add(league=other, user=coach_alice)  # the same viewer, a member of both
    client.force_login(coach_alice)
    _count_queries(client, league.get_absolute_url())
    expected = _count_queries(client, league.get_absolute_url())
    with django_assert_num_queries(expected):
        response = client.get(other.get_absolute_url())
    assert response.text.count("/teams/") >= 6


def test_a_draft_and_a_retired_team_show_their_status_on_the_league_page(client, league, make_team, draft):
    retired = make_team("Old Boys")
    team_retire(team=retired)
    text = client.get(league.get_absolute_url()).text
    assert "Draft" in text and "Retired" in text and "Half Built" in text
