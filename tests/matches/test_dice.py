"""The post-match dice page (/matches/<id>/dice/) and its service: the MVP draw, improvement rolls
and departures rolled at the table, as the rules engine asks for them."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from league.core.models import AuditEntry
from matches.models import Decision, DiceRoll, Match
from matches.services import (
    MatchError,
    ReportInput,
    report_confirm,
    report_dice_enter,
    report_save,
    report_submit,
    requested_dice,
)
from teams.models import ImprovementRoll, Player
from tests.builders import pid
from tests.matches.test_views_support import login

pytestmark = pytest.mark.django_db


def url(match) -> str:
    return reverse("matches:dice", args=[match.pk])


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')


def entered(match) -> dict[str, list[int]]:
    return {
        d.purpose: d.values for d in DiceRoll.objects.filter(match=match, source="entered").exclude(purpose="weather")
    }


@pytest.fixture
def draft(ready_match, humans, coach_alice):
    """Humans 1-0 Orcs, nothing rolled at the table; Humans #4 sits one SPP below his first level
    (6), so the MVP (+5) takes him over it: candidate 4 of the home draw."""
    Player.objects.filter(pk=pid(humans, 4)).update(spp=1)
    return report_save(
        match=ready_match, report=ReportInput(home_score=1, away_score=0, home_uncredited_touchdowns=1), by=coach_alice
    )


def field(key: str, index: int = 0) -> str:
    return f"die__{key.replace(':', '__')}__{index}"


# --- the service ---


def test_the_engine_lists_the_dice_in_the_sequences_order(draft):
    rows = requested_dice(draft)
    assert [(r.key, r.count, r.sides) for r in rows] == [
        ("mvp:home:1", 1, 11),
        ("mvp:away:1", 1, 11),
        ("winnings:home", 1, 6),
        ("winnings:away", 1, 6),
        ("ff:home", 3, 6),
        ("ff:away", 2, 6),
    ]
    assert rows[0].label == "MVP draw, Reavers" and rows[0].candidates[3] == "#4 H4"
    assert all(r.values is None for r in rows)


def test_entered_dice_are_stored_changed_and_cleared(draft, humans, coach_alice):
    h4 = pid(humans, 4)
    report_dice_enter(match=draft, dice={"mvp:home:1": [4], "ff:away": [2, 3]}, by=coach_alice)
    assert entered(draft) == {"mvp:home:1": [4], "ff:away": [2, 3]}
    rows = {r.key: r for r in requested_dice(draft)}
    assert rows["mvp:home:1"].values == (4,)
    # The MVP takes #4 to 6 SPP: his first improvement roll is asked for now.
    assert rows[f"improvement:p{h4}:1"].label == "Improvement roll 1 of #4 H4 (Reavers)"
    report_dice_enter(match=draft, dice={f"improvement:p{h4}:1": [3, 5], "ff:away": []}, by=coach_alice)
    assert entered(draft) == {"mvp:home:1": [4], f"improvement:p{h4}:1": [3, 5]}
    entry = AuditEntry.objects.filter(action="matches.dice.entered").latest("pk")
    assert entry.actor == coach_alice and entry.data["removed"] == ["ff:away"]


def test_another_mvp_removes_the_improvement_roll_he_no_longer_makes(draft, humans, coach_alice):
    h4 = pid(humans, 4)
    report_dice_enter(match=draft, dice={"mvp:home:1": [4]}, by=coach_alice)
    report_dice_enter(match=draft, dice={f"improvement:p{h4}:1": [3, 5]}, by=coach_alice)
    dropped = report_dice_enter(match=draft, dice={"mvp:home:1": [5], f"improvement:p{h4}:1": [3, 5]}, by=coach_alice)
    assert [r.key for r in dropped] == [f"improvement:p{h4}:1"]
    assert entered(draft) == {"mvp:home:1": [5]}
    assert f"improvement:p{h4}:1" not in {r.key for r in requested_dice(draft)}


def test_every_bad_die_is_refused_at_once_and_nothing_is_written(draft, coach_alice):
    before = AuditEntry.objects.count()
    with pytest.raises(MatchError) as refused:
        report_dice_enter(
            match=draft,
            dice={"mvp:home:1": [12], "improvement:p999:1": [1, 2], "ff:home": [1, 2], "winnings:away": [0]},
            by=coach_alice,
        )
    assert refused.value.messages == [
        "MVP draw, Reavers: 12 is not a possible result of a D11 (1 to 11).",
        "“improvement:p999:1” is not a die this match needs now.",
        "Fan factor dice, Reavers: enter 3 dice or none (2 entered).",
        "Winnings die, Gouged Eye: 0 is not a possible result of a D6 (1 to 6).",
    ]
    assert entered(draft) == {} and AuditEntry.objects.count() == before


def test_a_die_the_engine_does_not_ask_for_yet_is_refused(draft, humans, coach_alice):
    """#4's improvement roll exists only once the MVP die names him."""
    with pytest.raises(MatchError, match="is not a die this match needs now"):
        report_dice_enter(match=draft, dice={f"improvement:p{pid(humans, 4)}:1": [3, 5]}, by=coach_alice)
    assert entered(draft) == {}


def test_only_the_two_coaches_and_the_commissioner_enter_dice(draft, coach_carol, coach_bob, commissioner):
    with pytest.raises(PermissionDenied):
        report_dice_enter(match=draft, dice={"mvp:home:1": [2]}, by=coach_carol)
    assert entered(draft) == {}
    report_dice_enter(match=draft, dice={"mvp:away:1": [2]}, by=coach_bob)
    report_dice_enter(match=draft, dice={"mvp:home:1": [3]}, by=commissioner)
    assert entered(draft) == {"mvp:away:1": [2], "mvp:home:1": [3]}


def test_no_dice_once_the_result_is_confirmed(processed_match, coach_alice):
    with pytest.raises(MatchError, match="“Processed”: that cannot be done now"):
        report_dice_enter(match=processed_match, dice={"mvp:home:1": [1]}, by=coach_alice)


def test_a_result_with_a_die_the_sequence_would_not_use_is_not_confirmed(
    client, draft, humans, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    h4 = pid(humans, 4)
    improvement = f"improvement:p{h4}:1"
    report_dice_enter(match=draft, dice={"mvp:home:1": [4]}, by=coach_alice)
    report_dice_enter(match=draft, dice={improvement: [3, 5]}, by=coach_alice)
    report_submit(match=draft, by=coach_alice)
    # Meanwhile #4 lost his SPP (a correction): the MVP no longer takes him to a new level.
    Player.objects.filter(pk=h4).update(spp=0)
    unused = f"Improvement roll 1 of #4 H4 (Reavers) [{improvement}]: this match does not call for this die (any more)."
    with pytest.raises(MatchError) as refused:
        report_confirm(match=draft, by=coach_bob)
    assert refused.value.messages == [unused]
    assert Match.objects.get(pk=draft.pk).status == Match.Status.SUBMITTED
    # The page says so too, and the match stays submitted.
    response = login(client, coach_bob).post(reverse("matches:confirm", args=[draft.pk]), follow=True)
    assert unused in text(response)
    assert Match.objects.get(pk=draft.pk).status == Match.Status.SUBMITTED
    # The dice page, still open while the result awaits confirmation, shows the die and removes it.
    assert 'id="dice-page-link"' in text(client.get(draft.get_absolute_url()))
    page = text(client.get(url(draft)))
    assert f'name="{field(improvement)}"' not in page
    assert "no longer apply to the result" in page and "Improvement roll 1 of #4 H4 (Reavers): 3 + 5" in page
    page = text(client.post(url(draft), {field("mvp:home:1"): "4"}, follow=True))
    assert "Improvement roll 1 of #4 H4 (Reavers) is no longer needed: it was removed." in page
    assert entered(draft) == {"mvp:home:1": [4]}
    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(match=draft, by=coach_bob)
    draft.refresh_from_db()
    assert draft.status == Match.Status.PROCESSED, draft.failure_reason
    assert Player.objects.get(pk=h4).spp == 5 and not ImprovementRoll.objects.filter(player_id=h4).exists()


def test_a_stored_die_nobody_asks_for_stops_the_submission(draft, humans, coach_alice):
    h2 = pid(humans, 2)
    DiceRoll.objects.create(match=draft, purpose=f"leave:p{h2}", values=[2], source=DiceRoll.Source.ENTERED)
    with pytest.raises(MatchError) as refused:
        report_submit(match=draft, by=coach_alice)
    assert refused.value.messages == [
        f"Departure die of #2 H2 (Reavers) [leave:p{h2}]: this match does not call for this die (any more)."
    ]
    assert Match.objects.get(pk=draft.pk).status == Match.Status.DRAFT


def test_a_winnings_die_left_to_the_server_takes_its_re_roll_choice_with_it(ready_match, coach_alice):
    """The result sheet stored the winner's die and "not re-rolled"; clearing the die here must not
    leave a re-roll choice the sequence would refuse."""
    report_save(
        match=ready_match,
        report=ReportInput(
            home_score=1,
            away_score=0,
            home_uncredited_touchdowns=1,
            dice={"winnings:home": [3]},
            decisions={"winnings_reroll:home": False},
        ),
        by=coach_alice,
    )
    report_dice_enter(match=ready_match, dice={"winnings:home": []}, by=coach_alice)
    assert entered(ready_match) == {} and not Decision.objects.filter(match=ready_match).exists()
    report_submit(match=ready_match, by=coach_alice)
    assert Match.objects.get(pk=ready_match.pk).status == Match.Status.SUBMITTED


# --- the page ---


def test_the_page_lists_the_mvp_draw_with_its_numbered_candidates(client, draft, coach_alice):
    page = text(login(client, coach_alice).get(url(draft)))
    assert "MVP draw, Reavers" in page and "MVP draw, Gouged Eye" in page
    assert f'name="{field("mvp:home:1")}"' in page and 'max="11"' in page
    assert '<span class="fw-semibold">4</span> #4 H4' in page
    assert "More dice may appear after you save" in page
    assert "Saving the result sheet again clears the MVP, improvement and departure dice" in page
    assert page.index("MVP draw, Reavers") < page.index("Winnings die, Reavers") < page.index("Fan factor dice")


def test_the_mvp_die_brings_the_improvement_roll_and_the_sequence_uses_the_dice(
    client, draft, humans, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    h4 = pid(humans, 4)
    improvement = f"improvement:p{h4}:1"
    login(client, coach_alice)
    assert improvement not in text(client.get(url(draft)))
    response = client.post(url(draft), {field("mvp:home:1"): "4", field("mvp:away:1"): ""}, follow=True)
    page = text(response)
    assert "Dice saved." in page and "One more roll is needed now" in page
    assert "Improvement roll 1 of #4 H4 (Reavers)" in page and f'name="{field(improvement, 1)}"' in page
    assert f'name="{field("mvp:home:1")}" value="4"' in page
    response = client.post(
        url(draft), {field("mvp:home:1"): "4", field(improvement, 0): "3", field(improvement, 1): "5"}
    )
    assert response.status_code == 302 and response.url == url(draft)
    assert entered(draft) == {"mvp:home:1": [4], improvement: [3, 5]}
    # Submit, confirm: the sequence runs (tasks are eager) with the dice entered.
    assert client.post(reverse("matches:submit", args=[draft.pk])).status_code == 302
    with django_capture_on_commit_callbacks(execute=True):
        login(client, coach_bob).post(reverse("matches:confirm", args=[draft.pk]))
    draft.refresh_from_db()
    assert draft.status == Match.Status.PROCESSED, draft.failure_reason
    roll = ImprovementRoll.objects.get(match=draft, player_id=h4)
    assert (roll.index, roll.d6a, roll.d6b) == (1, 3, 5)
    assert DiceRoll.objects.get(match=draft, purpose=improvement).source == DiceRoll.Source.ENTERED
    assert Player.objects.get(pk=h4).spp == 6


def test_a_refused_die_is_explained_on_the_page(client, draft, coach_alice):
    response = login(client, coach_alice).post(url(draft), {field("ff:home", 0): "6", field("ff:home", 1): "9"})
    page = text(response)
    assert response.status_code == 200
    assert "Fan factor dice, Reavers: enter 3 dice or none (2 entered)." in page
    assert "Fan factor dice, Reavers: 9 is not a possible result of a D6 (1 to 6)." in page
    assert entered(draft) == {}


def test_links_to_the_page_and_who_may_open_it(client, draft, coach_alice, coach_carol, commissioner):
    assert 'id="dice-page-link"' in text(login(client, coach_alice).get(draft.get_absolute_url()))
    assert url(draft) in text(client.get(reverse("matches:result", args=[draft.pk])))
    assert login(client, coach_carol).get(url(draft)).status_code == 403
    assert login(client, coach_carol).post(url(draft), {field("mvp:home:1"): "1"}).status_code == 403
    assert entered(draft) == {}
    assert login(client, commissioner).get(url(draft)).status_code == 200
    client.logout()
    assert client.get(url(draft)).status_code == 302
    assert login(client, coach_alice).get(reverse("matches:dice", args=[99999])).status_code == 404


def test_before_the_result_is_saved_the_page_has_no_form(client, ready_match, coach_alice):
    page = text(login(client, coach_alice).get(url(ready_match)))
    assert "Save the result first" in page and 'id="dice-form"' not in page
    assert 'id="dice-page-link"' not in text(client.get(ready_match.get_absolute_url()))


def test_a_processed_match_has_no_dice_form(client, processed_match, coach_alice):
    page = text(login(client, coach_alice).get(url(processed_match)))
    assert "its dice can no longer be changed" in page and 'id="dice-form"' not in page
    assert 'id="dice-page-link"' not in text(client.get(processed_match.get_absolute_url()))


def test_the_page_in_french(client, draft, coach_alice):
    client.cookies["django_language"] = "fr"
    page = text(login(client, coach_alice).get(url(draft)))
    assert "Tirage du JPV, Reavers" in page and "Dés d'après-match" in page


def test_a_die_slipped_in_after_confirmation_fails_the_sequence_with_its_reason(draft, humans, coach_alice, coach_bob):
    """Submitting and confirming refuse such a die; one stored behind their back (by hand, in the
    database) with a value no die shows still cannot be half-applied: the run fails with a readable
    reason and writes nothing. (A die the match no longer uses is set aside instead:
    tests/tasks/test_inputs_set_aside.py.)"""
    from matches.models import MatchEffect
    from matches.services import postgame_run

    report_submit(match=draft, by=coach_alice)
    report_confirm(match=draft, by=coach_bob)  # its sequence never starts: these tests never commit
    DiceRoll.objects.create(match=draft, purpose="winnings:home", values=[9], source=DiceRoll.Source.ENTERED)
    assert postgame_run(draft.pk) is False
    draft.refresh_from_db()
    assert draft.status == Match.Status.FAILED
    # Worded for the people who read it, in the league's language: never the planner's key and code.
    assert draft.failure_reason == "Winnings die, Reavers: 9 is not a possible result of a D6 (1 to 6)."
    assert not MatchEffect.objects.filter(match=draft).exists()
    assert Player.objects.get(pk=pid(humans, 4)).spp == 1


def test_the_refusals_are_worded_in_the_coachs_language(draft, humans, coach_alice):
    from django.utils import translation

    key = f"leave:p{pid(humans, 2)}"
    DiceRoll.objects.create(match=draft, purpose=key, values=[2], source=DiceRoll.Source.ENTERED)
    DiceRoll.objects.create(match=draft, purpose="winnings:home", values=[9], source=DiceRoll.Source.ENTERED)
    with translation.override("fr"), pytest.raises(MatchError) as refused:
        report_submit(match=draft, by=coach_alice)
    assert refused.value.messages == [
        "Dé de gains, Reavers [winnings:home] : 9 n'est pas un résultat possible d'un D6 (1 à 6)."
    ]
    DiceRoll.objects.filter(match=draft, purpose="winnings:home").delete()
    with translation.override("fr"), pytest.raises(MatchError) as refused:
        report_submit(match=draft, by=coach_alice)
    assert refused.value.messages == [
        f"Dé de départ de #2 H2 (Reavers) [{key}] : ce match ne demande pas (ou plus) ce dé."
    ]
