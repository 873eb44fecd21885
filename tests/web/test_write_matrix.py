"""Every write endpoint has a permission matrix. One test enumerates the URL patterns (every view
that accepts POST, PUT, PATCH or DELETE) and fails on an endpoint no matrix covers, so a new one
cannot land untested. The matrices of the endpoints not covered elsewhere are here: for each,
anonymous, a stranger, a coach of the league with no part in it, the other coach where there is one
and another league's commissioner are refused, and nothing in the database changes; the rightful
users succeed."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.competitions.challenges.models import Challenge
from league.competitions.challenges.services import challenge_issue
from league.competitions.seasons.models import Season
from league.core.services import league_create, league_join
from matches.services import ReportInput, report_save, report_submit
from tests.matches.test_import_service import example
from tests.seasons.helpers import running_season
from tests.standings.test_standings_page import standings_form
from tests.web.write_endpoints import ACCOUNT_WRITES, write_endpoints
from tests.web.write_matrix_elsewhere import MORE_ELSEWHERE
from tests.webhooks.endpoints import WRITES as WEBHOOK_WRITES

pytestmark = pytest.mark.django_db

# Endpoints anyone (or any logged-in user) may write to: there is no one else's data to protect.
OPEN = {
    "login": "tests/web/test_logins.py",
    "logout": "tests/web/test_accounts.py",
    "signup": "tests/web/test_accounts.py",
    "set_language": "tests/web/test_french_pages.py",
    "league:new": "tests/web/test_league_admin.py",  # any logged-in user creates a league he runs
    "league:join": "tests/web/test_permissions.py",  # test_joining_a_league
    **ACCOUNT_WRITES,  # one's own account and notifications; unsubscribing needs no login (a signed token)
}

# Matrices that live beside their feature: the file that holds each (checked to exist and to
# post to the endpoint or its service).
ELSEWHERE = {
    **dict.fromkeys(WEBHOOK_WRITES, "tests/webhooks/test_pages.py"),
    "league:settings": "tests/web/test_league_admin.py",
    "league:ruleset": "tests/web/test_league_ruleset.py",
    "teams:assistant_titles": "tests/teams/test_assistant_titles.py",
    "league:season_playoffs": "tests/playoffs/test_bracket_sizes.py",
    "league:team_new": "tests/web/test_permissions.py",
    "league:team_new_fields": "tests/web/test_permissions.py",
    "league:team_new_preview": "tests/web/test_permissions.py",
    "league:season_fixtures": "tests/seasons/test_fixtures_pages.py",
    "teams:edit": "tests/web/test_permissions.py",
    "teams:edit_fields": "tests/web/test_team_management.py",
    "teams:edit_preview": "tests/web/test_team_management.py",
    "teams:ready": "tests/web/test_permissions.py",
    "teams:retire": "tests/web/test_permissions.py",
    "teams:player_hire": "tests/web/test_permissions.py",
    "teams:player_fire": "tests/web/test_permissions.py",
    "teams:player_rename": "tests/web/test_permissions.py",
    "teams:buy_reroll": "tests/web/test_permissions.py",
    "teams:staff_hire": "tests/web/test_permissions.py",
    "teams:staff_fire": "tests/web/test_permissions.py",
    "teams:treasury_reverse": "tests/web/test_permissions.py",
    "teams:rookie_hire": "tests/teams/test_roster_house_rules.py",
    "teams:college": "tests/teams/test_roster_house_rules.py",
    "matches:prematch": "tests/matches/test_views_permissions.py",
    "matches:prematch_budget": "tests/matches/test_views_permissions.py",
    "matches:inducements": "tests/matches/test_views_permissions.py",
    "matches:petty_cash": "tests/matches/test_petty_cash_turns.py",
    "matches:card_buy": "tests/matches/test_card_purchase.py",
    "matches:card_play": "tests/matches/test_card_plays.py",
    "matches:correct": "tests/web/test_correction_pages.py",
    "matches:correction": "tests/web/test_correction_pages.py",
    "api-matches-import": "tests/matches/test_import_entry.py",
    **MORE_ELSEWHERE,
    "api-seasons": "tests/api/test_seasons_api.py",
    "api-season-advance": "tests/api/test_seasons_api.py",
    "api-season-teams": "tests/api/test_seasons_api.py",
    "api-season-team": "tests/api/test_seasons_api.py",
    "api-season-fixtures": "tests/api/test_seasons_api.py",
    "api-season-playoffs": "tests/api/test_seasons_api.py",
    "api-season-playoffs-preview": "tests/api/test_seasons_api.py",
    # Only where the ruleset has allies: the house rules' league of these tests.
    "league:allies": "tests/champions/test_allies.py",
    "teams:ally_hire": "tests/champions/test_allies.py",
    "matches:raise": "tests/pbbl/test_raise_the_dead.py",
    "api-team-ally-hire": "tests/champions/test_allies.py",
    "league:mail": "tests/notices/test_notification_mail.py",
}


# --- the matrices of this file ---

ACTORS = (
    "anonymous",
    "stranger",
    "league_coach",
    "other_coach",
    "other_league_coach",
    "other_commissioner",
    "coach",
    "commissioner",
)


@pytest.fixture
def people(league, commissioner, coach_alice, coach_bob, user_factory) -> dict[str, Any]:
    """alice coaches the home team ("coach"), bob the away team ("other_coach"); carol is a coach of
    the league with no part in it; sam belongs to no league; olga runs another league, where dan
    coaches."""
    league_join(league=league, user=coach_bob)
    carol = user_factory("carol")
    league_join(league=league, user=carol)
    olga = user_factory("olga")
    other = league_create(name="Other League", ruleset=league.ruleset, commissioner=olga)
    dan = user_factory("dan")
    league_join(league=other, user=dan)
    return {
        "anonymous": None,
        "stranger": user_factory("sam"),
        "league_coach": carol,
        "other_coach": coach_bob,
        "other_league_coach": dan,
        "other_commissioner": olga,
        "coach": coach_alice,
        "commissioner": commissioner,
    }


@dataclass(frozen=True)
class Case:
    url: str
    data: dict[str, Any]
    rightful: frozenset[str]


def _draft(ready_match, coach_alice):
    return report_save(
        match=ready_match, report=ReportInput(home_score=1, away_score=0, home_uncredited_touchdowns=1), by=coach_alice
    )


def _season_with_challenge(league, commissioner, humans, orcs, *, late: bool = False) -> tuple[Season, Challenge]:
    season = running_season(league, commissioner, [humans, orcs])
    challenge = challenge_issue(season=season, challenger=humans, challenged=orcs, by=commissioner)
    if late:
        Challenge.objects.filter(pk=challenge.pk).update(deadline=timezone.now() - timedelta(hours=1))
    return season, challenge


def case_dice(w: dict[str, Any]) -> Case:
    match = _draft(w["ready_match"], w["coach_alice"])
    return Case(
        reverse("matches:dice", args=[match.pk]),
        {"die__mvp__home__1__0": "1"},
        frozenset({"coach", "other_coach", "commissioner"}),
    )


def case_correction(w: dict[str, Any]) -> Case:
    match = _draft(w["ready_match"], w["coach_alice"])
    report_submit(match=match, by=w["coach_alice"])
    data = {"home_score": "1", "away_score": "0", "home_fame": "0", "away_fame": "0", "gate": "40"}
    data |= {"home_uncredited_touchdowns": "1", "away_uncredited_touchdowns": "0", "action": "save"}
    return Case(reverse("matches:result", args=[match.pk]), data, frozenset({"commissioner"}))


def case_import_page(w: dict[str, Any]) -> Case:
    # Either coach of the match records it (the other side then confirms), or the commissioner.
    return Case(
        reverse("match_import:upload"),
        {"text": json.dumps(example())},
        frozenset({"coach", "other_coach", "commissioner"}),
    )


def case_roster_catalogue(w: dict[str, Any]) -> Case:
    data = {"team": "human", "ref": "position:human:lineman", "action": "save", "ma": 7, "st": 3, "ag": 3, "av": 8}
    return Case(
        reverse("league:roster_catalogue", args=[w["league"].slug]) + "?team=human", data, frozenset({"commissioner"})
    )


def case_challenge_issue(w: dict[str, Any]) -> Case:
    season = running_season(w["league"], w["commissioner"], [w["humans"], w["orcs"]])
    data = {"challenger": w["humans"].pk, "challenged": w["orcs"].pk}
    return Case(
        reverse("league:season_challenges", args=[w["league"].slug, season.number]),
        data,
        frozenset({"coach", "commissioner"}),
    )


def case_challenge_answer(w: dict[str, Any]) -> Case:
    season, challenge = _season_with_challenge(w["league"], w["commissioner"], w["humans"], w["orcs"])
    url = reverse("league:challenge_answer", args=[w["league"].slug, season.number, challenge.pk])
    # The challenged team is bob's: he (or the commissioner) answers; alice issued it.
    return Case(url, {"action": "accept"}, frozenset({"other_coach", "commissioner"}))


def case_challenge_rule(w: dict[str, Any]) -> Case:
    season, challenge = _season_with_challenge(w["league"], w["commissioner"], w["humans"], w["orcs"], late=True)
    url = reverse("league:challenge_rule", args=[w["league"].slug, season.number, challenge.pk])
    return Case(url, {"ruling": "award", "reason": "No answer"}, frozenset({"commissioner"}))


def case_trophy_choose(w: dict[str, Any]) -> Case:
    season = running_season(w["league"], w["commissioner"], [w["humans"], w["orcs"]])
    data = {"action": "choose", "choose-season": season.pk, "choose-trophy": "blood_bowl"}
    return Case(reverse("league:trophies", args=[w["league"].slug]), data, frozenset({"commissioner"}))


def case_trophy_award(w: dict[str, Any]) -> Case:
    data = {"action": "award", "award-trophy": "blood_bowl", "award-team": w["humans"].pk}
    return Case(reverse("league:trophies", args=[w["league"].slug]), data, frozenset({"commissioner"}))


def case_trophy_define(w: dict[str, Any]) -> Case:
    data = {
        "action": "define",
        "define-name": "Far Albion Cup",
        "define-prize_winner": 80_000,
        "define-prize_runner_up": 40_000,
    }
    return Case(reverse("league:trophies", args=[w["league"].slug]), data, frozenset({"commissioner"}))


def _match_case(name: str, fixture: str, rightful: set[str], data: dict[str, Any] | None = None):
    def build(w: dict[str, Any]) -> Case:
        match = w["request"].getfixturevalue(fixture)
        return Case(reverse(name, args=[match.pk]), data or {}, frozenset(rightful))

    return build


def case_improvement(w: dict[str, Any]) -> Case:
    roll = w["request"].getfixturevalue("humans_roll")
    return Case(
        reverse("matches:improvement", args=[roll.pk]), {"choice": "block"}, frozenset({"coach", "commissioner"})
    )


def case_decision(w: dict[str, Any]) -> Case:
    """The page of every decision kind (matches.decisions), here for the improvement roll."""
    roll = w["request"].getfixturevalue("humans_roll")
    return Case(
        reverse("matches:decision", args=["improvement", roll.pk]),
        {"choice": "block"},
        frozenset({"coach", "commissioner"}),
    )


def case_schedule(w: dict[str, Any]) -> Case:
    data = {"home": w["humans"].pk, "away": w["orcs"].pk}
    return Case(reverse("matches:schedule", args=[w["league"].slug]), data, frozenset({"commissioner"}))


def case_members(w: dict[str, Any]) -> Case:
    data = {"action": "mode", "membership_mode": "approval"}
    return Case(reverse("league:members", args=[w["league"].slug]), data, frozenset({"commissioner"}))


def case_standings_settings(w: dict[str, Any]) -> Case:
    url = reverse("league:standings_settings", args=[w["league"].slug])
    return Case(url, standings_form(), frozenset({"commissioner"}))


def case_season_new(w: dict[str, Any]) -> Case:
    url = reverse("league:season_new", args=[w["league"].slug])
    return Case(url, {"name": "Season Two"}, frozenset({"commissioner"}))


def case_season_advance(w: dict[str, Any]) -> Case:
    season = running_season(w["league"], w["commissioner"], [w["humans"], w["orcs"]], status="registration")
    url = reverse("league:season", args=[w["league"].slug, season.number])
    return Case(url, {"action": "advance", "to": "regular", "confirmed": "1"}, frozenset({"commissioner"}))


def case_standings_order(w: dict[str, Any]) -> Case:
    season = running_season(w["league"], w["commissioner"], [w["humans"], w["orcs"]])
    first, second = sorted((w["humans"].pk, w["orcs"].pk))
    data = {"order": f"commissioner:{first},{second}", f"place_{first}": "2", f"place_{second}": "1"}
    url = reverse("league:season_standings", args=[w["league"].slug, season.number])
    return Case(url, data, frozenset({"commissioner"}))


def case_season_reopen(w: dict[str, Any]) -> Case:
    """A league match left unplayed when the play-offs started: only the commissioner reopens it."""
    from league.competitions.seasons.fixtures import fixture_add

    season = running_season(w["league"], w["commissioner"], [w["humans"], w["orcs"]])
    match = fixture_add(season=season, round_number=1, home=w["humans"], away=w["orcs"], by=w["commissioner"])
    Season.objects.filter(pk=season.pk).update(status=Season.Status.PLAYOFFS)
    url = reverse("league:season_reopen", args=[w["league"].slug, season.number])
    return Case(url, {"match": match.pk}, frozenset({"commissioner"}))


CASES: dict[str, Callable[[dict[str, Any]], Case]] = {
    "matches:dice": case_dice,
    "matches:result": case_correction,
    "match_import:upload": case_import_page,
    "league:roster_catalogue": case_roster_catalogue,
    "league:season_challenges": case_challenge_issue,
    "league:challenge_answer": case_challenge_answer,
    "league:challenge_rule": case_challenge_rule,
    "league:trophies:choose": case_trophy_choose,
    "league:trophies:award": case_trophy_award,
    "league:trophies:define": case_trophy_define,
    "matches:submit": _match_case("matches:submit", "draft_match", {"coach", "other_coach", "commissioner"}),
    "matches:confirm": _match_case("matches:confirm", "submitted_match", {"other_coach", "commissioner"}),
    "matches:send_back": _match_case(
        "matches:send_back", "submitted_match", {"other_coach", "commissioner"}, {"reason": "Wrong score"}
    ),
    "matches:withdraw": _match_case("matches:withdraw", "submitted_match", {"coach"}),
    "matches:retry": _match_case("matches:retry", "failed_match", {"coach", "other_coach", "commissioner"}),
    "matches:improvement": case_improvement,
    "matches:decision": case_decision,
    "matches:schedule": case_schedule,
    "league:members": case_members,
    "league:standings_settings": case_standings_settings,
    "league:season_new": case_season_new,
    "league:season": case_season_advance,
    "league:season_standings": case_standings_order,
    "league:season_reopen": case_season_reopen,
}
COVERED_HERE = {name.rsplit(":", 1)[0] if name.count(":") > 1 else name for name in CASES}


def database() -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the project's own tables (the session and login bookkeeping left out)."""
    state = {}
    for app in ("league", "teams", "matches"):
        for model in apps.get_app_config(app).get_models():
            fields = [f.attname for f in model._meta.concrete_fields if f.attname not in ("updated_at", "last_seen_at")]
            state[model._meta.label] = sorted(model.objects.values_list(*fields), key=repr)
    return state


def _attempt(case: Case, endpoint: str, actor: str, user: Any) -> None:
    before = database()
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.post(case.url, case.data)
    after = database()
    assert response.status_code != 500, (endpoint, actor)
    if actor in case.rightful:
        assert response.status_code == 302, (endpoint, actor, response.status_code)
        assert after != before, f"{endpoint} by {actor}: nothing was written"
        return
    assert after == before, f"{endpoint} by {actor}: refused but the database changed"
    if actor == "anonymous":
        assert response.status_code in (302, 403), (endpoint, actor, response.status_code)
        if response.status_code == 302:
            assert response["Location"].startswith(reverse("login")), (endpoint, response["Location"])
        return
    # 403; or sent back to the match page (the step is not his to take: nothing done).
    back = response.status_code == 302 and endpoint.startswith("matches:") and "/matches/" in response["Location"]
    assert response.status_code == 403 or back, (endpoint, actor, response.status_code)


@pytest.mark.parametrize("endpoint", list(CASES))
def test_write_matrix(request, people, league, commissioner, coach_alice, humans, orcs, endpoint):
    """One world per endpoint; each person tries in a savepoint rolled back after, the refused first."""
    world = {"request": request, "league": league, "commissioner": commissioner, "coach_alice": coach_alice}
    world |= {"humans": humans, "orcs": orcs, "ready_match": request.getfixturevalue("ready_match")}
    case = CASES[endpoint](world)
    for actor in sorted(ACTORS, key=lambda a: a in case.rightful):
        with transaction.atomic():
            _attempt(case, endpoint, actor, people[actor])
            transaction.set_rollback(True)


def test_every_write_endpoint_has_its_permission_matrix():
    found = write_endpoints()
    assert len(found) > 40  # the enumeration really reads the views
    missing = sorted(found - set(OPEN) - set(ELSEWHERE) - COVERED_HERE)
    assert missing == [], "a write endpoint without a permission matrix: add it to CASES (or ELSEWHERE)"
    assert not (set(ELSEWHERE) & COVERED_HERE), "covered here: take it out of ELSEWHERE"
    stale = sorted((set(OPEN) | set(ELSEWHERE) | COVERED_HERE) - found)
    assert stale == [], "listed but no longer a write endpoint"
    base = Path(settings.BASE_DIR)
    for name, path in {**OPEN, **ELSEWHERE}.items():
        text = (base / path).read_text(encoding="utf-8")
        assert "403" in text or "login" in text, (name, path)
