"""A result whose touchdowns are not all credited to players is refused, with the reason, on the
result page, by the importer and through the API; the form says what counts."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.core.models import HouseRule
from rest_framework.test import APIClient

from league.rules import InducementOrder, Mercenary
from matches.importing import import_match
from matches.models import Match
from matches.services import (
    MatchError,
    PlayerLine,
    PrematchInput,
    ReportInput,
    prematch_record,
    report_save,
    report_submit,
)
from tests.api.conftest import refused
from tests.builders import pid
from tests.matches.test_import_service import example, row_counts
from tests.matches.test_views_support import login

pytestmark = pytest.mark.django_db

MISSING_ONE = (
    "Reavers scored 2 but 1 touchdown is credited to no player: credit it to the player who scored it, or count "
    "it under “no roster scorer” if a star player or a mercenary scored it or it was awarded."
)
MISSING_ONE_FR = (
    "Reavers a marqué 2 mais 1 touchdown n'est attribué à aucun joueur\u00a0: attribuez-le au joueur qui l'a "
    "marqué, ou comptez-le sous «\u00a0sans marqueur de l'effectif\u00a0» si un champion ou un mercenaire l'a "
    "marqué ou s'il a été accordé."
)


def sheet(humans, **fields) -> dict[str, str]:
    """2-0 for the Reavers, one touchdown credited to #1."""
    data = {"home_score": "2", "away_score": "0", "home_fame": "0", "away_fame": "0", "action": "submit"}
    data[f"p{pid(humans, 1)}_td"] = "1"
    data.update({k: str(v) for k, v in fields.items()})
    return data


def page_text(response) -> str:
    import html

    return html.unescape(response.content.decode())


# --- The result page ---


def test_the_form_says_what_counts(client, ready_match, coach_alice):
    page = page_text(login(client, coach_alice).get(reverse("matches:result", args=[ready_match.pk])))
    help_text = page[page.index('id="score-help"') :].split("</p>")[0]
    assert "Every touchdown must be credited to the player who scored it" in help_text
    assert "star player or mercenary" in help_text and "after the KO rolls" in help_text
    assert "After a concession, the score of the team that did not concede needs no scorer." in help_text
    assert 'name="home_uncredited_touchdowns"' in page and 'name="away_uncredited_touchdowns"' in page


def test_submitting_an_uncredited_touchdown_is_refused_on_the_page(client, ready_match, humans, coach_alice):
    url = reverse("matches:result", args=[ready_match.pk])
    response = login(client, coach_alice).post(url, sheet(humans))
    assert response.status_code == 200 and MISSING_ONE in page_text(response)
    match = Match.objects.get(pk=ready_match.pk)
    assert match.status == Match.Status.DRAFT and match.submitted_by is None  # saved, not submitted
    # Declared as awarded with no scorer, it counts.
    response = client.post(url, sheet(humans, home_uncredited_touchdowns=1))
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.SUBMITTED and match.home_uncredited_touchdowns == 1
    page = page_text(client.get(match.get_absolute_url()))
    assert "Touchdowns with no roster scorer (star player, mercenary or awarded): 1 / 0" in page


def test_a_draft_may_be_saved_before_every_touchdown_is_credited(client, ready_match, humans, coach_alice):
    response = login(client, coach_alice).post(
        reverse("matches:result", args=[ready_match.pk]), sheet(humans, action="save")
    )
    assert response.status_code == 302 and Match.objects.get(pk=ready_match.pk).status == Match.Status.DRAFT
    submit = client.post(reverse("matches:submit", args=[ready_match.pk]), follow=True)
    assert MISSING_ONE in page_text(submit) and Match.objects.get(pk=ready_match.pk).status == Match.Status.DRAFT


def test_the_refusal_is_in_french(client, ready_match, humans, coach_alice):
    client.cookies["django_language"] = "fr"
    response = login(client, coach_alice).post(reverse("matches:result", args=[ready_match.pk]), sheet(humans))
    text = page_text(response)
    assert MISSING_ONE_FR in text and "Chaque touchdown doit être attribué au joueur qui l'a marqué" in text


def test_more_declared_than_scored_is_refused(ready_match, humans, coach_alice):
    report = ReportInput(
        home_score=1, away_score=0, home_uncredited_touchdowns=1, lines=(PlayerLine(pid(humans, 1), touchdowns=1),)
    )
    report_save(match=ready_match, report=report, by=coach_alice)
    with pytest.raises(MatchError) as refused:
        report_submit(match=ready_match, by=coach_alice)
    assert refused.value.messages == [
        "Reavers: 1 touchdowns credited to players and 1 with no roster scorer, more than its score of 1."
    ]


def test_without_awarded_touchdowns_only_a_side_with_a_mercenary_declares_one(
    league, scheduled, humans, orcs, coach_alice
):
    HouseRule.objects.create(league=league, key="awarded_touchdowns_without_scorer", value=False)
    match = prematch_record(
        match=scheduled,
        data=PrematchInput(
            weather_dice=(3, 4),
            home_petty_cash=80_000,
            home_inducements=InducementOrder(mercenaries=(Mercenary("lineman", None),)),
        ),
        by=coach_alice,
    )
    report_save(
        match=match,
        report=ReportInput(home_score=1, away_score=1, home_uncredited_touchdowns=1, away_uncredited_touchdowns=1),
        by=coach_alice,
    )
    with pytest.raises(MatchError) as refused:
        report_submit(match=match, by=coach_alice)
    # The Reavers' mercenary may have scored; the orcs fielded nobody who could.
    assert refused.value.messages == [
        "Gouged Eye fielded no star player or mercenary and this league awards no touchdown without a scorer: "
        "credit every touchdown to the player who scored it."
    ]


# --- The importer and the API ---


def test_the_import_refuses_an_uncredited_touchdown_and_writes_nothing(humans, orcs, commissioner):
    data = example()
    data["result"]["home_score"] = 3
    before = row_counts()
    with pytest.raises(MatchError) as refused:
        import_match(data, by=commissioner)
    assert refused.value.messages == [MISSING_ONE.replace("scored 2", "scored 3")]
    assert row_counts() == before


def test_the_import_accepts_a_declared_touchdown(humans, orcs, commissioner, django_capture_on_commit_callbacks):
    data = example()
    data["result"].update(home_score=3, home_uncredited_touchdowns=1)
    with django_capture_on_commit_callbacks(execute=True):
        match = import_match(data, by=commissioner).match
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED and match.home_uncredited_touchdowns == 1


def test_the_api_refuses_it_with_the_reason(humans, orcs, coach_alice):
    data = example()
    data["result"]["home_score"] = 3
    client = APIClient()
    client.force_authenticate(coach_alice)
    response = client.post("/api/matches/import/", data, format="json")
    assert response.status_code == 400
    assert response.json() == refused(MISSING_ONE.replace("scored 2", "scored 3"))
    french = client.post("/api/matches/import/", data, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert french.json() == refused(MISSING_ONE_FR.replace("marqué 2", "marqué 3"))
    assert not Match.objects.exists()


def test_a_conceded_matchs_awarded_score_needs_no_scorer_unless_the_league_says_so(
    league, humans, orcs, commissioner, django_capture_on_commit_callbacks
):
    data = example("conceded-match")  # the Reavers conceded to Gouged Eye
    data["casualties"]["home"][0].pop("apothecary")  # the fixture's Reavers have no apothecary
    data["result"]["away_score"] = 2  # one touchdown credited, the other awarded after the concession
    rule = HouseRule.objects.create(league=league, key="conceded_match_score_needs_no_scorer", value=False)
    with pytest.raises(MatchError) as caught:
        import_match(data, by=commissioner)
    assert caught.value.messages == [MISSING_ONE.replace("Reavers", "Gouged Eye")]
    rule.delete()
    with django_capture_on_commit_callbacks(execute=True):
        match = import_match(data, by=commissioner).match
    match.refresh_from_db()
    assert (match.status, match.away_score, match.away_uncredited_touchdowns) == (Match.Status.PROCESSED, 2, 0)
