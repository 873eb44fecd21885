"""A late result kills a player who scored in a later match already processed: that later match is
held for the commissioner, with the player and both matches named, instead of being replayed with
his lines; its teams' later matches wait, other teams' do not. The commissioner settles it on the
match page (his lines removed, moved to a team-mate, or confirmed as entered), after a confirmation,
and the match runs."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from league.core.models import AuditEntry
from league.notices.models import Notification
from matches.held_models import HeldLine
from matches.models import Match
from tests.builders import human_team
from tests.matches.history_helpers import Result, SteadyDice, enter, three_teams

pytestmark = pytest.mark.django_db

R, G, F, X = "Reavers", "Gouged Eye", "Grey Fangs", "Fourth"
SCORED = Result(R, G, 5, (1, 0), {("home", 1): {"touchdowns": 1}})  # Reavers #1 scores on day 5
KILLED = Result(R, G, 2, (0, 0), {("away", 4): {"casualties": 1}}, (("home", 1, 6, 1),))  # day 2, D68 61: dead


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


@pytest.fixture
def world(user_factory, commissioner):
    teams = three_teams("Held", commissioner, user_factory("alice"), user_factory("bob"), user_factory("carol"))
    dave = user_factory("dave")
    from league.core.services import league_join

    league_join(league=teams["league"], user=dave)
    teams[X] = human_team(teams["league"], dave, X)
    return teams


def player(world, team: str, number: int):
    """A human lineman by his first shirt number (a journeyman may take a dead player's number)."""
    return world[team].players.get(name=f"H{number}")


def held_history(world, commissioner, capture) -> tuple[Match, Match]:
    """The later match processed with #1's touchdown, then the late result that kills him."""
    later = enter(world, SCORED, commissioner, capture)
    assert later.status == Match.Status.PROCESSED and player(world, R, 1).spp == 3
    late = enter(world, KILLED, commissioner, capture)
    assert late.status == Match.Status.PROCESSED, late.failure_reason
    later.refresh_from_db()
    return late, later


def settle(client, later: Match, data: dict[str, object], capture) -> None:
    """The commissioner's choice on the match page, its confirmation page, then the confirmation."""
    line = HeldLine.objects.get(match=later)
    url = reverse("matches:held", kwargs={"pk": later.pk, "line_id": line.pk})
    prefix = f"held{line.pk}"
    fields = {f"{prefix}-{k}": v for k, v in data.items()}
    page = client.post(url, fields)
    assert page.status_code == 200 and 'id="held-confirm-form"' in page.content.decode()
    with capture(execute=True):
        done = client.post(url, {**fields, f"{prefix}-confirmed": "on"})
    assert done.status_code == 302 and done["Location"] == later.get_absolute_url()


def test_a_late_death_holds_the_later_match_with_a_worded_reason(
    world, commissioner, client, django_capture_on_commit_callbacks
):
    late, later = held_history(world, commissioner, django_capture_on_commit_callbacks)
    dead = player(world, R, 1)
    assert dead.status == "dead" and dead.spp == 0  # the later match's touchdown is not kept
    assert later.status == Match.Status.HELD
    line = HeldLine.objects.get(match=later)
    assert (line.player_id, line.reason, line.since_id, line.resolution) == (dead.pk, "dead", late.pk, "")
    assert AuditEntry.objects.filter(action="matches.postgame.held", data__match=later.pk).exists()
    assert Notification.objects.filter(user=commissioner, kind="match.held").exists()

    client.force_login(commissioner)
    page = client.get(later.get_absolute_url()).content.decode()
    since_url = late.get_absolute_url()
    assert "Held for the commissioner" in page
    assert f'H1 (Reavers) died in <a href="{since_url}">Reavers – Gouged Eye</a>' in page
    assert 'name="held' in page  # the commissioner's form
    todo = client.get(reverse("home")).content.decode()
    assert f'data-kind="held" data-match="{later.pk}"' in todo and "died in" in todo

    client.cookies["django_language"] = "fr"
    page = client.get(later.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Retenu pour le commissaire" in page and "est mort dans" in page
    line = HeldLine.objects.get(match=later)
    form = client.get(reverse("matches:held", kwargs={"pk": later.pk, "line_id": line.pk})).content.decode()
    assert "Une ligne retenue" in form and "est mort dans" in form


def test_removing_his_lines_runs_the_match_without_them(
    world, commissioner, client, django_capture_on_commit_callbacks
):
    _late, later = held_history(world, commissioner, django_capture_on_commit_callbacks)
    client.force_login(commissioner)
    settle(client, later, {"choice": "removed"}, django_capture_on_commit_callbacks)
    later.refresh_from_db()
    assert later.status == Match.Status.PROCESSED, later.failure_reason
    assert (later.home_score, later.home_uncredited_touchdowns) == (1, 1)  # the score stands, credited to nobody
    assert player(world, R, 1).spp == 0 and player(world, R, 2).spp == 0
    line = HeldLine.objects.get(match=later)
    assert (line.resolution, line.resolved_by) == ("removed", commissioner)
    assert AuditEntry.objects.filter(action="matches.held.resolved", data__choice="removed").exists()


def test_moving_his_lines_gives_the_team_mate_the_spp(world, commissioner, client, django_capture_on_commit_callbacks):
    _late, later = held_history(world, commissioner, django_capture_on_commit_callbacks)
    mate = player(world, R, 2)
    client.force_login(commissioner)
    page = client.get(later.get_absolute_url()).content.decode()
    assert f'<option value="{mate.pk}">#2 H2</option>' in page
    assert f'<option value="{player(world, R, 1).pk}"' not in page  # not the dead player himself
    settle(client, later, {"choice": "moved", "to": mate.pk}, django_capture_on_commit_callbacks)
    later.refresh_from_db()
    assert later.status == Match.Status.PROCESSED, later.failure_reason
    assert player(world, R, 2).spp == 3 and player(world, R, 1).spp == 0
    assert later.lines.get(player=mate).touchdowns == 1


def test_moving_needs_a_team_mate(world, commissioner, client, django_capture_on_commit_callbacks):
    _late, later = held_history(world, commissioner, django_capture_on_commit_callbacks)
    line = HeldLine.objects.get(match=later)
    client.force_login(commissioner)
    url = reverse("matches:held", kwargs={"pk": later.pk, "line_id": line.pk})
    page = client.post(url, {f"held{line.pk}-choice": "moved"}).content.decode()
    assert "Choose the team-mate who gets his lines." in page
    later.refresh_from_db()
    assert later.status == Match.Status.HELD


def test_confirming_he_played_keeps_his_lines(world, commissioner, client, django_capture_on_commit_callbacks):
    _late, later = held_history(world, commissioner, django_capture_on_commit_callbacks)
    client.force_login(commissioner)
    settle(client, later, {"choice": "confirmed"}, django_capture_on_commit_callbacks)
    later.refresh_from_db()
    assert later.status == Match.Status.PROCESSED, later.failure_reason
    dead = player(world, R, 1)
    assert dead.status == "dead" and dead.spp == 3  # the table's word stands


def test_only_the_held_teams_later_matches_wait(world, commissioner, client, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    other = enter(world, Result(F, X, 4, (1, 0), {("home", 1): {"touchdowns": 1}}), commissioner, capture)
    behind = enter(world, Result(R, F, 7, (0, 1), {("away", 2): {"touchdowns": 1}}), commissioner, capture)
    _late, later = held_history(world, commissioner, capture)
    behind.refresh_from_db()
    other.refresh_from_db()
    assert later.status == Match.Status.HELD
    assert behind.status == Match.Status.CONFIRMED  # behind the held match: undone, waiting
    assert player(world, F, 2).spp == 0
    assert other.status == Match.Status.PROCESSED and player(world, F, 1).spp == 3  # before it: untouched
    client.force_login(commissioner)
    page = client.get(behind.get_absolute_url()).content.decode()
    assert "That match is held for the commissioner" in page
    third = enter(world, Result(X, F, 6, (1, 0), {("home", 3): {"touchdowns": 1}}), commissioner, capture)
    assert third.status == Match.Status.PROCESSED  # a match of the third team is not held up
    # day 6, before the waiting day-7 match of Grey Fangs in play order: that one follows it, later

    settle(client, later, {"choice": "removed"}, capture)
    later.refresh_from_db()
    behind.refresh_from_db()
    assert later.status == behind.status == Match.Status.PROCESSED, behind.failure_reason
    assert player(world, F, 2).spp == 3


def test_only_a_commissioner_settles(world, commissioner, client, django_capture_on_commit_callbacks):
    _late, later = held_history(world, commissioner, django_capture_on_commit_callbacks)
    line = HeldLine.objects.get(match=later)
    client.force_login(world[R].coach)
    page = client.get(later.get_absolute_url()).content.decode()
    assert "Held for the commissioner" in page and 'name="held' not in page
    url = reverse("matches:held", kwargs={"pk": later.pk, "line_id": line.pk})
    fields = {f"held{line.pk}-choice": "confirmed", f"held{line.pk}-confirmed": "on"}
    assert client.post(url, fields).status_code == 403
    later.refresh_from_db()
    assert later.status == Match.Status.HELD and HeldLine.objects.get(pk=line.pk).resolution == ""


def test_a_correction_holds_then_a_void_releases(world, commissioner, django_capture_on_commit_callbacks):
    """A correction that puts the death into an earlier match holds the later one; voiding that
    earlier match gives the player back, and the replay runs the held match again with his lines."""
    from matches.models import MatchCorrection
    from matches.services.corrections import correction_confirm, correction_draft, correction_preview, inputs_of
    from tests.matches.history_helpers import inputs_for

    capture = django_capture_on_commit_callbacks
    earlier = enter(world, Result(R, G, 2, (0, 0)), commissioner, capture)
    later = enter(world, SCORED, commissioner, capture)
    correction = correction_draft(
        match=earlier, by=commissioner, reason="he died", inputs=inputs_for(earlier, KILLED, inputs_of(earlier))
    )
    correction_preview(correction)
    with capture(execute=True):
        correction_confirm(correction=correction, by=commissioner)
    correction.refresh_from_db()
    later.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    assert later.status == Match.Status.HELD
    assert HeldLine.objects.get(match=later).since_id == earlier.pk

    void = correction_draft(match=earlier, by=commissioner, reason="never played", void=True)
    correction_preview(void)
    with capture(execute=True):
        correction_confirm(correction=void, by=commissioner)
    later.refresh_from_db()
    assert later.status == Match.Status.PROCESSED, later.failure_reason
    assert not HeldLine.objects.filter(match=later).exists()
    scorer = player(world, R, 1)
    assert scorer.status == "active" and scorer.spp == 3


def test_the_preview_says_which_later_match_a_correction_holds(
    world, commissioner, client, django_capture_on_commit_callbacks
):
    """Before confirming, the commissioner reads on the correction's page that the later match will
    be held, naming the player and the match he died in, in English and in French."""
    from matches.services.corrections import correction_draft, inputs_of
    from tests.matches.history_helpers import inputs_for

    capture = django_capture_on_commit_callbacks
    earlier = enter(world, Result(R, G, 2, (0, 0)), commissioner, capture)
    later = enter(world, SCORED, commissioner, capture)
    correction = correction_draft(
        match=earlier, by=commissioner, reason="he died", inputs=inputs_for(earlier, KILLED, inputs_of(earlier))
    )
    client.force_login(commissioner)
    url = reverse("matches:correction", args=[correction.pk])
    page = " ".join(html.unescape(client.get(url).content.decode()).split())
    assert (
        f"Match {later.pk}, Reavers – Gouged Eye, is held for the commissioner (its teams' later matches wait "
        f"behind it): H1 died in match {earlier.pk}, played before it, yet its sheet credits him." in page
    )
    assert "#1 Journeyman 1: hired as a journeyman" in page  # he takes the dead man's place, and number
    later.refresh_from_db()
    assert later.status == Match.Status.PROCESSED  # a preview changes nothing
    client.cookies["django_language"] = "fr"
    page = " ".join(html.unescape(client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()).split())
    assert f"H1 est mort dans le match {earlier.pk}" in page
