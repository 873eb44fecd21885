"""A transient fault (a lost or terminated connection, a deadlock, a serialisation failure) never
fails a match or a correction: the run puts its claim back, the task retries it, the sweep after
it; an older version's transient failures are healed by the sweep. Only a refusal fails a match.

In-process (tasks eager: a retry runs again at once): the fault is a step of the run raising what
Django raises when PostgreSQL terminates the connection. tests/tasks/test_faults_worker.py does
it to real workers."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import OperationalError
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone

from league.core.models import AuditEntry
from league.rules.postmatch import PostMatchInputError
from matches.models import Match, MatchCorrection
from matches.services import postgame_sweep
from matches.services.corrections import (
    correction_confirm,
    correction_draft,
    correction_preview,
    corrections_sweep,
    inputs_of,
)
from matches.services.late import run_match
from matches.services.postgame import apply_effects, claim
from teams.models import TreasuryEntry
from tests.matches.history_helpers import Result, SteadyDice, by_names, enter, inputs_for, three_teams

pytestmark = pytest.mark.django_db

R, G, F = "Reavers", "Gouged Eye", "Grey Fangs"
TERMINATED = "terminating connection due to administrator command"
D1 = Result(R, G, 1, (2, 1), {("home", 1): {"touchdowns": 2}, ("away", 1): {"touchdowns": 1}})
D1_WRONG = Result(R, G, 1, (2, 1), {("home", 2): {"touchdowns": 2}, ("away", 1): {"touchdowns": 1}})
D2 = Result(R, F, 2, (1, 1), {("home", 1): {"touchdowns": 1}, ("away", 1): {"touchdowns": 1}})
D3 = Result(R, G, 3, (0, 1), {("away", 2): {"touchdowns": 1}})


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


@pytest.fixture
def people(user_factory, commissioner):
    return commissioner, user_factory("alice2"), user_factory("bob2"), user_factory("carol2")


class Cut:
    """The run's writes losing their connection the first `times` calls, as PostgreSQL's
    administrator termination surfaces through Django (or `error`, a refusal, every time)."""

    def __init__(self, times: int = 1, error: Exception | None = None):
        self.left, self.error, self.calls = times, error, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        if self.error is not None:
            raise self.error
        if self.left:
            self.left -= 1
            raise OperationalError(TERMINATED)
        return apply_effects(*args, **kwargs)


def cut_runs(monkeypatch, cut: Cut) -> Cut:
    monkeypatch.setattr("matches.services.postgame.apply_effects", cut)  # a run's and a replay's writes
    return cut


def ledgers_sum_to_treasuries(teams) -> None:
    for name in (R, G, F):
        team = teams[name]
        team.refresh_from_db()
        total = TreasuryEntry.objects.filter(team=team, account=TreasuryEntry.TREASURY).aggregate(s=Sum("amount"))["s"]
        assert total == team.treasury, name


def never_failed(*matches: Match) -> None:
    assert not AuditEntry.objects.filter(
        action="matches.postgame.failed", data__match__in=[m.pk for m in matches]
    ).exists()


def test_a_run_whose_connection_is_terminated_is_retried_and_ends_processed(
    people, django_capture_on_commit_callbacks, monkeypatch
):
    boss, *coaches = people
    capture = django_capture_on_commit_callbacks
    right = three_teams("Right", boss, *coaches)
    enter(right, D1, boss, capture)

    teams = three_teams("Cut", boss, *coaches)
    cut = cut_runs(monkeypatch, Cut(times=2))
    match = enter(teams, D1, boss, capture)  # confirmed: the task runs, is cut twice, then succeeds

    assert cut.calls == 3
    assert match.status == Match.Status.PROCESSED and match.failure_reason == ""
    assert match.attempts == 3  # each attempt claimed it anew: the fault had put it back
    never_failed(match)
    assert by_names(teams) == by_names(right)  # nothing of the interrupted runs stayed
    ledgers_sum_to_treasuries(teams)


def test_a_refusal_of_the_rules_still_fails_the_match_with_its_reason(
    client, people, django_capture_on_commit_callbacks, monkeypatch
):
    boss, *coaches = people
    teams = three_teams("Refused", boss, *coaches)
    cut_runs(monkeypatch, Cut(error=PostMatchInputError("winnings:home: 1 D6 expected, got (9,)")))
    match = enter(teams, D1, boss, django_capture_on_commit_callbacks)

    assert match.status == Match.Status.FAILED and match.attempts == 1  # never retried
    assert match.failure_reason == "winnings:home: 1 D6 expected, got (9,)"
    client.force_login(boss)
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'id="failure"' in page and 'id="postgame-retrying"' not in page


def test_a_late_result_whose_replay_is_cut_is_retried_and_replays_once(
    people, django_capture_on_commit_callbacks, monkeypatch
):
    """The fault happens inside the replay of the match played after it, which wraps it as the
    rules' refusal of that match: the fault behind is what counts."""
    boss, *coaches = people
    capture = django_capture_on_commit_callbacks
    right = three_teams("Right", boss, *coaches)
    for result in (D1, D3):
        enter(right, result, boss, capture)

    teams = three_teams("Late", boss, *coaches)
    later = enter(teams, D3, boss, capture)
    cut = cut_runs(monkeypatch, Cut(times=1))
    late = enter(teams, D1, boss, capture)  # played on day 1, entered after day 3

    assert cut.calls >= 2
    later.refresh_from_db()
    assert late.status == later.status == Match.Status.PROCESSED, late.failure_reason
    assert late.attempts == 2 and later.generation == 1  # replayed once, by the retry
    never_failed(late, later)
    assert by_names(teams) == by_names(right)
    ledgers_sum_to_treasuries(teams)


def test_a_correction_whose_replay_is_cut_is_retried_and_applied(
    people, django_capture_on_commit_callbacks, monkeypatch
):
    boss, *coaches = people
    capture = django_capture_on_commit_callbacks
    right = three_teams("Right", boss, *coaches)
    for result in (D1, D2):
        enter(right, result, boss, capture)

    teams = three_teams("Fixed", boss, *coaches)
    wrong = enter(teams, D1_WRONG, boss, capture)
    enter(teams, D2, boss, capture)
    correction = correction_draft(
        match=wrong, by=boss, reason="the touchdowns were H1's", inputs=inputs_for(wrong, D1, inputs_of(wrong))
    )
    correction_preview(correction)
    cut = cut_runs(monkeypatch, Cut(times=2))
    with capture(execute=True):
        correction_confirm(correction=correction, by=boss)

    correction.refresh_from_db()
    assert cut.calls >= 3
    assert correction.status == MatchCorrection.Status.APPLIED and correction.failure_reason == ""
    assert by_names(teams) == by_names(right)
    ledgers_sum_to_treasuries(teams)


def test_a_match_retried_says_so_and_the_match_behind_it_says_what_it_waits_for(
    client, people, django_capture_on_commit_callbacks, monkeypatch
):
    """The database stays away through every retry of the task: the match is left confirmed for the
    sweep, never failed; once the database is back, the sweep runs it and the match behind it."""
    boss, *coaches = people
    capture = django_capture_on_commit_callbacks
    teams = three_teams("Away", boss, *coaches)
    cut = cut_runs(monkeypatch, Cut(times=1000))
    first = enter(teams, D1, boss, capture)
    second = enter(teams, D3, boss, capture)

    assert first.status == Match.Status.CONFIRMED and TERMINATED in first.failure_reason
    assert second.status == Match.Status.CONFIRMED
    never_failed(first, second)
    client.force_login(teams[R].coach)
    page = client.get(first.get_absolute_url()).content.decode()
    assert 'id="postgame-retrying"' in page
    assert "Retrying after an interruption of the database or the task queue" in page
    assert TERMINATED not in page  # the driver's words stay in the log and the audit
    behind = client.get(second.get_absolute_url()).content.decode()
    assert 'id="postgame-waiting"' in behind and f'href="{first.get_absolute_url()}"' in behind
    assert 'id="postgame-waiting-retrying"' in behind and 'id="postgame-retrying"' not in behind
    client.cookies["django_language"] = "fr"
    french = client.get(first.get_absolute_url()).content.decode()
    assert "Nouvel essai après une interruption de la base de données" in french
    behind = client.get(second.get_absolute_url()).content.decode()
    assert "Cette séquence est relancée après une interruption" in behind

    cut.left = 0  # the database is back; a minute later, the sweep
    Match.objects.filter(pk=first.pk).update(queued_at=timezone.now() - timedelta(minutes=1))
    with capture(execute=True):
        assert postgame_sweep() == [first.pk]
    for match in (first, second):
        match.refresh_from_db()
        assert match.status == Match.Status.PROCESSED and match.failure_reason == ""
    ledgers_sum_to_treasuries(teams)


def test_the_sweep_heals_what_an_older_version_failed_for_a_fault(people, django_capture_on_commit_callbacks):
    boss, *coaches = people
    capture = django_capture_on_commit_callbacks
    teams = three_teams("Old", boss, *coaches)
    first = enter(teams, D1, boss, capture, run=False)
    Match.objects.filter(pk=first.pk).update(
        status=Match.Status.FAILED,
        failure_reason=f"{TERMINATED}\nserver closed the connection unexpectedly",
    )
    behind = enter(teams, D3, boss, capture)  # waits behind the failed one
    refused = enter(teams, Result(G, F, 4, (1, 0), {("home", 1): {"touchdowns": 1}}), boss, capture, run=False)
    Match.objects.filter(pk=refused.pk).update(status=Match.Status.FAILED, failure_reason="winnings:home: 9")
    assert behind.status == Match.Status.CONFIRMED

    with capture(execute=True):
        postgame_sweep()
    for match in (first, behind):
        match.refresh_from_db()
        assert match.status == Match.Status.PROCESSED, match.failure_reason
    refused.refresh_from_db()
    assert refused.status == Match.Status.FAILED  # a refusal waits for a person
    assert AuditEntry.objects.filter(action="matches.postgame.retried", data__match=first.pk).exists()

    # A correction failed for a fault is queued again; one a later correction of its match
    # replaced stays as it is.
    def failed(reason: str) -> MatchCorrection:
        c = correction_draft(match=first, by=boss, reason=reason, inputs=inputs_for(first, D1_WRONG, inputs_of(first)))
        correction_preview(c)
        with capture(execute=False):
            correction_confirm(correction=c, by=boss)
        MatchCorrection.objects.filter(pk=c.pk).update(
            status=MatchCorrection.Status.FAILED, failure_reason=f"#{first.pk}: could not serialize access"
        )
        return c

    replaced, healed = failed("first try"), failed("second try")
    with capture(execute=True):
        corrections_sweep()
    replaced.refresh_from_db()
    healed.refresh_from_db()
    assert healed.status == MatchCorrection.Status.APPLIED and replaced.status == MatchCorrection.Status.FAILED
    ledgers_sum_to_treasuries(teams)


def test_a_late_run_whose_lease_was_taken_over_does_not_replay(people, django_capture_on_commit_callbacks, monkeypatch):
    """A run that outlived its lease and lost its claim to another run: it replays nothing; the
    run that holds the claim replays once."""
    boss, *coaches = people
    capture = django_capture_on_commit_callbacks
    teams = three_teams("Lease", boss, *coaches)
    later = enter(teams, D3, boss, capture)
    late = enter(teams, D1, boss, capture, run=False)

    def claimed_then_taken_over(match_id):
        lease = claim(match_id)
        Match.objects.filter(pk=match_id).update(lease_until=lease + timedelta(microseconds=1))
        return lease

    monkeypatch.setattr("matches.services.late.claim", claimed_then_taken_over)
    assert run_match(late.pk) is False
    later.refresh_from_db()
    late.refresh_from_db()
    assert later.generation == 0 and late.status == Match.Status.PROCESSING  # the other run's

    monkeypatch.setattr("matches.services.late.claim", claim)
    Match.objects.filter(pk=late.pk).update(lease_until=timezone.now() - timedelta(seconds=1))  # that run died
    assert run_match(late.pk) is True
    later.refresh_from_db()
    assert later.generation == 1
    ledgers_sum_to_treasuries(teams)


def test_a_correction_the_database_keeps_interrupting_stays_queued_and_says_so(
    client, people, django_capture_on_commit_callbacks, monkeypatch
):
    """Every retry of the task cut: the correction is never failed, its pages say it is being
    applied again, and the sweep applies it once the database is back."""
    boss, *coaches = people
    capture = django_capture_on_commit_callbacks
    teams = three_teams("Queued", boss, *coaches)
    wrong = enter(teams, D1_WRONG, boss, capture)
    correction = correction_draft(
        match=wrong, by=boss, reason="the touchdowns were H1's", inputs=inputs_for(wrong, D1, inputs_of(wrong))
    )
    correction_preview(correction)
    cut = cut_runs(monkeypatch, Cut(times=1000))
    with capture(execute=True):
        correction_confirm(correction=correction, by=boss)

    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.QUEUED and TERMINATED in correction.failure_reason
    client.force_login(boss)
    for url in (wrong.get_absolute_url(), reverse("matches:correction", args=[correction.pk])):
        page = client.get(url).content.decode()
        assert "Being applied again after an interruption of the database or the task queue" in page, url
        assert TERMINATED not in page and "It could not be applied" not in page
    client.cookies["django_language"] = "fr"
    page = client.get(reverse("matches:correction", args=[correction.pk])).content.decode()
    assert "Nouvel essai en cours après une interruption de la base de données" in page

    cut.left = 0  # the database is back; a lease later, the sweep
    with capture(execute=True):
        assert corrections_sweep(older_than=timedelta(0)) == [correction.pk]
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED and correction.failure_reason == ""
    ledgers_sum_to_treasuries(teams)
