"""The correction of a processed match through its pages (matches/views/corrections.py): the sheet
prefilled from the stored inputs, the preview in words, the confirmation, the void and its
restore; what the match page, the team page and the coaches' to-do then show; who may do it (the
permission matrix of matches:correct and matches:correction: tests/web/test_write_matrix.py sends
here); bad input; French.

The worked match (tests/builders.py): Reavers 2-1 Gouged Eye, #1 Lineman 1 scored both Reavers
touchdowns (6 SPP), #2 Lineman 2 threw a completion (1 SPP); every die entered at the table."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.core.services import league_create, league_join
from matches.models import Match, MatchCorrection
from matches.services.corrections import correction_draft
from teams.states import team_states

# The sheet is read back from the page's form: every page rendered, none served from the page cache.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def correct_url(match: Match) -> str:
    return reverse("matches:correct", args=[match.pk])


def sheet(client: Client, match: Match) -> dict[str, str]:
    """The correction sheet as the page fills it, ready to post back."""
    form = client.get(correct_url(match)).context["form"]
    data = {
        name: "on" if value is True else str(value)
        for name, value in form.initial.items()
        if value not in (None, "", False)
    }
    return data | {"action": "edit"}


def text(response) -> str:
    return text_of(response.content.decode())


def text_of(body: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).replace("&#x27;", "'").replace("\u00a0", " ")


def roster_spp(client: Client, team, number: int) -> str:
    page = client.get(team.get_absolute_url()).content.decode()
    row = re.search(rf'data-number="{number}">(.*?)</tr>', page, re.S)
    assert row is not None
    found = re.search(r'class="stat roster-spp"[^>]*>(\d+)<', row.group(1))
    assert found is not None
    return found.group(1)


def confirm(client: Client, correction_id: int, capture):
    with capture(execute=True):  # the Celery task, in-process, once the confirmation commits
        response = client.post(reverse("matches:correction", args=[correction_id]), {"action": "confirm"})
    assert response.status_code == 302
    return response


def move_a_touchdown(client: Client, match: Match) -> MatchCorrection:
    data = sheet(client, match) | {f"p{line_id(match, 1)}_td": "1", f"p{line_id(match, 2)}_td": "1"}
    data["reason"] = "The second touchdown was Lineman 2's"
    response = client.post(correct_url(match), data)
    assert response.status_code == 302, text(response)
    correction = MatchCorrection.objects.get(match=match)
    assert response["Location"] == reverse("matches:correction", args=[correction.pk])
    return correction


def line_id(match: Match, number: int) -> int:
    return match.home.players.get(number=number).pk


def test_a_commissioner_moves_a_touchdown_reads_the_preview_and_confirms(
    boss, processed_match, django_capture_on_commit_callbacks
):
    match = processed_match
    page = boss.get(correct_url(match))
    assert page.status_code == 200
    words = text(page)
    assert "Fan factor dice, Reavers" in words and "Winnings die, Gouged Eye" in words
    assert 'value="6, 6, 6"' in page.content.decode()  # every post-match die, prefilled
    correction = move_a_touchdown(boss, match)
    assert correction.status == MatchCorrection.Status.DRAFT and correction.preview is None

    preview = boss.get(reverse("matches:correction", args=[correction.pk]))
    words = text(preview)
    assert "What it would move" in words
    assert "#1 Lineman 1: SPP 6 → 3" in words and "#2 Lineman 2: SPP 1 → 4" in words
    assert "Reason: The second touchdown was Lineman 2's" in words
    match.refresh_from_db()
    assert roster_spp(boss, match.home, 1) == "6"  # nothing changed before the confirmation

    response = confirm(boss, correction.pk, django_capture_on_commit_callbacks)
    assert response["Location"] == match.get_absolute_url()
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    assert roster_spp(boss, match.home, 1) == "3" and roster_spp(boss, match.home, 2) == "4"

    shown = text(boss.get(match.get_absolute_url()))
    assert "Corrections" in shown and "#2 Lineman 2: SPP 1 → 4" in shown
    assert "Processed result corrected by the commissioner, commissioner" in shown
    team_page = text(boss.get(match.home.get_absolute_url()))
    assert "Corrections of processed matches" in team_page and "#1 Lineman 1: SPP 6 → 3" in team_page
    # The other team was not moved: its page lists nothing.
    assert "Corrections of processed matches" not in text(boss.get(match.away.get_absolute_url()))


def test_the_coaches_concerned_read_it_in_their_to_do_for_two_weeks(
    client, boss, processed_match, coach_alice, coach_carol, django_capture_on_commit_callbacks
):
    confirm(boss, move_a_touchdown(boss, processed_match).pk, django_capture_on_commit_callbacks)
    client.force_login(coach_alice)
    home = text(client.get("/"))
    assert "Reavers – Gouged Eye was corrected" in home and "your team Reavers" in home
    client.force_login(coach_carol)  # a coach of the league whose teams it did not touch
    assert "was corrected" not in text(client.get("/"))
    MatchCorrection.objects.update(applied_at=timezone.now() - timedelta(days=15))
    client.force_login(coach_alice)
    assert "was corrected" not in text(client.get("/"))


BAD = [
    ({"reason": ""}, "This field is required."),
    ({"die__winnings__home": "four"}, "Write the dice as numbers separated by commas"),
    ({"die__ff__home": "6, 0, 6"}, "A die shows 1 or more."),
    ({"home_score": "-1"}, "home score cannot be negative."),
    ({"p99999_td": "1"}, "Player #99999 did not take part in this match."),
]


@pytest.mark.parametrize(("change", "error"), BAD)
def test_bad_input_is_shown_and_nothing_is_created(boss, processed_match, change, error):
    before = team_states([processed_match.home_id, processed_match.away_id])
    data = sheet(boss, processed_match) | {"reason": "A fix"} | change
    response = boss.post(correct_url(processed_match), data)
    assert response.status_code == 200
    assert error in text(response)
    assert not MatchCorrection.objects.exists()
    assert team_states([processed_match.home_id, processed_match.away_id]) == before


def test_a_void_without_its_reason_is_refused(boss, processed_match):
    response = boss.post(correct_url(processed_match), {"action": "void", "void-reason": "  "})
    assert response.status_code == 200 and "This field is required." in text(response)
    assert not MatchCorrection.objects.exists()


def test_a_preview_the_rules_refuse_cannot_be_confirmed(boss, processed_match, django_capture_on_commit_callbacks):
    data = sheet(boss, processed_match) | {"reason": "Die typo", "die__winnings__home": "9"}
    assert boss.post(correct_url(processed_match), data).status_code == 302
    correction = MatchCorrection.objects.get()
    preview = text(boss.get(reverse("matches:correction", args=[correction.pk])))
    assert "The rules refuse it" in preview and "9" in preview
    assert "Confirm the correction" not in preview and "Edit it again" in preview
    response = confirm(boss, correction.pk, django_capture_on_commit_callbacks)
    assert response["Location"] == reverse("matches:correction", args=[correction.pk])
    assert "The rules refuse this correction" in text(boss.get(response["Location"]))
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.DRAFT
    # Edited again from the refused draft's values, not from the match's.
    again = boss.get(correct_url(processed_match) + f"?from={correction.pk}")
    assert again.context["form"].initial["die__winnings__home"] == "9"


def test_void_then_restore(boss, processed_match, django_capture_on_commit_callbacks):
    match = processed_match
    teams = [match.home_id, match.away_id]
    before = team_states(teams)
    response = boss.post(correct_url(match), {"action": "void", "void-reason": "Never played"})
    assert response.status_code == 302
    void = MatchCorrection.objects.get()
    preview = text(boss.get(response["Location"]))
    assert "Void this match?" in preview and "Reavers" in preview and "#1 Lineman 1: SPP 6 → 0" in preview
    confirm(boss, void.pk, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.status == Match.Status.VOID
    page = text(boss.get(match.get_absolute_url()))
    assert "This match is void: its result no longer counts." in page
    assert "Voided by commissioner. Reason: Never played" in page and "Match voided by the commissioner" in page
    assert "Correct this match" in page and roster_spp(boss, match.home, 1) == "0"
    again = text(boss.get(correct_url(match)))  # a void match is corrected to count again; not voided twice
    assert "Correcting it makes it count again" in again and "Void this match" not in again

    restored = boss.post(
        reverse("matches:correction", args=[void.pk]), {"action": "restore", "restore-reason": "It was played"}
    )
    restore = MatchCorrection.objects.exclude(pk=void.pk).get()
    assert restored["Location"] == reverse("matches:correction", args=[restore.pk])
    assert "#1 Lineman 1: SPP 0 → 6" in text(boss.get(restored["Location"]))
    confirm(boss, restore.pk, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED
    assert team_states(teams) == before
    assert roster_spp(boss, match.home, 1) == "6"


def test_the_pages_read_in_french(client, boss, processed_match, django_capture_on_commit_callbacks):
    boss.cookies["django_language"] = "fr"
    page = text(boss.get(correct_url(processed_match)))
    assert "Corriger ou annuler un match traité" in page and "Dés de popularité" in page
    refused = boss.post(correct_url(processed_match), sheet(boss, processed_match) | {"reason": ""})
    assert "Ce champ est obligatoire." in text(refused)
    correction = move_a_touchdown(boss, processed_match)
    preview = text(boss.get(reverse("matches:correction", args=[correction.pk])))
    assert "Ce qu'elle changerait" in preview and "#1 Lineman 1 : XP 6 → 3" in preview
    confirm(boss, correction.pk, django_capture_on_commit_callbacks)
    match_page = text(boss.get(processed_match.get_absolute_url()))
    assert "Résultat traité corrigé par le commissaire" in match_page and "Ce qu'elle a changé" in match_page
    assert "Corrections de matchs traités" in text(boss.get(processed_match.home.get_absolute_url()))


# --- Who may correct: only the league's commissioner (403 for anyone else, the login for a visitor) ---


@pytest.fixture
def outsiders(league, coach_alice, coach_bob, coach_carol, user_factory) -> dict[str, object]:
    olga = user_factory("olga")
    league_create(name="Other League", ruleset=league.ruleset, commissioner=olga)
    league_join(league=league, user=coach_bob)
    return {
        "stranger": user_factory("sam"),
        "league coach": coach_carol,
        "home coach": coach_alice,
        "away coach": coach_bob,
        "another league's commissioner": olga,
    }


def database() -> list[tuple]:
    rows = list(MatchCorrection.objects.values_list("pk", "status", "kind", "preview", "moved"))
    return rows + list(Match.objects.values_list("pk", "status", "home_score", "away_score"))


def test_only_the_commissioner_corrects_voids_or_confirms(client, processed_match, commissioner, outsiders):
    draft = correction_draft(match=processed_match, by=commissioner, reason="A fix", void=True)
    page = reverse("matches:correction", args=[draft.pk])
    requests = [
        ("get", correct_url(processed_match), {}),
        ("post", correct_url(processed_match), {"action": "void", "void-reason": "Never played"}),
        ("get", page, {}),
        ("post", page, {"action": "confirm"}),
        ("post", page, {"action": "discard"}),
    ]
    before = database()
    for method, url, data in requests:
        visitor = getattr(Client(), method)(url, data)
        assert visitor.status_code == 302 and visitor["Location"].startswith(reverse("login")), url
        for who, user in outsiders.items():
            browser = Client()
            browser.force_login(user)
            assert getattr(browser, method)(url, data).status_code == 403, (who, method, url)
    assert database() == before
    client.force_login(commissioner)
    assert client.get(correct_url(processed_match)).status_code == 200
    assert client.post(page, {"action": "discard"})["Location"] == processed_match.get_absolute_url()
    draft.refresh_from_db()
    assert draft.status == MatchCorrection.Status.DISCARDED


def test_a_match_not_processed_has_no_correction_page(boss, submitted_match):
    response = boss.get(correct_url(submitted_match))
    assert response.status_code == 302 and response["Location"] == submitted_match.get_absolute_url()
    assert "Correct or void" not in text(boss.get(submitted_match.get_absolute_url()))


def test_the_match_page_offers_it_to_the_commissioner_only(client, boss, processed_match, coach_alice):
    assert "Correct or void" in text(boss.get(processed_match.get_absolute_url()))
    client.force_login(coach_alice)
    assert "Correct or void" not in text(client.get(processed_match.get_absolute_url()))


def test_both_coaches_correct_together_where_the_league_lets_them(
    client, processed_match, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    match = processed_match
    alice, bob = Client(), Client()
    alice.force_login(coach_alice)
    bob.force_login(coach_bob)
    assert alice.get(correct_url(match)).status_code == 403  # off by default: the commissioner alone
    match.league.coaches_correct = True
    match.league.save(update_fields=["coaches_correct"])

    assert "Correct or void" in text(alice.get(match.get_absolute_url()))
    response = alice.post(correct_url(match), {"action": "void", "void-reason": "We never played it"})
    proposal = MatchCorrection.objects.get(match=match)
    raw = alice.get(response["Location"]).content.decode()
    assert (
        "waits for the other coach of the match to accept it" in text_of(raw) and 'id="confirm-correction"' not in raw
    )
    alice.post(reverse("matches:correction", args=[proposal.pk]), {"action": "confirm"})
    proposal.refresh_from_db()
    assert proposal.status == MatchCorrection.Status.DRAFT  # the proposer cannot accept his own

    home = text(bob.get("/"))
    assert "alice proposes a correction of Reavers – Gouged Eye" in home and "Read and accept" in home
    confirm(bob, proposal.pk, django_capture_on_commit_callbacks)
    proposal.refresh_from_db()
    assert proposal.status == MatchCorrection.Status.APPLIED and proposal.confirmed_by == coach_bob
    assert Match.objects.get(pk=match.pk).status == Match.Status.VOID
    assert "proposes a correction" not in text(bob.get("/"))
