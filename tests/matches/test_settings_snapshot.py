"""A match keeps the league's settings in force when its result was confirmed:
a house rule changed afterwards, even before the post-match sequence runs, does not touch it."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.core.selectors import league_ruleset

from matches.models import Match, MatchEffect
from matches.services import report_confirm, report_save, report_submit
from matches.services.postgame import postgame_run

pytestmark = pytest.mark.django_db


def confirmed_not_processed(match, report, alice, bob, capture) -> Match:
    report_save(match=match, report=report, by=alice)
    report_submit(match=match, by=alice)
    with capture(execute=False):  # the worker has not run yet
        report_confirm(match=match, by=bob)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    return match


def test_a_setting_changed_after_confirmation_does_not_change_the_match(
    client,
    league,
    ready_match,
    worked_report,
    coach_alice,
    coach_bob,
    commissioner,
    humans,
    django_capture_on_commit_callbacks,
):
    match = confirmed_not_processed(
        ready_match, worked_report, coach_alice, coach_bob, django_capture_on_commit_callbacks
    )
    assert match.settings_snapshot["ruleset"] == "lrb6"
    assert match.settings_snapshot["parameters"]["spiralling_expenses_threshold"] == 1_750_000

    # The commissioner now makes every team pay spiralling expenses, through the settings page.
    from tests.web.test_league_admin import settings_form

    client.force_login(commissioner)
    response = client.post(
        reverse("league:settings", args=[league.slug]), settings_form(league, spiralling_expenses_threshold=0)
    )
    assert response.status_code == 302
    assert league_ruleset(league).params.spiralling_expenses_threshold == 0

    assert postgame_run(match.pk)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    # Played under 1,750,000: a 550,000 team pays nothing (under the new rule it would pay 40,000).
    assert not MatchEffect.objects.filter(match=match, kind="spiralling_expenses").exclude(amount=0).exists()
    assert match.settings_snapshot["parameters"]["spiralling_expenses_threshold"] == 1_750_000


def test_an_unconfirmed_match_follows_the_league_settings(league, ready_match, commissioner):
    from league.core.services import league_settings_update

    from matches.services.common import match_ruleset

    assert ready_match.settings_snapshot is None
    league_settings_update(league=league, by=commissioner, values={"mvp_mode": "chosen"})
    assert match_ruleset(ready_match).params.mvp_mode == "chosen"
