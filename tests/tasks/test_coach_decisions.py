"""A coach's decision after a match is one mechanism (league.rules.decisions, matches.decisions).

The improvement choice is its first kind; to prove that any kind fits, this module declares a
second one of its own, registered nowhere else: a healing spell (choose one casualty of the match
to heal, at most as many per match as the ruleset's [decisions.healing] per_match). The match is
processed by the real Celery worker, the spell is offered on the team's page and the match page,
chosen through the generic page with the Django test client, and its effect is applied once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import translation

from league.core.audit import AuditEntry
from league.rules import (
    DecisionEffect,
    DecisionKind,
    DecisionOption,
    decision_kind,
    decision_limit,
    register_decision_kind,
)
from matches.decisions import StoredKind, register_decision_type, unregister_decision_type
from matches.models import Match, MatchCasualty, PendingDecision
from matches.services import prematch_record
from matches.services.common import match_ruleset
from matches.services.decisions import open_decisions
from matches.services.prematch import PrematchInput
from matches.tasks import run_postgame
from matches.views.decision_types import stored_decision_type
from teams.models import Player
from tests.builders import lrb6_copy, pid, scheduled_in, worked_report_for
from tests.tasks.conftest import play, processed, wait_for

CSRF = re.compile(r"\b[A-Za-z0-9]{64}\b")  # the page's CSRF token, masked anew on every answer
KEY = "healtest"
HEALING = "healing"
NAMES = {"en": "Healing spell", "fr": "Sort de soin"}

# --- the engine's declaration: options from the values, the limit from the ruleset ---


def _options(ruleset, values):
    return tuple(DecisionOption(ref) for ref in values["casualties"])


def _effects(ruleset, values, choice):
    return (DecisionEffect("heal", player_ref=choice),)


def _owed(ruleset, values):
    return min(decision_limit(ruleset, HEALING, "per_match"), len(values["casualties"]))


register_decision_kind(DecisionKind(HEALING, options=_options, effects=_effects, owed=_owed))

# --- the site's side: the state it reads and what it writes ---


def _values(match, team, ruleset) -> dict[str, object]:
    """The team's casualties of this match who still miss the next game, by player id."""
    victims = MatchCasualty.objects.filter(
        match=match, victim__team=team, victim__miss_next_game=True, victim__status=Player.Status.ACTIVE
    ).order_by("victim__number")
    return {"casualties": [str(pk) for pk in victims.values_list("victim_id", flat=True)]}


def _label(ruleset, values, choice: str) -> str:
    return Player.objects.get(pk=int(choice)).display_name


def _apply(decision: PendingDecision, effects: tuple[DecisionEffect, ...]) -> None:
    for effect in effects:
        assert effect.kind == "heal"
        Player.objects.filter(pk=int(effect.player_ref)).update(miss_next_game=False)


HEALING_KIND = StoredKind(
    HEALING,
    name=lambda: NAMES[translation.get_language()[:2]],
    values=_values,
    option_label=_label,
    apply=_apply,
)


@pytest.fixture
def healing():
    """The healing spell offered by the site for this test only."""
    register_decision_type(stored_decision_type(HEALING_KIND))
    yield
    unregister_decision_type(HEALING)


@pytest.fixture
def heal_ruleset(tmp_path, monkeypatch):
    yield from lrb6_copy(tmp_path, monkeypatch, KEY, toml_extra="\n[decisions.healing]\nper_match = 1\n")


@dataclass
class Played:
    match: Match
    humans: object
    orcs: object


def _ready(heal_ruleset, commissioner, coach_alice, coach_bob) -> tuple[Match, object, object]:
    scheduled = scheduled_in(KEY, "Temple League", commissioner, coach_alice, coach_bob)
    humans, orcs = scheduled.home, scheduled.away
    return prematch_record(match=scheduled, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice), humans, orcs


@pytest.fixture
def played(celery_worker, healing, heal_ruleset, commissioner, coach_alice, coach_bob) -> Iterator[Played]:
    """Humans 2-1 Orcs (tests/builders.py worked_report_for), processed by the worker: the Humans'
    number 3 is seriously hurt (misses the next game), the Orcs' number 3 is dead."""
    ready, humans, orcs = _ready(heal_ruleset, commissioner, coach_alice, coach_bob)
    match = play(ready, worked_report_for(humans, orcs), coach_alice, coach_bob)
    wait_for(lambda: processed(match), "the worker to process the match")
    yield Played(match, humans, orcs)


def test_the_ruleset_limits_how_many_spells_a_match_owes(heal_ruleset):
    owed = decision_kind(HEALING).owed
    assert owed(heal_ruleset, {"casualties": ["1", "2"]}) == 1  # [decisions.healing] per_match = 1
    assert owed(heal_ruleset, {"casualties": []}) == 0
    from league.rules import load_ruleset

    assert owed(load_ruleset("lrb6"), {"casualties": ["1"]}) == 0  # LRB6 has no healing spells


@pytest.mark.worker
def test_a_second_kind_is_offered_chosen_and_applied_once_through_the_same_page(
    played, task_runs, client, coach_alice, coach_bob
):
    match, humans = played.match, played.humans
    h3 = Player.objects.get(pk=pid(humans, 3))
    assert h3.miss_next_game
    # One spell for the Humans (one casualty, limit one); none for the Orcs, whose casualty is dead.
    [spell] = PendingDecision.objects.filter(match=match)
    assert (spell.kind, spell.key, spell.team_id, spell.pending) == (HEALING, "healing:home:1", humans.pk, True)
    url = reverse("matches:decision", args=[HEALING, spell.pk])

    client.force_login(coach_alice)
    team_page = client.get(humans.get_absolute_url()).text
    assert "To choose: Healing spell" in team_page and url in team_page
    match_page = client.get(match.get_absolute_url()).text
    assert "To choose: Healing spell" in match_page and url in match_page
    page = client.get(url)
    assert page.status_code == 200 and f'value="{h3.pk}"' in page.text and h3.display_name in page.text

    client.force_login(coach_bob)  # not his team
    assert client.get(url).status_code == 403
    assert client.post(url, {"choice": str(h3.pk)}).status_code == 403

    client.force_login(coach_alice)
    answer = client.post(url, {"choice": str(h3.pk)})
    assert answer.status_code == 302 and answer["Location"] == humans.get_absolute_url()
    assert [str(m) for m in get_messages(answer.wsgi_request)] == [f"Healing spell: {h3.display_name}."]
    h3.refresh_from_db()
    spell.refresh_from_db()
    assert not h3.miss_next_game and spell.choice == str(h3.pk) and spell.by == coach_alice
    assert AuditEntry.objects.filter(action="matches.decision.chosen", team=humans).count() == 1
    assert "To choose: Healing spell" not in client.get(humans.get_absolute_url()).text

    # Once made, the decision is not made again: the page says so, nothing changes.
    again = client.post(url, {"choice": str(h3.pk)}, follow=True)
    assert "This decision has already been made." in again.text
    assert AuditEntry.objects.filter(action="matches.decision.chosen").count() == 1

    # A re-run opens nothing twice: the task delivered again, and the opening itself run again.
    Player.objects.filter(pk=h3.pk).update(miss_next_game=True)  # even with a casualty to heal again
    run_postgame.delay(match.pk)
    # (The first run's end may be recorded too: the match was processed before its signal.)
    wait_for(lambda: [r for r in task_runs if r.args == (match.pk,) and r.result is False], "the re-delivery")
    assert processed(match)  # processed already: nothing claimed, nothing opened again
    open_decisions(match, match_ruleset(match))
    assert list(PendingDecision.objects.filter(match=match).values_list("key", "choice")) == [
        ("healing:home:1", str(h3.pk))
    ]


@pytest.mark.worker
def test_a_choice_the_state_no_longer_allows_is_asked_again(played, client, coach_alice):
    match, humans = played.match, played.humans
    h3 = humans.players.get(number=3)
    [spell] = PendingDecision.objects.filter(match=match)
    url = reverse("matches:decision", args=[HEALING, spell.pk])
    client.force_login(coach_alice)
    assert f'value="{h3.pk}"' in client.get(url).text

    # Meanwhile the player was healed otherwise: the choice no longer fits, the coach is asked again.
    Player.objects.filter(pk=h3.pk).update(miss_next_game=False)
    refused = client.post(url, {"choice": str(h3.pk)})
    assert refused.status_code == 200 and "Nothing can be chosen now." in refused.text
    spell.refresh_from_db()
    assert spell.pending

    from matches.services import MatchError
    from matches.services.decisions import stored_decision_choose

    with pytest.raises(MatchError, match="no longer open"):  # the service checks again, under lock
        stored_decision_choose(HEALING_KIND, spell, str(h3.pk), coach_alice)
    spell.refresh_from_db()
    assert spell.pending  # never a failure that stays: the decision waits for the coach

    Player.objects.filter(pk=h3.pk).update(miss_next_game=True)  # the casualty is back
    assert client.post(url, {"choice": str(h3.pk)}).status_code == 302
    spell.refresh_from_db()
    assert spell.choice == str(h3.pk)


@pytest.mark.worker
def test_a_decision_of_any_kind_waits_in_the_coachs_to_do_and_counts_in_his_badge(
    played, client, coach_alice, coach_bob, settings
):
    from tests.matches.test_waiting import badge, waiting

    settings.PAGE_CACHE_SECONDS = 0  # pages rendered, not kept: each read sees the choice made
    [spell] = PendingDecision.objects.filter(match=played.match)
    url = reverse("matches:decision", args=[HEALING, spell.pk])
    client.force_login(coach_alice)
    assert ("decision", url) in waiting(client)
    home = client.get(reverse("home")).text
    assert "Healing spell to choose for Reavers" in home
    assert badge(client) == len(waiting(client))
    client.cookies["django_language"] = "fr"
    assert "Sort de soin à choisir pour Reavers" in client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="fr").text
    del client.cookies["django_language"]
    client.force_login(coach_bob)  # not his team's
    assert ("decision", url) not in waiting(client)
    client.force_login(coach_alice)
    client.post(url, {"choice": str(pid(played.humans, 3))})
    assert ("decision", url) not in waiting(client)


def test_the_decision_page_speaks_french(played, client, coach_alice):
    [spell] = PendingDecision.objects.filter(match=played.match)
    client.force_login(coach_alice)
    client.cookies["django_language"] = "fr"
    page = client.get(reverse("matches:decision", args=[HEALING, spell.pk]), HTTP_ACCEPT_LANGUAGE="fr").text
    assert "Sort de soin pour Reavers" in page and "Une décision après le match" in page
    assert "Valider ce choix" in page
    team_page = client.get(played.humans.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").text
    assert "À choisir\u00a0: Sort de soin" in team_page


def test_the_improvement_page_is_the_generic_page_of_its_kind(client, humans_roll, coach_alice):
    client.force_login(coach_alice)
    urls = (
        reverse("matches:improvement", args=[humans_roll.pk]),
        reverse("matches:decision", args=["improvement", humans_roll.pk]),
    )
    # The same page but for its own address (the language switcher's "next") and the CSRF token.
    own, generic = (CSRF.sub("", client.get(url).text.replace(url, "")) for url in urls)
    assert own == generic and 'id="improvement-form"' in own
    assert client.get(reverse("matches:decision", args=["nothing", humans_roll.pk])).status_code == 404


def test_an_unknown_decision_kind_in_a_ruleset_is_refused(tmp_path, monkeypatch):
    from league.rules import RulesetDataError

    with pytest.raises(RulesetDataError, match=r"\[decisions.spells\]: unknown decision kind"):
        next(lrb6_copy(tmp_path, monkeypatch, "badheal", toml_extra="\n[decisions.spells]\nper_match = 1\n"))


def test_a_stored_improvement_the_player_can_no_longer_take_is_asked_again(
    submitted_match, humans, coach_alice, coach_bob, django_capture_on_commit_callbacks, client
):
    """A choice stored for the Humans' number 1's roll (3+3) that the roll does not open (a
    Mutation, closed to a Human lineman): the sequence drops it and the roll waits for the coach,
    instead of failing again on every retry."""
    from matches.models import Decision
    from matches.services import postgame_run, report_confirm
    from teams.models import ImprovementRoll

    with django_capture_on_commit_callbacks(execute=False):  # confirmed, not run yet
        report_confirm(match=submitted_match, by=coach_bob)
    h1 = pid(humans, 1)
    Decision.objects.create(match=submitted_match, key=f"improvement:p{h1}:1", value="claw", by=coach_alice)
    assert postgame_run(submitted_match.pk) is True
    submitted_match.refresh_from_db()
    assert submitted_match.status == Match.Status.PROCESSED
    assert not Decision.objects.filter(match=submitted_match, key=f"improvement:p{h1}:1").exists()
    roll = ImprovementRoll.objects.get(match=submitted_match, player_id=h1)
    assert roll.pending
    client.force_login(coach_alice)
    page = client.get(reverse("matches:improvement", args=[roll.pk])).text
    assert 'value="block"' in page and 'value="claw"' not in page
