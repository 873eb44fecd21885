"""A post-match effect kind added by a ruleset of its own, end to end (tests/tasks/fan_gift.py is the
whole kind, registered by its install()): `giftstest` is LRB6 copied with a "fan_gift" step after
the winnings and its ledger kind. The result is entered and confirmed through the pages, a real
Celery worker runs the sequence, the outcome page words the gift in English and French, a task
delivered again changes nothing, and the replayed plan's reversal pays the gift back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse
from django.utils import translation

from league.rules import Ruleset
from league.rules.postmatch import plan_post_match
from league.rules.postmatch.kinds import reversal, reversals
from matches.models import Match, MatchEffect
from matches.services import postgame_run
from matches.services.appliers import SequenceContext, Writes, gather
from matches.services.common import match_ruleset, stored_inputs
from matches.services.snapshot import report_from_json
from matches.tasks import run_postgame
from teams.errors import gp
from teams.models import Team, TreasuryEntry
from tests.builders import lrb6_copy, scheduled_in
from tests.matches.test_views_support import login, report_data
from tests.tasks import fan_gift
from tests.tasks.conftest import processed, wait_for

pytestmark = pytest.mark.worker

KEY = "giftstest"
STEPS = '"remove_dead", "winnings", "petty_cash_return"'


@pytest.fixture
def gifts_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    fan_gift.install(monkeypatch)  # before the loader reads a sequence naming the step
    yield from lrb6_copy(
        tmp_path,
        monkeypatch,
        KEY,
        replace=((STEPS, '"remove_dead", "winnings", "fan_gift", "petty_cash_return"'),),
        append={"ledger_kinds.csv": fan_gift.LEDGER_ROW},
    )


@pytest.fixture
def gift_match(gifts_ruleset, commissioner, coach_alice, user_factory):
    from matches.services import PrematchInput, prematch_record

    bob = user_factory("bob")
    scheduled = scheduled_in(KEY, "Fan clubs", commissioner, coach_alice, bob)
    return prematch_record(match=scheduled, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice), bob


def ledger(match: Match) -> list[tuple]:
    return sorted(TreasuryEntry.objects.filter(match=match).values_list("team_id", "kind", "amount", "key"))


def test_a_kind_of_the_rulesets_own_is_applied_worded_kept_once_and_reversed(
    celery_worker, task_runs, client, gift_match, coach_alice
):
    played, bob = gift_match
    treasury_before = played.home.treasury
    # The result through the pages: 2-0 for the home team, submitted by alice, confirmed by bob.
    url = reverse("matches:result", args=[played.pk])
    response = login(client, coach_alice).post(url, report_data(played, action="submit", home_score=2))
    assert response.status_code == 302
    login(client, bob).post(reverse("matches:confirm", args=[played.pk]))
    wait_for(lambda: processed(played), "the worker to run the sequence")

    gift = MatchEffect.objects.get(match=played, key="fan_gift:home")
    assert (gift.step, gift.kind, gift.team_id, gift.amount) == ("fan_gift", "fan_gift", played.home_id, 20_000)
    assert gift.data["touchdowns"] == 2  # the kind's own data, stored with the effect
    assert not MatchEffect.objects.filter(match=played, kind="fan_gift", team_id=played.away_id).exists()
    entry = TreasuryEntry.objects.get(key=f"match:{played.pk}:fan_gift:home")
    assert (entry.team_id, entry.kind, entry.amount) == (played.home_id, "fan_gift", 20_000)
    home = Team.objects.get(pk=played.home_id)
    winnings = TreasuryEntry.objects.get(key=f"match:{played.pk}:winnings:home").amount
    assert home.treasury == treasury_before + winnings + 20_000

    # The outcome page words it, and titles its step, in the reader's language.
    for language, title, text in (
        ("en", "Fans&#x27; gift", "The fans&#x27; clubs give {} gp (2 touchdowns)."),
        ("fr", "Cadeau des supporters", "Les clubs de supporters offrent {} po (2 touchdowns)."),
    ):
        client.cookies["django_language"] = language
        page = client.get(reverse("matches:detail", args=[played.pk])).text
        with translation.override(language):
            amount = gp(20_000)
        assert text.format(amount) in page and title in page
        assert "fan_gift {" not in page

    # Delivered again, or run in this thread: nothing to claim, nothing paid twice.
    kept = (ledger(played), list(MatchEffect.objects.filter(match=played).values_list("key", "amount", "data")))
    run_postgame.delay(played.pk)
    assert postgame_run(played.pk) is False
    runs = wait_for(
        lambda: [r.result for r in task_runs if r.name == "matches.run_postgame" and r.args == (played.pk,)][1:],
        "the second delivery to be handled",
    )
    assert runs == [False]
    assert (ledger(played), list(MatchEffect.objects.filter(match=played).values_list("key", "amount", "data"))) == kept
    home.refresh_from_db()
    assert home.treasury == treasury_before + winnings + 20_000

    # The replay of the stored report, dice and decisions plans the same gift; its reversal is the
    # gift paid back, under its own key, through the kind's undo.
    played.refresh_from_db()
    plan = plan_post_match(match_ruleset(played), report_from_json(played.postgame_input), *stored_inputs(played))
    planned = plan.effect("fan_gift:home")
    assert (planned.amount, dict(planned.payload)) == (20_000, {"touchdowns": 2})
    undo = reversal(planned)
    assert undo is not None
    assert (undo.key, undo.kind, undo.amount, undo.undoes) == (
        "fan_gift:home:undo",
        "fan_gift",
        -20_000,
        "fan_gift:home",
    )
    assert undo in reversals(plan.effects)
    teams = {"home": Team.objects.get(pk=played.home_id), "away": Team.objects.get(pk=played.away_id)}
    writes = Writes()
    gather(SequenceContext(played, match_ruleset(played), teams, {}), writes, undo)
    assert [(e["team_id"], e["kind"], e["amount"], e["key"]) for e in writes.ledger] == [
        (played.home_id, "fan_gift", -20_000, f"match:{played.pk}:fan_gift:home:undo")
    ]
    assert teams["home"].treasury == home.treasury - 20_000
