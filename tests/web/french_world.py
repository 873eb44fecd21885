"""The site in every state a page can show, for tests/web/test_french_pages.py: the demo league
(its match processed) plus a few more matches, a draft, seasons and challenges, and the helpers
the list of pages uses to name its URLs and forms."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.urls import reverse


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


def build_world(django_capture_on_commit_callbacks: Any) -> World:
    """The demo league plus the matches, draft, seasons and challenges the pages below need."""
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
    # A correction of the demo match, drafted (its page shows the preview): the match is untouched.
    from matches.services.corrections import correction_draft

    world.extra["correction"] = correction_draft(match=processed, by=commissioner, reason="Touchdown mal attribué")
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


def webhook_url(w: World, name: str) -> str:
    """A webhook of the league with one delivery of each status, made once (no post is sent)."""
    from django.utils import timezone

    from league.webhooks.models import Delivery, Webhook

    if "webhook" not in w.extra:
        hook = Webhook.objects.create(league=w.league, url="https://hooks.example.com/bb", format="discord")
        now = timezone.now()
        for status, attempts, code, at in (
            ("delivered", 1, 204, None),
            ("pending", 2, 500, now),
            ("failed", 6, 500, None),
        ):
            Delivery.objects.create(
                webhook=hook,
                kind="result.confirmed",
                payload={},
                status=status,
                attempts=attempts,
                last_status_code=code,
                next_attempt_at=at,
                delivered_at=now if status == "delivered" else None,
            )
        w.extra["webhook"] = hook
    if name == "league:webhooks":
        return reverse(name, args=[w.league.slug])
    return reverse(name, args=[w.league.slug, w.extra["webhook"].pk])
