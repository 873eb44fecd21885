"""Every page in French: no English sentence of the catalogue shows, and the catalogue is complete.

The demo league (with its match processed) plus a few more matches and a draft give every URL of
the site a page to show; each URL name of the URLconf must be requested below (PAGES) or set
aside with its reason (NOT_PAGES), so a new page fails this test until it is added. Requests that
are refused on purpose (over budget, too many players…) are here too: refusals are sentences the
reader must understand. A page fails when its visible text holds the English wording of a
catalogue entry whose French differs, or a colon glued to the word before it (French puts a
non-breaking space there: "Trésorerie : …").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.web.french_catalogue import GLUED_COLON, catalogue, english_patterns, visible_text

pytestmark = pytest.mark.django_db


def test_every_catalogue_entry_is_translated_plural_forms_included():
    untranslated = [e.msgid for e in catalogue() if e.fuzzy or not all(t.strip() for t in e.translations)]
    assert untranslated == []


# --- the site, in every state a page can show ---


@dataclass
class World:
    league: Any
    users: dict[str, Any]
    processed: Any  # the demo match
    scheduled: Any
    prematch_done: Any
    submitted: Any
    draft_team: Any
    roll: Any  # an improvement roll waiting for alice's choice
    extra: dict[str, Any] = field(default_factory=dict)

    def team(self, coach: str):
        return self.league.teams.get(coach__username=coach, status="ready")


@pytest.fixture
def world(django_capture_on_commit_callbacks) -> World:
    from league.tooling.demo import load_demo
    from matches.services import (
        PlayerLine,
        PrematchInput,
        ReportInput,
        match_schedule,
        prematch_record,
        report_save,
        report_submit,
    )
    from teams.models import ImprovementRoll
    from teams.services import PlayerOrder, team_save_draft
    from teams.services.creation import TeamOrder

    with django_capture_on_commit_callbacks(execute=True):
        league = load_demo()
    users = {u.username: u for u in get_user_model().objects.all()}
    commissioner = users["commissioner"]
    teams = {t.coach.username: t for t in league.teams.select_related("coach")}
    processed = league.matches.get(status="processed")
    scheduled = match_schedule(league=league, home=teams["carol"], away=teams["dave"], by=commissioner)
    prematch_done = match_schedule(league=league, home=teams["erin"], away=teams["dave"], by=commissioner)
    prematch_record(match=prematch_done, data=PrematchInput(weather_dice=(3, 4)), by=commissioner)
    submitted = match_schedule(league=league, home=teams["erin"], away=teams["carol"], by=commissioner)
    prematch_record(match=submitted, data=PrematchInput(weather_dice=(2, 2)), by=commissioner)
    scorer = teams["erin"].players.get(number=9)
    report_save(
        match=submitted,
        report=ReportInput(home_score=1, away_score=0, lines=(PlayerLine(scorer.pk, touchdowns=1),)),
        by=users["erin"],
    )
    report_submit(match=submitted, by=users["erin"])
    draft = team_save_draft(
        league=league,
        coach=users["alice"],
        order=TeamOrder(name="Half Built", race="lizardman", players=(PlayerOrder("skink", "Kix"),)),
    )
    roll = ImprovementRoll.objects.filter(player__team=teams["alice"], choice="").first()
    assert roll is not None, "the demo match leaves alice an improvement roll to choose"
    world = World(league, users, processed, scheduled, prematch_done, submitted, draft, roll)
    world.extra.update(seasons(league, commissioner, teams))
    return world


def seasons(league, commissioner, teams) -> dict[str, Any]:
    """A regular season with its round robin (byes, dates) and a next one taking requests."""
    from league.competitions.seasons.services import entry_request, season_advance, season_create

    # The demo's own Season 1 (league.tooling.demo): regular, its round robin dated, the demo match played.
    one = league.seasons.get(number=1)
    two = season_create(league=league, name="Saison 2", by=commissioner)
    season_advance(season=two, to="registration", by=commissioner)
    entry_request(season=two, team=teams["alice"], by=teams["alice"].coach)
    return {"season": one, "season2": two, **challenges(one, commissioner, teams)}


def challenges(season, commissioner, teams) -> dict[str, Any]:
    """Challenges in every state a page shows: waiting, late, replaced."""
    from datetime import timedelta

    from django.utils import timezone

    from league.competitions.challenges.models import Challenge
    from league.competitions.challenges.services import challenge_issue, challenge_replace, challenge_replacement_agree

    waiting = challenge_issue(season=season, challenger=teams["alice"], challenged=teams["bob"], by=commissioner)
    late = challenge_issue(season=season, challenger=teams["carol"], challenged=teams["bob"], by=commissioner)
    Challenge.objects.filter(pk=late.pk).update(deadline=timezone.now() - timedelta(hours=2))
    replaced = challenge_issue(season=season, challenger=teams["erin"], challenged=teams["carol"], by=commissioner)
    challenge_replace(challenge=replaced, replacement=teams["dave"], by=commissioner)
    challenge_replacement_agree(challenge=replaced, by=commissioner)
    return {"challenge_waiting": waiting, "challenge_late": late, "challenge_replaced": replaced}


@dataclass(frozen=True)
class Page:
    """One request: who makes it, to which URL name, and what it posts (None: a GET)."""

    name: str
    user: str | None
    url: Callable[[World], str]
    data: Callable[[World], dict[str, Any]] | None = None
    status: int = 200
    note: str = ""  # what the request shows, when it is not the plain page


def team_form(race: str, rows: list[tuple[str, str]], name: str = "Nouvelle équipe") -> dict[str, str]:
    data = {
        "name": name,
        "race": race,
        "rerolls": "9",
        "fan_factor": "0",
        "assistant_coaches": "0",
        "cheerleaders": "0",
        "players-TOTAL_FORMS": str(len(rows)),
        "players-INITIAL_FORMS": "0",
        "players-MIN_NUM_FORMS": "0",
        "players-MAX_NUM_FORMS": "30",
        "action": "create",
    }
    for i, (position, player_name) in enumerate(rows):
        data.update({f"players-{i}-position": position, f"players-{i}-number": str(i + 1)})
        data[f"players-{i}-name"] = player_name
    return data


# Three throwers where humans may have two, a twelfth re-roll, too few players: refusals with counts.
TOO_MANY_THROWERS = [("thrower", f"T{i}") for i in range(3)] + [("lineman", f"L{i}") for i in range(3)]


def slug(w: World) -> str:
    return w.league.slug


def settings_form(league, **changes: object) -> dict[str, str]:
    from league.core.selectors import league_setting_values

    values = {**league_setting_values(league), **changes}
    return {key: "on" if value is True else str(value) for key, value in values.items() if value is not False}


def first_player(w: World, coach: str = "alice"):
    return w.team(coach).players.filter(status="active").order_by("number").first()


PAGES = [
    # league
    Page("home", None, lambda w: reverse("home")),
    Page("home", "carol", lambda w: reverse("home"), note="waiting"),
    Page("home", "alice", lambda w: reverse("home"), note="an improvement"),
    Page("home", "commissioner", lambda w: reverse("home"), note="to review"),
    Page("league:detail", None, lambda w: reverse("league:detail", args=[slug(w)])),
    Page("league:teams", None, lambda w: reverse("league:teams", args=[slug(w)])),
    Page("league:new", "frank", lambda w: reverse("league:new")),
    Page(
        "league:new",
        "frank",
        lambda w: reverse("league:new"),
        lambda w: {"name": "New", "ruleset": "lrb6", "language": "fr", "membership_mode": "open"},
        note="a refused name",
    ),
    Page(
        "league:new",
        "frank",
        lambda w: reverse("league:new"),
        lambda w: {"name": "Ligue de Frank", "ruleset": "lrb6", "language": "fr", "membership_mode": "approval"},
        note="created",
    ),
    Page("league:settings", "commissioner", lambda w: reverse("league:settings", args=[slug(w)])),
    Page("league:settings", "alice", lambda w: reverse("league:settings", args=[slug(w)]), status=403, note="refused"),
    Page(
        "league:settings",
        "commissioner",
        lambda w: reverse("league:settings", args=[slug(w)]),
        lambda w: settings_form(w.league, spiralling_expenses_band=155_000, max_consecutive_meetings=0),
        note="refused values",
    ),
    Page(
        "league:settings",
        "commissioner",
        lambda w: reverse("league:settings", args=[slug(w)]),
        lambda w: settings_form(w.league, mvp_mode="chosen", free_fan_factor=True),
        note="saved, with the changes listed",
    ),
    Page("league:standings_settings", "commissioner", lambda w: reverse("league:standings_settings", args=[slug(w)])),
    Page(
        "league:standings_settings",
        "alice",
        lambda w: reverse("league:standings_settings", args=[slug(w)]),
        status=403,
        note="refused",
    ),
    Page(
        "league:standings_settings",
        "commissioner",
        lambda w: reverse("league:standings_settings", args=[slug(w)]),
        lambda w: {"preset": "custom", "win": "x", "tie_breaker_1": "td_diff", "tie_breaker_2": "td_diff"},
        status=400,
        note="refused values",
    ),
    Page(
        "league:standings_settings",
        "commissioner",
        lambda w: reverse("league:standings_settings", args=[slug(w)]),
        lambda w: {"preset": "w5d3l1", "tie_breaker_1": "td_diff", "tie_breaker_2": "points"},
        status=400,
        note="a tie-breaker refused by the service",
    ),
    Page(
        "league:standings_settings",
        "commissioner",
        lambda w: reverse("league:standings_settings", args=[slug(w)]),
        lambda w: {
            "preset": "custom",
            "win": "3",
            "draw": "1",
            "loss": "0",
            "concede": "-1",
            "td_bonus": "1",
            "td_bonus_threshold": "3",
            "cas_bonus": "1",
            "cas_bonus_threshold": "3",
            "tie_breaker_1": "points",
            "tie_breaker_2": "head_to_head",
            "tie_breaker_3": "lots",
        },
        note="saved, with the change listed",
    ),
    Page("league:season_standings", None, lambda w: reverse("league:season_standings", args=[slug(w), 1])),
    Page(
        "league:season_standings",
        "commissioner",
        lambda w: reverse("league:season_standings", args=[slug(w), 1]),
        note="ties waiting for lots, the commissioner's button",
    ),
    Page(
        "league:season_standings",
        "commissioner",
        lambda w: reverse("league:season_standings", args=[slug(w), 1]),
        lambda w: {"lots": "lots:0"},
        status=400,
        note="lots nobody needs",
    ),
    Page("league:join", "frank", lambda w: reverse("league:join", args=[slug(w)]), lambda w: {}, note="welcome"),
    Page("league:members", "commissioner", lambda w: reverse("league:members", args=[slug(w)])),
    Page(
        "league:members",
        "commissioner",
        lambda w: reverse("league:members", args=[slug(w)]),
        lambda w: {"action": "invite", "username": "nobody"},
        status=400,
        note="a refused invitation",
    ),
    Page(
        "league:members",
        "commissioner",
        lambda w: reverse("league:members", args=[slug(w)]),
        lambda w: {"action": "mode", "membership_mode": "approval"},
        note="mode saved",
    ),
    # seasons
    Page("league:seasons", None, lambda w: reverse("league:seasons", args=[slug(w)])),
    # statistics
    Page("league:stats", None, lambda w: reverse("league:stats", args=[slug(w)])),
    Page("league:stats", "alice", lambda w: reverse("league:stats", args=[slug(w)]) + "?season=1", note="a season"),
    Page("league:stats", None, lambda w: reverse("league:stats", args=[slug(w)]) + "?sort=mvps", note="sorted"),
    Page("league:stats", None, lambda w: reverse("league:stats", args=[slug(w)]) + "?sort=nope", note="a bad sort"),
    Page("league:stats_records", None, lambda w: reverse("league:stats_records", args=[slug(w)])),
    Page("league:stats_hall_of_fame", None, lambda w: reverse("league:stats_hall_of_fame", args=[slug(w)])),
    Page("league:stats_cemetery", None, lambda w: reverse("league:stats_cemetery", args=[slug(w)])),
    Page("league:season_new", "commissioner", lambda w: reverse("league:season_new", args=[slug(w)])),
    Page(
        "league:season_new",
        "commissioner",
        lambda w: reverse("league:season_new", args=[slug(w)]),
        lambda w: {"name": w.extra["season"].name},
        status=400,
        note="a name already taken",
    ),
    Page("league:season", None, lambda w: w.extra["season"].get_absolute_url(), note="rounds and byes"),
    Page("league:season", "commissioner", lambda w: w.extra["season"].get_absolute_url(), note="next steps"),
    Page("league:season", "commissioner", lambda w: w.extra["season2"].get_absolute_url(), note="a request"),
    Page("league:season", "bob", lambda w: w.extra["season2"].get_absolute_url(), note="enter my team"),
    Page(
        "league:season",
        "commissioner",
        lambda w: w.extra["season"].get_absolute_url(),
        lambda w: {"action": "advance", "to": "closed"},
        note="asked to confirm",
    ),
    Page(
        "league:season",
        "commissioner",
        lambda w: w.extra["season2"].get_absolute_url(),
        lambda w: {"action": "advance", "to": "regular", "confirmed": "1"},
        status=400,
        note="too few teams",
    ),
    Page(
        "league:season_fixtures",
        "commissioner",
        lambda w: reverse("league:season_fixtures", args=[slug(w), 1]),
    ),
    Page(
        "league:season_fixtures",
        "commissioner",
        lambda w: reverse("league:season_fixtures", args=[slug(w), 1]),
        lambda w: {"action": "swiss"},
        status=400,
        note="matches to play first",
    ),
    Page(
        "league:season_fixtures",
        "commissioner",
        lambda w: reverse("league:season_fixtures", args=[slug(w), 1]),
        lambda w: {"action": "generate", "legs": "1"},
        status=400,
        note="fixtures already made",
    ),
    Page(
        "league:season_fixtures",
        "commissioner",
        lambda w: reverse("league:season_fixtures", args=[slug(w), w.extra["season2"].number]),
        lambda w: {"action": "generate", "legs": "1"},
        note="registration still open: asked to confirm",
    ),
    Page(
        "league:season_fixtures",
        "commissioner",
        lambda w: reverse("league:season_fixtures", args=[slug(w), 1]),
        lambda w: {"action": "dates_bulk", "first_round": "1", "last_round": "5", "starts_on": "9999-12-31"},
        status=400,
        note="dates out of range",
    ),
    Page(
        "league:season_reopen",
        "commissioner",
        lambda w: reverse("league:season_reopen", args=[slug(w), 1]),
        lambda w: {"match": w.scheduled.pk},
        note="nothing to reopen: the match page says so",
    ),
    Page("league:calendar", None, lambda w: reverse("league:calendar", args=[slug(w)]), note="iCalendar"),
    Page("teams:calendar", None, lambda w: reverse("teams:calendar", args=[w.team("alice").pk]), note="iCalendar"),
    Page("league:team_new", "alice", lambda w: reverse("league:team_new", args=[slug(w)])),
    Page(
        "league:team_new",
        "alice",
        lambda w: reverse("league:team_new", args=[slug(w)]),
        lambda w: team_form("human", TOO_MANY_THROWERS),
        note="every refusal of a new team",
    ),
    Page(
        "league:team_new_fields",
        "alice",
        lambda w: reverse("league:team_new_fields", args=[slug(w)]),
        lambda w: team_form("human", TOO_MANY_THROWERS),
    ),
    Page(
        "league:team_new_preview",
        "alice",
        lambda w: reverse("league:team_new_preview", args=[slug(w)]),
        lambda w: team_form("human", TOO_MANY_THROWERS),
    ),
    # teams
    Page("teams:mine", "alice", lambda w: reverse("teams:mine")),
    Page("teams:detail", None, lambda w: reverse("teams:detail", args=[w.team("alice").pk])),
    Page("teams:charts", None, lambda w: reverse("teams:charts", args=[w.team("alice").pk])),
    Page("teams:detail", "alice", lambda w: reverse("teams:detail", args=[w.team("alice").pk]), note="manager"),
    Page("teams:detail", "commissioner", lambda w: reverse("teams:detail", args=[w.team("bob").pk]), note="ledger"),
    Page("teams:detail", "alice", lambda w: reverse("teams:detail", args=[w.draft_team.pk]), note="a draft"),
    Page(
        "teams:player",
        None,
        lambda w: reverse(
            "teams:player", args=[w.processed.home_id, w.processed.lines.filter(side="home").first().player_id]
        ),
        note="a career",
    ),
    Page("teams:export", None, lambda w: reverse("teams:export", args=[w.team("alice").pk]), note="JSON"),
    Page("teams:edit", "alice", lambda w: reverse("teams:edit", args=[w.draft_team.pk])),
    Page(
        "teams:edit_fields",
        "alice",
        lambda w: reverse("teams:edit_fields", args=[w.draft_team.pk]),
        lambda w: team_form("lizardman", [("skink", "Kix")], name="Half Built"),
    ),
    Page(
        "teams:edit_preview",
        "alice",
        lambda w: reverse("teams:edit_preview", args=[w.draft_team.pk]),
        lambda w: team_form("lizardman", [("skink", "Kix")], name="Half Built"),
    ),
    Page("teams:ready", "alice", lambda w: reverse("teams:ready", args=[w.draft_team.pk]), lambda w: {}),
    Page("teams:retire", "alice", lambda w: reverse("teams:retire", args=[w.team("alice").pk])),
    Page(
        "teams:player_hire",
        "bob",
        lambda w: reverse("teams:player_hire", args=[w.team("bob").pk]),
        lambda w: {"position": "troll", "number": "", "name": "Second troll"},
        note="refusals, one with a count",
    ),
    Page(
        "teams:player_fire",
        "alice",
        lambda w: reverse("teams:player_fire", args=[w.team("alice").pk, first_player(w).pk]),
    ),
    Page(
        "teams:player_rename",
        "alice",
        lambda w: reverse("teams:player_rename", args=[w.team("alice").pk, first_player(w).pk]),
    ),
    Page("teams:buy_reroll", "alice", lambda w: reverse("teams:buy_reroll", args=[w.team("alice").pk]), lambda w: {}),
    Page(
        "teams:staff_hire",
        "alice",
        lambda w: reverse("teams:staff_hire", args=[w.team("alice").pk, "cheerleaders"]),
        lambda w: {},
    ),
    Page(
        "teams:staff_fire",
        "alice",
        lambda w: reverse("teams:staff_fire", args=[w.team("alice").pk, "assistant_coaches"]),
    ),
    Page(
        "teams:treasury_reverse",
        "commissioner",
        lambda w: reverse("teams:treasury_reverse", args=[w.team("bob").pk, w.team("bob").ledger.first().pk]),
    ),
    # matches
    Page("matches:list", None, lambda w: reverse("matches:list")),
    Page("matches:list", "commissioner", lambda w: reverse("matches:list") + f"?league={slug(w)}", note="filtered"),
    Page("matches:schedule", "commissioner", lambda w: reverse("matches:schedule", args=[slug(w)])),
    Page("matches:improvement", "alice", lambda w: reverse("matches:improvement", args=[w.roll.pk])),
    Page(
        "matches:decision",
        "alice",
        lambda w: reverse("matches:decision", args=["improvement", w.roll.pk]),
        note="the improvement, on the page of every decision kind",
    ),
    Page("matches:detail", None, lambda w: reverse("matches:detail", args=[w.processed.pk]), note="processed"),
    Page("matches:detail", "alice", lambda w: reverse("matches:detail", args=[w.processed.pk]), note="a coach"),
    Page("matches:detail", "carol", lambda w: reverse("matches:detail", args=[w.scheduled.pk]), note="scheduled"),
    Page("matches:detail", "erin", lambda w: reverse("matches:detail", args=[w.prematch_done.pk]), note="ready"),
    Page("matches:detail", "carol", lambda w: reverse("matches:detail", args=[w.submitted.pk]), note="submitted"),
    Page("matches:status", None, lambda w: reverse("matches:status", args=[w.processed.pk])),
    Page("matches:prematch", "carol", lambda w: reverse("matches:prematch", args=[w.scheduled.pk])),
    Page(
        "matches:prematch",
        "carol",
        lambda w: reverse("matches:prematch", args=[w.scheduled.pk]),
        lambda w: {
            "weather_source": "server",
            "home_petty_cash": "0",
            "away_petty_cash": "0",
            "home_item_bribes": "5",
            "away_item_wandering_apothecaries": "3",
        },
        note="inducement refusals",
    ),
    Page(
        "matches:inducements",
        "carol",
        lambda w: reverse("matches:inducements", args=[w.scheduled.pk]),
        lambda w: {"side": "home", "home_item_bribes": "5"},
        note="before the petty cash",
    ),
    Page(
        "matches:prematch_budget",
        "carol",
        lambda w: reverse("matches:prematch_budget", args=[w.scheduled.pk]),
        lambda w: {"side": "home", "home_item_bribes": "5"},
    ),
    Page("matches:result", "erin", lambda w: reverse("matches:result", args=[w.prematch_done.pk])),
    Page(
        "matches:result",
        "erin",
        lambda w: reverse("matches:result", args=[w.prematch_done.pk]),
        lambda w: {"home_score": "x", "away_score": "-1", "home_fame": "7", "action": "save"},
        note="refused input",
    ),
    Page("matches:dice", "erin", lambda w: reverse("matches:dice", args=[w.submitted.pk])),
    Page("matches:submit", "erin", lambda w: reverse("matches:submit", args=[w.prematch_done.pk]), lambda w: {}),
    Page("matches:confirm", "carol", lambda w: reverse("matches:confirm", args=[w.submitted.pk])),
    Page("matches:send_back", "carol", lambda w: reverse("matches:send_back", args=[w.submitted.pk])),
    Page("matches:withdraw", "erin", lambda w: reverse("matches:withdraw", args=[w.submitted.pk])),
    Page("matches:retry", "commissioner", lambda w: reverse("matches:retry", args=[w.processed.pk]), lambda w: {}),
    Page("match_import:upload", "alice", lambda w: reverse("match_import:upload")),
    Page(
        "match_import:upload",
        "alice",
        lambda w: reverse("match_import:upload"),
        lambda w: {"text": json.dumps({"format_version": 1, "league": "nowhere", "home": "A", "away": "B"})},
        note="a refused report",
        status=400,
    ),
    # the roster catalogue
    Page("catalogue:index", None, lambda w: reverse("catalogue:index")),
    Page("catalogue:team_options", None, lambda w: reverse("catalogue:team_options") + "?ruleset=lrb6"),
    Page("catalogue:team", None, lambda w: reverse("catalogue:team", args=["lrb6", "human"])),
    Page("catalogue:team", None, lambda w: reverse("catalogue:team", args=["lrb6", "chaos_pact"]), note="M and E"),
    # the ruleset pages
    Page("rulesets:index", None, lambda w: reverse("rulesets:index")),
    Page("rulesets:detail", None, lambda w: reverse("rulesets:detail", args=["lrb6"])),
    # accounts
    Page("login", None, lambda w: reverse("login")),
    Page(
        "login",
        None,
        lambda w: reverse("login"),
        lambda w: {"username": "alice", "password": "wrong"},
        note="refused",
    ),
    Page("logout", "alice", lambda w: reverse("logout"), lambda w: {}),
    Page("signup", None, lambda w: reverse("signup")),
    Page("signup", None, lambda w: reverse("signup"), lambda w: {"username": "x"}, note="refused"),
    # play-offs (a season in its regular season, every ready team approved, nobody has played yet)
    Page("league:season_playoffs", "commissioner", lambda w: playoffs_url(w), note="the creation form"),
    Page(
        "league:season_playoffs",
        "commissioner",
        lambda w: playoffs_url(w),
        lambda w: playoff_form(w, action="preview"),
        note="the qualifiers' preview",
    ),
    Page(
        "league:season_playoffs",
        "commissioner",
        lambda w: playoffs_url(w),
        # The demo's one result puts the Reavers first and three teams level second: two places cut them.
        lambda w: {**playoff_form(w, action="preview"), "qualification": "standings", "size": "2"},
        status=400,
        note="a tie at the cut",
    ),
    Page(
        "league:season_playoffs",
        "commissioner",
        lambda w: playoffs_url(w),
        lambda w: {**playoff_form(w, action="preview"), "size": "60"},
        status=400,
        note="too many teams",
    ),
    Page(
        "league:season_playoffs",
        "commissioner",
        lambda w: playoffs_url(w),
        lambda w: playoff_form(w, action="confirm", seeding="draw"),
        note="created",
    ),
    Page("league:season_playoffs", None, lambda w: playoffs_url(w), note="the bracket"),
    # challenges: the demo season's, waiting, late and replaced
    Page("league:season_challenges", None, lambda w: challenges_url(w)),
    Page("league:season_challenges", "bob", lambda w: challenges_url(w), note="answers"),
    Page("league:season_challenges", "commissioner", lambda w: challenges_url(w), note="rulings"),
    Page(
        "league:season_challenges",
        "dave",
        lambda w: challenges_url(w),
        lambda w: {"challenger": w.team("dave").pk, "challenged": w.team("dave").pk},
        status=400,
        note="a team challenging itself",
    ),
    Page(
        "league:season_challenges",
        "alice",
        lambda w: challenges_url(w),
        lambda w: {"challenger": w.team("alice").pk, "challenged": w.team("dave").pk},
        status=400,
        note="the weekly limit",
    ),
    Page(
        "league:challenge_answer",
        "bob",
        lambda w: challenge_url(w, "challenge_answer", "challenge_waiting"),
        lambda w: {"action": "refuse"},
        note="asked to confirm a refusal",
    ),
    Page(
        "league:challenge_answer",
        "erin",
        lambda w: challenge_url(w, "challenge_answer", "challenge_replaced"),
        lambda w: {"action": "decline"},
        note="asked to confirm declining the replacement",
    ),
    Page(
        "league:challenge_answer",
        "bob",
        lambda w: challenge_url(w, "challenge_answer", "challenge_late"),
        lambda w: {"action": "accept"},
        status=400,
        note="a late answer",
    ),
    Page(
        "league:challenge_rule",
        "commissioner",
        lambda w: challenge_url(w, "challenge_rule", "challenge_waiting"),
        lambda w: {"ruling": "award", "reason": "Pas de réponse"},
        status=400,
        note="not late yet",
    ),
    Page(
        "league:challenge_rule",
        "commissioner",
        lambda w: challenge_url(w, "challenge_rule", "challenge_late"),
        lambda w: {"ruling": "award", "reason": "Pas de réponse"},
        note="the win awarded",
    ),
    Page(
        "league:challenge_answer",
        "bob",
        lambda w: challenge_url(w, "challenge_answer", "challenge_waiting"),
        lambda w: {"action": "refuse", "confirmed": "1"},
        note="refused: 2-0",
    ),
    # the league's roster catalogue: read by all, edited by the commissioner, a refusal
    Page("league:roster_catalogue", None, lambda w: reverse("league:roster_catalogue", args=[slug(w)])),
    Page(
        "league:roster_catalogue",
        "commissioner",
        lambda w: reverse("league:roster_catalogue", args=[slug(w)]) + "?team=human",
        note="the commissioner's forms",
    ),
    Page(
        "league:roster_catalogue",
        "commissioner",
        lambda w: reverse("league:roster_catalogue", args=[slug(w)]),
        lambda w: {
            "team": "human",
            "ref": "position:human:lineman",
            "action": "save",
            "ma": "12",
            "st": "3",
            "ag": "3",
            "av": "8",
        },
        note="a refused profile",
    ),
    # trophies: the roll of honour, the commissioner's forms, a refusal, a minor tournament
    Page("league:trophies", None, lambda w: trophies_url(w)),
    Page("league:trophies", "commissioner", lambda w: trophies_url(w), note="the commissioner's forms"),
    Page(
        "league:trophies",
        "commissioner",
        lambda w: trophies_url(w),
        lambda w: {
            "action": "define",
            "define-name": "Coupe LA",
            "define-prize_winner": "900000",
            "define-prize_runner_up": "0",
        },
        status=400,
        note="a prize over the cap",
    ),
    Page(
        "league:trophies",
        "commissioner",
        lambda w: trophies_url(w),
        lambda w: {
            "action": "define",
            "define-name": "Coupe LA",
            "define-prize_winner": "80000",
            "define-prize_runner_up": "40000",
        },
        note="a minor tournament defined",
    ),
    Page("league:trophies", "alice", lambda w: trophies_url(w), lambda w: {"action": "define"}, status=403),
]


def challenges_url(w: World) -> str:
    return reverse("league:season_challenges", args=[slug(w), w.extra["season"].number])


def challenge_url(w: World, name: str, key: str) -> str:
    return reverse(f"league:{name}", args=[slug(w), w.extra["season"].number, w.extra[key].pk])


def trophies_url(w: World) -> str:
    return reverse("league:trophies", args=[slug(w)])


def playoff_season(w: World):
    """A season of the demo league in its regular season, with every ready team approved."""
    # Its own key: w.extra["season"] is the demo's season, whose processed match breaks the tie at the cut.
    if "playoff_season" not in w.extra:
        from league.competitions.seasons.models import Season, SeasonTeam

        season = Season.objects.create(league=w.league, number=7, name="Saison 7", status=Season.Status.REGULAR)
        for team in w.league.teams.filter(status="ready"):
            SeasonTeam.objects.create(
                season=season, team=team, status=SeasonTeam.Status.APPROVED, requested_by=team.coach
            )
        w.extra["playoff_season"] = season
    return w.extra["playoff_season"]


def playoffs_url(w: World) -> str:
    return reverse("league:season_playoffs", args=[slug(w), playoff_season(w).number])


def playoff_form(w: World, **fields: str) -> dict[str, str]:
    """Four teams chosen by the commissioner (a play-off phase), seeded in name order."""
    teams = w.league.teams.filter(status="ready").order_by("name")[:4]
    data = {"size": "4", "qualification": "manual", "seeding": "standings", "third_place": "on", **fields}
    data.update({f"seed_{team.pk}": str(n) for n, team in enumerate(teams, start=1)})
    return data


# URL names that are not pages for a reader of this site, and why.
NOT_PAGES = {
    "matches:petty_cash": "POST only: it redirects to the pre-match page (above), where its message shows",
    "set_language": "the language switcher's POST target; it redirects to the page the reader was on",
    "admin:*": "Django's admin site, translated by Django",
    "favicon": "a redirect to the static icon (tests/web/test_favicon.py)",
    "api-*": "the JSON API for programs, match import included (tests/api/, tests/matches/test_import_entry.py)",
}


def url_names(resolver: URLResolver | None = None, prefix: str = "") -> set[str]:
    names = set()
    for item in (resolver or get_resolver()).url_patterns:
        if isinstance(item, URLResolver):
            space = f"{prefix}{item.namespace}:" if item.namespace else prefix
            names |= url_names(item, space)
        elif isinstance(item, URLPattern) and item.name:
            names.add(prefix + item.name)
    return names


def set_aside(name: str) -> bool:
    return any(name == key or (key.endswith("*") and name.startswith(key[:-1])) for key in NOT_PAGES)


def test_every_url_of_the_site_is_rendered_in_french_below():
    covered = {page.name for page in PAGES}
    missing = sorted(name for name in url_names() if name not in covered and not set_aside(name))
    assert missing == [], "add these URL names to PAGES (or to NOT_PAGES, with the reason)"


def test_every_page_reads_in_french(world):
    patterns = english_patterns()
    assert len(patterns) > 300  # the catalogue was read
    from league.core.models import League
    from teams.models import Player, Team

    get_user_model().objects.create_user("frank", password="pw-frank")
    users = {u.username: u for u in get_user_model().objects.all()}
    user_data = [*League.objects.values_list("name", flat=True), *League.objects.values_list("description", flat=True)]
    user_data += [*Team.objects.values_list("name", flat=True), *Player.objects.values_list("name", flat=True)]
    user_data += [name for name in users if len(name) > 3]
    user_data = [name for name in user_data if name]
    problems: list[str] = []
    for page in PAGES:
        client = Client()
        client.cookies["django_language"] = "fr"
        if page.user:
            client.force_login(users[page.user])
        url = page.url(world)
        if page.data is None:
            response = client.get(url, follow=True)
        else:
            response = client.post(url, page.data(world), follow=True)
        where = f"{page.name} {page.note} {url}".strip()
        if response.status_code != page.status:
            problems.append(f"{where}: status {response.status_code}")
            continue
        if not response["Content-Type"].startswith("text/html"):
            continue
        content = response.content.decode()
        if "<html" in content and 'lang="fr"' not in content:
            problems.append(f"{where}: not served in French")
        text = visible_text(content, user_data)
        for english, pattern in patterns:
            found = pattern.search(text)
            if found:
                problems.append(
                    f"{where}: English “{english}” in “…{text[max(found.start() - 30, 0) : found.end() + 30]}…”"
                )
        for glued in GLUED_COLON.finditer(text):
            problems.append(
                f"{where}: no space before a colon in “…{text[max(glued.start() - 40, 0) : glued.end() + 20]}…”"
            )
    assert problems == [], "\n".join(problems)
