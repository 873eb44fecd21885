"""Disputes before confirmation: a submitted result sent back with a reason, withdrawn by its
submitter, corrected by a commissioner; who may do each; the audit trail, the match page's history
and what the coaches' pages show as waiting for them."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from league.core.models import AuditEntry

from matches.models import Match, MatchPlayer
from matches.services import (
    MatchError,
    report_confirm,
    report_save,
    report_send_back,
    report_submit,
    report_withdraw,
)
from tests.builders import pid
from tests.matches.test_views_support import login

pytestmark = pytest.mark.django_db

REASON = "The second touchdown was scored by #2, not #1."


def fresh(match: Match) -> Match:
    return Match.objects.select_related("sent_back_by").get(pk=match.pk)


def actions(match: Match) -> list[str]:
    return list(
        AuditEntry.objects.filter(data__match=match.pk, action__startswith="matches.result.")
        .order_by("created_at", "pk")
        .values_list("action", flat=True)
    )


@pytest.fixture
def people(coach_alice, coach_bob, coach_carol, commissioner):
    """alice submitted the result (home), bob coaches the other side, carol another team."""
    return {"alice": coach_alice, "bob": coach_bob, "carol": coach_carol, "commissioner": commissioner}


# --- The services ---


@pytest.mark.parametrize("who", ["bob", "commissioner"])
def test_the_opponent_or_the_commissioner_sends_a_result_back_with_a_reason(submitted_match, people, who):
    report_send_back(match=submitted_match, by=people[who], reason=f"  {REASON}  ")
    match = fresh(submitted_match)
    assert match.status == Match.Status.DRAFT
    assert (match.sent_back_by, match.sent_back_reason) == (people[who], REASON)
    entry = AuditEntry.objects.get(action="matches.result.sent_back")
    assert (entry.actor, entry.data) == (people[who], {"match": match.pk, "reason": REASON})
    # The draft can be corrected and submitted again; answering clears the pending reason.
    report_submit(match=match, by=people["alice"])
    match = fresh(match)
    assert match.status == Match.Status.SUBMITTED and match.sent_back_at is None and match.sent_back_reason == ""
    assert actions(match) == [
        "matches.result.saved",
        "matches.result.submitted",
        "matches.result.sent_back",
        "matches.result.submitted",
    ]


@pytest.mark.parametrize("who", ["alice", "carol"])
def test_nobody_else_sends_a_result_back(submitted_match, people, who):
    with pytest.raises(PermissionDenied):
        report_send_back(match=submitted_match, by=people[who], reason=REASON)
    assert fresh(submitted_match).status == Match.Status.SUBMITTED
    assert "matches.result.sent_back" not in actions(submitted_match)


@pytest.mark.parametrize("reason", ["", "   ", "x" * 1001])
def test_a_send_back_needs_a_reason_of_reasonable_length(submitted_match, coach_bob, reason):
    with pytest.raises(MatchError) as refused:
        report_send_back(match=submitted_match, by=coach_bob, reason=reason)
    assert "reason" in refused.value.messages[0].lower()
    assert fresh(submitted_match).status == Match.Status.SUBMITTED


def test_only_a_submitted_result_is_sent_back_or_withdrawn(draft_match, coach_alice, coach_bob):
    with pytest.raises(MatchError):
        report_send_back(match=draft_match, by=coach_bob, reason=REASON)
    with pytest.raises(MatchError):
        report_withdraw(match=draft_match, by=coach_alice)
    assert fresh(draft_match).status == Match.Status.DRAFT


def test_the_submitter_withdraws_and_edits_his_result(submitted_match, people):
    for who in ("bob", "carol", "commissioner"):  # the commissioner did not submit it: he sends it back
        with pytest.raises(PermissionDenied):
            report_withdraw(match=submitted_match, by=people[who])
    report_withdraw(match=submitted_match, by=people["alice"])
    assert fresh(submitted_match).status == Match.Status.DRAFT
    assert actions(submitted_match)[-1] == "matches.result.withdrawn"
    with pytest.raises(MatchError):  # nothing left to confirm
        report_confirm(match=submitted_match, by=people["bob"])


def test_the_commissioner_corrects_a_submitted_result_in_place(submitted_match, worked_report, humans, people):
    h2 = pid(humans, 2)
    lines = (*worked_report.lines[:1], *worked_report.lines[2:])  # h2's completion was wrong
    corrected = worked_report.__class__(**{**worked_report.__dict__, "lines": lines, "gate": 30})
    report_save(match=submitted_match, report=corrected, by=people["commissioner"])
    match = fresh(submitted_match)
    assert match.status == Match.Status.SUBMITTED and match.gate == 30 and match.submitted_by == people["alice"]
    assert MatchPlayer.objects.get(match=match, player_id=h2).completions == 0
    entry = AuditEntry.objects.filter(action="matches.result.corrected").get()
    assert entry.actor == people["commissioner"]
    # A coach may not touch a submitted result: he withdraws it or sends it back first.
    for who in ("alice", "bob"):
        with pytest.raises(MatchError):
            report_save(match=match, report=worked_report, by=people[who])
    with pytest.raises(PermissionDenied):
        report_save(match=match, report=worked_report, by=people["carol"])
    assert fresh(match).gate == 30


def test_a_correction_that_could_not_be_confirmed_is_refused_whole(submitted_match, worked_report, commissioner):
    wrong = worked_report.__class__(**{**worked_report.__dict__, "home_score": 3})  # one touchdown nobody scored
    with pytest.raises(MatchError) as refused:
        report_save(match=submitted_match, report=wrong, by=commissioner)
    assert refused.value.messages == [
        "Reavers scored 3 but 1 touchdown is credited to no player: credit it to the player who scored it, or "
        "count it under “no roster scorer” if a star player or a mercenary scored it or it was awarded."
    ]
    match = fresh(submitted_match)
    assert (match.status, match.home_score) == (Match.Status.SUBMITTED, 2)
    assert "matches.result.corrected" not in actions(match)


def test_a_commissioner_editing_a_draft_is_recorded_as_his_correction(draft_match, worked_report, commissioner):
    report_save(match=draft_match, report=worked_report, by=commissioner)
    assert fresh(draft_match).status == Match.Status.DRAFT
    assert actions(draft_match) == ["matches.result.saved", "matches.result.corrected"]


# --- Who may do what on the pages ---


def send_back_url(match: Match) -> str:
    return reverse("matches:send_back", args=[match.pk])


def withdraw_url(match: Match) -> str:
    return reverse("matches:withdraw", args=[match.pk])


def result_url(match: Match) -> str:
    return reverse("matches:result", args=[match.pk])


def correction_form(match: Match) -> dict[str, str]:
    """The sheet as worked_report saved it (2-1, #1 scored twice, bob's #1 once), with a new gate."""
    home1, away1 = (MatchPlayer.objects.get(match=match, side=s, player__number=1).player_id for s in ("home", "away"))
    return {
        "home_score": "2",
        "away_score": "1",
        "home_fame": "1",
        "away_fame": "0",
        "gate": "40",
        f"p{home1}_td": "2",
        f"p{away1}_td": "1",
        "action": "save",
    }


# What each person gets: "login" (redirected to log in), 403, "other" (sent back to the match page:
# the action is not his), or "done".
MATRIX = {
    "send_back": {"anonymous": "login", "carol": 403, "alice": 403, "bob": "done", "commissioner": "done"},
    "withdraw": {"anonymous": "login", "carol": 403, "alice": "done", "bob": 403, "commissioner": 403},
    "correct": {"anonymous": "login", "carol": 403, "alice": "other", "bob": "other", "commissioner": "done"},
}


@pytest.mark.parametrize("action", list(MATRIX))
@pytest.mark.parametrize("who", ["anonymous", "carol", "alice", "bob", "commissioner"])
def test_permission_matrix(client, submitted_match, people, action, who):
    expected = MATRIX[action][who]
    if who != "anonymous":
        login(client, people[who])
    url, data = {
        "send_back": (send_back_url(submitted_match), {"reason": REASON}),
        "withdraw": (withdraw_url(submitted_match), {}),
        "correct": (result_url(submitted_match), correction_form(submitted_match)),
    }[action]
    before = actions(submitted_match)
    page, posted = client.get(url), client.post(url, data)
    match = fresh(submitted_match)
    if expected == "done":
        assert page.status_code == 200 and posted.status_code == 302
        assert match.status == (Match.Status.SUBMITTED if action == "correct" else Match.Status.DRAFT)
        assert len(actions(match)) == len(before) + 1
        if action == "correct":
            assert match.gate == 40
        return
    if expected == "login":
        for response in (page, posted):
            assert response.status_code == 302 and response.url.startswith(reverse("login"))
    elif expected == "other":
        for response in (page, posted):
            assert response.status_code == 302 and response.url == match.get_absolute_url()
    else:
        assert page.status_code == posted.status_code == 403
    assert match.status == Match.Status.SUBMITTED and match.gate == 25 and actions(match) == before


def test_the_send_back_page_asks_for_the_reason_first(client, submitted_match, coach_bob):
    login(client, coach_bob)
    page = client.get(send_back_url(submitted_match)).content.decode()
    assert 'id="send-back-form"' in page and 'name="reason"' in page and 'id="score"' in page
    response = client.post(send_back_url(submitted_match), {"reason": "  "})
    assert response.status_code == 200 and "This field is required." in response.content.decode()
    assert fresh(submitted_match).status == Match.Status.SUBMITTED
    # The confirmation page offers it as the other answer.
    confirm = client.get(reverse("matches:confirm", args=[submitted_match.pk])).content.decode()
    assert send_back_url(submitted_match) in confirm


def test_the_buttons_each_person_sees(client, submitted_match, people):
    def links(user) -> set[str]:
        page = login(client, user).get(submitted_match.get_absolute_url()).content.decode()
        found = {"send_back": send_back_url(submitted_match), "withdraw": withdraw_url(submitted_match)}
        found["correct"] = f'id="correct-link" href="{result_url(submitted_match)}"'
        return {name for name, needle in found.items() if needle in page}

    assert links(people["alice"]) == {"withdraw"}
    assert links(people["bob"]) == {"send_back"}
    assert links(people["commissioner"]) == {"send_back", "correct"}
    assert links(people["carol"]) == set()


def test_withdrawing_leads_to_the_editable_sheet(client, submitted_match, coach_alice):
    login(client, coach_alice)
    assert 'id="withdraw-form"' in client.get(withdraw_url(submitted_match)).content.decode()
    response = client.post(withdraw_url(submitted_match), follow=True)
    assert response.redirect_chain[-1][0] == result_url(submitted_match)
    assert 'id="report-form"' in response.content.decode() and "Result withdrawn" in response.content.decode()


def test_the_correction_page_says_what_it_does(client, submitted_match, commissioner):
    page = login(client, commissioner).get(result_url(submitted_match)).content.decode()
    assert 'id="correcting-note"' in page and 'id="save-correction"' in page and 'value="submit"' not in page


# --- What the match page and the coaches' pages show ---


def test_the_match_page_shows_the_reason_and_the_history(client, submitted_match, coach_alice, coach_bob):
    login(client, coach_bob).post(send_back_url(submitted_match), {"reason": REASON})
    page = login(client, coach_alice).get(submitted_match.get_absolute_url()).content.decode()
    assert 'id="sent-back"' in page and "Result sent back by bob" in page and REASON in page
    history = page[page.index('id="result-history"') :]
    steps = [
        "Result saved as a draft by alice",
        "Result submitted by alice",
        "Result sent back by bob",
        f"Reason: {REASON}",
    ]
    positions = [history.index(step) for step in steps]
    assert positions == sorted(positions)
    client.post(withdraw_url(submitted_match))  # not submitted any more: nothing happens
    assert fresh(submitted_match).status == Match.Status.DRAFT


def test_the_history_ends_with_the_confirmation(client, submitted_match, coach_bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(match=submitted_match, by=coach_bob)
    page = client.get(submitted_match.get_absolute_url()).content.decode()
    history = page[page.index('id="result-history"') :]
    assert history.index("Result submitted by alice") < history.index("Result confirmed by bob")


def waiting(client, user, url) -> str:
    page = login(client, user).get(url).content.decode()
    if 'id="results-waiting"' not in page:
        return ""
    return page[page.index('id="results-waiting"') :].split("</section>")[0]


def test_the_coaches_pages_show_what_waits_for_them(client, submitted_match, humans, orcs, people):
    mine = reverse("teams:mine")
    # Submitted by alice: bob's pages ask him to confirm it; alice has nothing to do.
    assert 'data-kind="to_confirm"' in waiting(client, people["bob"], mine)
    assert 'data-kind="to_confirm"' in waiting(client, people["bob"], orcs.get_absolute_url())
    assert waiting(client, people["alice"], mine) == ""
    report_send_back(match=submitted_match, by=people["bob"], reason=REASON)
    # Sent back: it waits for alice, with the reason, on her teams page and her team's page.
    for url in (mine, humans.get_absolute_url()):
        block = waiting(client, people["alice"], url)
        assert 'data-kind="sent_back"' in block and REASON in block and "Sent back by bob" in block
        assert result_url(submitted_match) in block
    assert waiting(client, people["bob"], mine) == ""
    # The team page is public, but what waits for its coach is shown to him (and commissioners) only.
    client.logout()
    assert 'id="results-waiting"' not in client.get(humans.get_absolute_url()).content.decode()
    assert waiting(client, people["carol"], humans.get_absolute_url()) == ""
    assert REASON in waiting(client, people["commissioner"], humans.get_absolute_url())
    # Submitted again: nothing waits for alice any more.
    report_submit(match=submitted_match, by=people["alice"])
    assert waiting(client, people["alice"], mine) == ""
