"""Building a team through the pages: the guided form, its live preview, drafts and refusals."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from league.core.models import AuditEntry

from teams.models import Player, Team, TreasuryEntry

pytestmark = pytest.mark.django_db


def form_data(name="Reavers", race="human", rows=(), action="create", **head):
    """A creation form as the browser posts it; rows are (position, number, name)."""
    data = {
        "name": name,
        "race": race,
        "rerolls": "0",
        "fan_factor": "0",
        "assistant_coaches": "0",
        "cheerleaders": "0",
        "players-TOTAL_FORMS": str(len(rows)),
        "players-INITIAL_FORMS": "0",
        "players-MIN_NUM_FORMS": "0",
        "players-MAX_NUM_FORMS": "30",
        "action": action,
    }
    data.update({k: str(v) for k, v in head.items()})
    for i, (position, number, player_name) in enumerate(rows):
        data[f"players-{i}-position"] = position
        data[f"players-{i}-number"] = str(number)
        data[f"players-{i}-name"] = player_name
    return data


def rows_of(*spec: tuple[str, int]) -> list[tuple[str, int, str]]:
    rows: list[tuple[str, int, str]] = []
    for position, count in spec:
        for _ in range(count):
            rows.append((position, len(rows) + 1, f"Player {len(rows) + 1}"))
    return rows


LEGAL = rows_of(("lineman", 7), ("catcher", 2), ("thrower", 1), ("blitzer", 2))  # 740,000


def nothing_written() -> bool:
    return not (
        Team.objects.exists()
        or Player.objects.exists()
        or TreasuryEntry.objects.exists()
        or AuditEntry.objects.filter(team__isnull=False).exists()
    )


def new_url(league) -> str:
    return reverse("league:team_new", args=[league.slug])


def test_the_form_offers_every_race_and_eleven_player_rows(alice_client, league):
    page = alice_client.get(new_url(league))
    assert page.status_code == 200
    assert "Human" in page.text and "Wood Elf" in page.text
    assert page.text.count('class="row g-1 mb-1 align-items-start player-row"') == 11
    assert 'id="budget-left"' in page.text and "1,000,000" in page.text


def test_a_legal_team_is_created_and_paid_for(alice_client, league, coach_alice):
    data = form_data(rows=LEGAL, rerolls=3, fan_factor=3, assistant_coaches=1, cheerleaders=1, apothecary="on")
    response = alice_client.post(new_url(league), data)
    team = Team.objects.get()
    assert response.status_code == 302 and response["Location"] == team.get_absolute_url()
    assert team.status == Team.Status.READY and team.coach == coach_alice
    assert team.treasury == 10_000 and team.team_value == 990_000
    assert sorted(team.players.values_list("number", flat=True)) == list(range(1, 13))
    page = alice_client.get(team.get_absolute_url())
    assert "is ready to play" in page.text and "990,000" in page.text


def test_blank_rows_are_ignored(alice_client, league):
    rows = LEGAL + [("", 13, ""), ("", 14, "")]
    assert alice_client.post(new_url(league), form_data(rows=rows)).status_code == 302
    assert Team.objects.get().players.count() == 12


@pytest.mark.parametrize(
    "rows, expected",
    [
        (rows_of(("lineman", 7), ("blitzer", 5)), "Blitzer: at most 4 players per team"),
        (rows_of(("lineman", 6), ("blitzer", 4), ("catcher", 4), ("ogre", 1)), "over the 1"),
        (rows_of(("lineman", 10)), "at least 11 players"),
        (LEGAL[:-1] + [("dragon", 12, "Smaug")], "“dragon” is not a position of this team."),
        (LEGAL[:-1] + [("lineman", 1, "Twin")], "Two players cannot wear the same number."),
        (LEGAL[:-1] + [("lineman", "seven", "Twin")], "Enter a whole number."),
        (LEGAL[:-1] + [("lineman", 12, "")], "Every player needs a name."),
    ],
    ids=["position-max", "over-budget", "too-few", "unknown-position", "duplicate-number", "non-numeric", "no-name"],
)
def test_refusals_keep_everything_typed_and_write_nothing(alice_client, league, rows, expected):
    response = alice_client.post(new_url(league), form_data(name="Typed Name", rows=rows, fan_factor=2))
    assert response.status_code == 200
    assert expected in response.text, expected
    assert 'value="Typed Name"' in response.text and 'name="fan_factor" value="2"' in response.text
    assert 'value="Player 3"' in response.text
    assert nothing_written()


def test_over_budget_gives_cost_and_budget_in_the_message(alice_client, league):
    rows = rows_of(("lineman", 6), ("blitzer", 4), ("catcher", 4), ("ogre", 1))  # 1,080,000
    response = alice_client.post(new_url(league), form_data(rows=rows))
    # The thousands separator is the service's business (a comma or a narrow space).
    assert re.search(r"This team costs 1.?080.?000 gp, over the 1.?000.?000 gp budget\.", response.text)
    assert nothing_written()


def test_every_broken_rule_is_listed(alice_client, league):
    rows = rows_of(("lineman", 3), ("blitzer", 5))
    response = alice_client.post(new_url(league), form_data(name="", race="human", rows=rows, rerolls=9))
    text = response.text
    assert "This field is required." in text  # the team name, checked by the form
    for expected in ("Blitzer: at most 4 players per team", "at least 11 players", "at most 8 team re-rolls"):
        assert expected in text
    assert nothing_written()


def test_a_draft_is_saved_half_built_edited_then_made_ready(alice_client, league):
    response = alice_client.post(new_url(league), form_data(rows=LEGAL[:5], action="draft"))
    team = Team.objects.get()
    assert response.status_code == 302 and team.status == Team.Status.DRAFT
    assert not team.ledger.exists() and team.players.count() == 5
    page = alice_client.get(team.get_absolute_url())
    assert "Draft" in page.text and 'id="draft-budget-left">750,000<' in page.text and "Make ready" in page.text

    # Making it ready now is refused: it has 5 players.
    alice_client.post(reverse("teams:ready", args=[team.pk]))
    team.refresh_from_db()
    assert team.status == Team.Status.DRAFT
    assert "at least 11 players" in alice_client.get(team.get_absolute_url()).text

    edit = alice_client.get(reverse("teams:edit", args=[team.pk]))
    assert edit.status_code == 200 and 'value="Player 5"' in edit.text
    alice_client.post(reverse("teams:edit", args=[team.pk]), form_data(rows=LEGAL, action="draft"))
    team.refresh_from_db()
    assert team.players.count() == 12 and team.status == Team.Status.DRAFT

    response = alice_client.post(reverse("teams:ready", args=[team.pk]))
    team.refresh_from_db()
    assert response.status_code == 302 and team.status == Team.Status.READY
    assert team.treasury == 260_000 and team.team_value == 740_000


def test_editing_a_draft_and_making_it_ready_in_one_go(alice_client, league, draft):
    url = reverse("teams:edit", args=[draft.pk])
    response = alice_client.post(url, form_data(name="Half Built", rows=LEGAL, action="create"))
    draft.refresh_from_db()
    assert response.status_code == 302 and draft.status == Team.Status.READY and draft.treasury == 260_000


def test_a_draft_that_cannot_be_made_ready_is_saved_and_the_reasons_shown(alice_client, league, draft):
    url = reverse("teams:edit", args=[draft.pk])
    response = alice_client.post(url, form_data(name="Half Built", rows=LEGAL[:8], action="create"))
    draft.refresh_from_db()
    assert response.status_code == 200 and "at least 11 players" in response.text
    assert draft.status == Team.Status.DRAFT and draft.players.count() == 8


def test_only_a_draft_can_be_edited(alice_client, humans):
    response = alice_client.get(reverse("teams:edit", args=[humans.pk]))
    assert response.status_code == 302 and response["Location"] == humans.get_absolute_url()


def test_live_preview_shows_cost_budget_left_and_broken_rules_without_writing(alice_client, league):
    url = reverse("league:team_new_preview", args=[league.slug])
    rows = rows_of(("lineman", 7), ("blitzer", 5))  # 350,000 + 450,000
    response = alice_client.post(url, form_data(rows=rows, rerolls=2), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    text = response.text
    assert 'id="order-cost">900,000<' in text and 'id="budget-left">100,000<' in text
    assert "Blitzer: at most 4 players" in text and "<html" not in text
    assert nothing_written()

    legal = alice_client.post(url, form_data(rows=LEGAL), HTTP_HX_REQUEST="true")
    assert 'id="budget-left">260,000<' in legal.text and 'id="order-ok"' in legal.text

    over = alice_client.post(url, form_data(rows=rows_of(("lineman", 6), ("blitzer", 4), ("catcher", 4), ("ogre", 1))))
    assert 'text-danger" id="budget-left">-80,000<' in over.text and "over the 1" in over.text

    unreadable = alice_client.post(url, form_data(race="", rows=[("", "x", "")], rerolls="lots"))
    assert unreadable.status_code == 200 and "Choose a race." in unreadable.text


def test_changing_the_race_re_renders_the_positions_and_the_apothecary(alice_client, league):
    url = reverse("league:team_new_fields", args=[league.slug])
    data = form_data(race="undead", name="Kept", rows=[("lineman", 1, "Kept name"), ("", 2, "")], apothecary="on")
    response = alice_client.post(url, data, HTTP_HX_REQUEST="true")
    text = response.text
    assert response.status_code == 200 and 'id="order-body"' in text and "<html" not in text
    assert 'value="skeleton"' in text and 'value="lineman"' not in text  # Undead positions only
    assert 'value="Kept name"' in text and 'value="Kept"' in text
    assert "This team may not hire an apothecary." in text
    assert 'name="apothecary"' in text and "disabled" in text.split('name="apothecary"')[1].split(">")[0]
    human = alice_client.post(url, form_data(race="human", rows=[("", 1, "")]), HTTP_HX_REQUEST="true")
    assert 'value="blitzer"' in human.text and "Blitzer — 90,000 (0–4)" in human.text
    assert nothing_written()


def test_adding_and_removing_a_row(alice_client, league):
    url = reverse("league:team_new_fields", args=[league.slug])
    rows = [("lineman", 1, "A"), ("lineman", 2, "B")]
    added = alice_client.post(url, {**form_data(rows=rows), "add_row": "1"}, HTTP_HX_REQUEST="true")
    assert added.text.count('player-row"') == 3
    assert 'name="players-TOTAL_FORMS" value="3"' in added.text
    assert 'name="players-2-number" value="3"' in added.text  # the next free number
    removed = alice_client.post(url, {**form_data(rows=rows), "remove_row": "0"}, HTTP_HX_REQUEST="true")
    assert removed.text.count('player-row"') == 1 and 'value="B"' in removed.text and 'value="A"' not in removed.text


def test_unknown_race_is_refused(alice_client, league):
    response = alice_client.post(new_url(league), form_data(race="dragons", rows=LEGAL))
    assert response.status_code == 200 and "Select a valid choice" in response.text
    assert nothing_written()


def test_french_refusal_messages(client, league, coach_alice):
    client.force_login(coach_alice)
    client.cookies["django_language"] = "fr"
    response = client.post(new_url(league), form_data(rows=LEGAL[:-1] + [("dragon", 12, "Smaug")]))
    assert response.status_code == 200
    assert "« dragon » n'est pas un poste de cette équipe." in html.unescape(response.text)
    assert 'lang="fr"' in response.text
    assert nothing_written()
