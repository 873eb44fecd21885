"""A die entered for a step that an earlier match in play order made pointless is set aside, and the
match completes: never a failure for good (docs/design-history.md, "Dice and decisions").

As reported: with no worker running, a match is confirmed whose player crosses a level, his
improvement dice entered at the table; then a match of the same player played a week before is
confirmed, in which he crosses that level first. The worker (a real `celery -A league.config
worker` subprocess) processes the earlier match first; the later one used to fail with
"improvement:p<id>:1: die not used by this match", and its retry the same way.
"""

from __future__ import annotations

from datetime import date

import pytest

from league.core.models import AuditEntry
from matches.models import DiceRoll, Match
from matches.services import (
    PlayerLine,
    PrematchInput,
    ReportInput,
    match_schedule,
    prematch_record,
    report_confirm,
    report_save,
    report_submit,
)
from teams.models import ImprovementRoll
from tests.builders import pid
from tests.tasks.conftest import app_broker, processed, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def confirmed(league, humans, orcs, commissioner, played_on: date, dice: dict[str, list[int]]) -> Match:
    """Humans 2-0 Orcs, both touchdowns by the Humans' number 1, confirmed by the Orcs' coach."""
    match = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=humans.coach)
    report = ReportInput(
        home_score=2,
        away_score=0,
        played_on=played_on,
        lines=(PlayerLine(pid(humans, 1), touchdowns=2),),
        dice=dice,
    )
    report_save(match=match, report=report, by=humans.coach)
    report_submit(match=match, by=humans.coach)
    report_confirm(match=match, by=orcs.coach)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    return match


def test_a_die_an_earlier_match_made_pointless_is_set_aside_and_both_matches_complete(
    workers, subprocess_broker, league, humans, orcs, commissioner
):
    scorer = pid(humans, 1)
    key = f"improvement:p{scorer}:1"
    broker = subprocess_broker
    with app_broker(broker.url, queue=broker.queue, transport_options=broker.transport_options):
        # No worker yet: both confirmations only queue their match.
        later = confirmed(league, humans, orcs, commissioner, date(2026, 11, 20), {key: [3, 3]})
        earlier = confirmed(league, humans, orcs, commissioner, date(2026, 11, 13), {})
        assert earlier.sequence < later.sequence  # played a week before: processed first
        _worker, log = workers.start(apply_delay=0, lease_seconds=60)
        wait_for(lambda: processed(earlier) and processed(later), "both matches to be processed", log=log)

    # The level was crossed in the earlier match: its improvement roll is there, rolled by the server.
    assert ImprovementRoll.objects.filter(player_id=scorer, match=earlier, index=1).exists()
    assert DiceRoll.objects.get(match=earlier, purpose=key).source == DiceRoll.Source.SERVER
    # The later match no longer uses the die entered for it: set aside, its values kept in the audit.
    assert not DiceRoll.objects.filter(match=later, purpose=key).exists()
    assert not ImprovementRoll.objects.filter(player_id=scorer, match=later, index=1).exists()
    aside = AuditEntry.objects.get(action="matches.postgame.inputs_set_aside")
    assert (aside.data["match"], aside.data["dice"], aside.data["decisions"]) == (later.pk, {key: [3, 3]}, {})
