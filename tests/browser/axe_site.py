"""The site the accessibility test walks: the demo league plus what it lacks (a challenge, a trophy,
matches in each state, a season with play-offs, a PBBL league), and the list of its pages with who
looks at each.

To cover a new page, add one `Page` to `pages()`: its URL and who is logged in (None: nobody).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.urls import reverse

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


@dataclass(frozen=True)
class Page:
    url: str
    who: str | None = None  # a username, or None for a visitor who is not logged in
    status: int = 200  # the error pages answer 403 and 404
    ready: str = ""  # a page drawn by script after it loads: the selector to wait for


@dataclass
class Site:
    """The objects the pages are about (ids and slugs)."""

    demo: object
    season: object
    cup: object
    cup_season: object
    pbbl: object
    pbbl_match: object
    scheduled: object  # a fixture of alice's, pre-match not recorded
    prematch_done: object  # a fixture of alice's: the result sheet is open
    draft: object  # a result saved as a draft by alice, with events
    submitted: object  # a result submitted by carol, waiting for dave
    processed: object  # the demo's processed match
    challenge: object
    improvement: object | None
    playoff_match: object
    draft_team: object
    correction: object = None  # a correction of the processed match, drafted


def _fresh_match(league, coach):
    from matches.models import Match

    return (
        Match.objects.filter(league=league, status=Match.Status.SCHEDULED)
        .filter(home__coach=coach)
        .order_by("round__number", "pk")
        .first()
    )


def build_site() -> Site:
    """Everything through the services, as the pages would; run once per test module."""
    from league.competitions.challenges.services import challenge_issue
    from league.competitions.challenges.trophies.services import ensure_trophies, minor_define, trophy_award
    from league.competitions.seasons.models import Season, SeasonTeam
    from league.competitions.standings.playoffs.services import BracketChoice, bracket_create
    from league.core.services import league_create, league_join
    from league.tooling.demo import load_demo
    from matches.models import Match
    from matches.services import (
        PlayerLine,
        PrematchInput,
        ReportInput,
        match_schedule,
        prematch_record,
        report_save,
        report_submit,
    )
    from matches.services.corrections import correction_draft
    from teams.models import ImprovementRoll
    from teams.services import PlayerOrder, team_create
    from teams.services.creation import TeamOrder, team_save_draft
    from tests.seasons.helpers import processed_round_robin

    User = get_user_model()
    demo = load_demo()
    season = demo.seasons.get(number=1)
    users = {u.username: u for u in User.objects.all()}
    team = {t.coach.username: t for t in demo.teams.select_related("coach")}

    # Matches of the demo's season in each state.
    scheduled = _fresh_match(demo, users["alice"])
    prematch_done = Match.objects.filter(league=demo, status=Match.Status.SCHEDULED, away__coach=users["alice"]).first()
    prematch_done = prematch_done or match_schedule(
        league=demo, home=team["bob"], away=team["alice"], by=users["commissioner"]
    )
    prematch_record(match=prematch_done, data=PrematchInput(weather_dice=(3, 4)), by=users["commissioner"])
    draft = match_schedule(league=demo, home=team["alice"], away=team["erin"], by=users["commissioner"])
    prematch_record(match=draft, data=PrematchInput(weather_dice=(2, 5)), by=users["commissioner"])
    alice_players = list(team["alice"].players.order_by("number"))
    report_save(
        match=draft,
        report=ReportInput(
            home_score=1,
            away_score=0,
            lines=(PlayerLine(alice_players[0].pk, touchdowns=1), PlayerLine(alice_players[1].pk, completions=1)),
        ),
        by=users["alice"],
    )
    submitted = match_schedule(league=demo, home=team["carol"], away=team["dave"], by=users["commissioner"])
    prematch_record(match=submitted, data=PrematchInput(weather_dice=(4, 4)), by=users["commissioner"])
    report_save(
        match=submitted,
        report=ReportInput(home_score=0, away_score=0),
        by=users["carol"],
    )
    report_submit(match=submitted, by=users["carol"])
    processed = Match.objects.filter(league=demo, status=Match.Status.PROCESSED).first()

    correction = correction_draft(match=processed, by=users["commissioner"], reason="A touchdown credited wrongly")
    challenge = challenge_issue(season=season, challenger=team["carol"], challenged=team["dave"], by=users["carol"])

    trophies = ensure_trophies(demo)
    trophy_award(trophy=next(iter(trophies.values())), team=team["alice"], by=users["commissioner"])
    minor_define(league=demo, name="Spring Cup", prize_winner=20000, prize_runner_up=10000, by=users["commissioner"])

    draft_team = team_save_draft(
        league=demo,
        coach=users["alice"],
        order=TeamOrder(
            name="Alice's Draft", race="orc", players=[PlayerOrder("lineman", f"D{i}") for i in range(1, 4)]
        ),
    )

    # A league whose season is in its play-offs: four teams, a processed round robin (no tie).
    cup = league_create(name="Cup League", ruleset=demo.ruleset, commissioner=users["commissioner"])
    cup_season = Season.objects.create(league=cup, number=1, name="Cup 1", status=Season.Status.REGULAR)
    cup_teams = []
    for k, coach in enumerate(["alice", "bob", "carol", "dave"]):
        league_join(league=cup, user=users[coach])
        t = team_create(
            league=cup,
            coach=users[coach],
            name=f"Cup Team {k + 1}",
            race="human",
            players=[PlayerOrder("lineman", f"C{i}") for i in range(1, 12)],
        )
        SeasonTeam.objects.create(
            season=cup_season, team=t, status=SeasonTeam.Status.APPROVED, requested_by=users[coach]
        )
        cup_teams.append(t)
    processed_round_robin(cup_season, cup_teams, by=users["commissioner"], sequence_prefix="9000")
    bracket_create(
        season=cup_season,
        choice=BracketChoice(size=4, qualification="standings", seeding="standings", third_place=True),
        by=users["commissioner"],
    )

    # A PBBL league: the bank, the treasury in the inducements, the roster catalogue to complete.
    pbbl = league_create(name="Perpetual League", ruleset="pbbl110", commissioner=users["commissioner"])
    league_join(league=pbbl, user=users["alice"])
    league_join(league=pbbl, user=users["bob"])
    knights = team_create(
        league=pbbl,
        coach=users["alice"],
        name="Nuln Knights",
        race="human",
        rerolls=2,
        players=[PlayerOrder("lineman", f"K{i}") for i in range(1, 12)],
    )
    tuskers = team_create(
        league=pbbl,
        coach=users["bob"],
        name="Red Tuskers",
        race="orc",
        players=[PlayerOrder("lineman", f"T{i}") for i in range(1, 12)],
    )
    pbbl_match = match_schedule(league=pbbl, home=knights, away=tuskers, by=users["commissioner"])

    playoff_match = Match.objects.filter(season=cup_season).exclude(round__number=1).order_by("pk").first()
    improvement = ImprovementRoll.objects.filter(advancement__isnull=True).select_related("player__team__coach").first()
    return Site(
        demo=demo,
        season=season,
        cup=cup,
        cup_season=cup_season,
        pbbl=pbbl,
        pbbl_match=pbbl_match,
        scheduled=scheduled,
        prematch_done=prematch_done,
        draft=draft,
        submitted=submitted,
        processed=processed,
        challenge=challenge,
        improvement=improvement,
        draft_team=draft_team,
        playoff_match=playoff_match,
        correction=correction,
    )


def pages(site: Site) -> list[Page]:
    """Every distinct page of the site, with who looks at it."""
    from league.rules import default_ruleset_key

    slug, n = site.demo.slug, site.season.number
    alice_team = site.demo.teams.get(name="Reikland Reavers")
    player = alice_team.players.order_by("number").first()
    key = default_ruleset_key()
    first_team = "human"
    lg = [slug]
    se = [slug, n]
    cup = [site.cup.slug, site.cup_season.number]
    result = [
        # Anyone.
        Page("/"),
        Page(reverse("catalogue:index")),
        Page(reverse("catalogue:team", args=[key, first_team])),
        Page(reverse("rulesets:index")),
        Page(reverse("rulesets:detail", args=[key])),
        Page(reverse("rulesets:detail", args=[site.pbbl.ruleset])),
        Page(reverse("league:detail", args=lg)),
        Page(reverse("league:teams", args=lg)),
        Page(reverse("league:seasons", args=lg)),
        Page(reverse("league:season", args=se)),
        Page(reverse("league:season_standings", args=se)),
        Page(reverse("league:season_challenges", args=se)),
        Page(reverse("league:trophies", args=lg)),
        Page(reverse("league:stats", args=lg)),
        Page(reverse("league:stats", args=lg) + f"?season={n}"),
        Page(reverse("league:stats_records", args=lg)),
        Page(reverse("league:stats_hall_of_fame", args=lg)),
        Page(reverse("league:stats_cemetery", args=lg)),
        Page(reverse("league:ratings", args=lg)),
        Page(reverse("league:coach_rating", args=[slug, alice_team.coach_id])),
        Page(reverse("league:roster_catalogue", args=lg)),
        Page(reverse("league:season_playoffs", args=cup)),
        Page(reverse("league:season", args=cup)),
        Page(reverse("league:season_standings", args=cup)),
        Page(reverse("league:detail", args=[site.pbbl.slug])),
        Page(reverse("league:roster_catalogue", args=[site.pbbl.slug])),
        Page(alice_team.get_absolute_url()),
        Page(reverse("teams:charts", args=[alice_team.pk])),
        Page(reverse("teams:player", args=[alice_team.pk, player.pk])),
        Page(reverse("matches:list")),
        Page(reverse("matches:detail", args=[site.processed.pk])),
        Page(reverse("matches:detail", args=[site.scheduled.pk])),
        Page(reverse("matches:detail", args=[site.submitted.pk])),
        Page(reverse("matches:detail", args=[site.prematch_done.pk])),
        Page(reverse("matches:detail", args=[site.playoff_match.pk])),
        Page(reverse("api-docs"), ready=".swagger-ui .opblock"),
        Page(reverse("api-redoc"), ready="h1"),
        Page(reverse("login")),
        Page(reverse("signup")),
        Page(reverse("password_reset")),
        Page(reverse("password_reset_confirm", args=["MQ", "set-password"])),
        Page("/no-such-page/", status=404),
        Page(reverse("league:settings", args=lg), status=403),
        # A coach (alice).
        Page("/", "alice"),
        Page(reverse("teams:mine"), "alice"),
        Page(alice_team.get_absolute_url(), "alice"),
        Page(reverse("teams:edit", args=[site.draft_team.pk]), "alice"),
        Page(reverse("teams:player_rename", args=[alice_team.pk, player.pk]), "alice"),
        Page(reverse("teams:player_fire", args=[alice_team.pk, player.pk]), "alice"),
        Page(reverse("teams:retire", args=[alice_team.pk]), "alice"),
        Page(reverse("league:team_new", args=lg), "alice"),
        Page(reverse("league:import_fumbbl", args=lg), "alice"),
        Page(reverse("league:new"), "alice"),
        Page(reverse("league:season_challenges", args=se), "alice"),
        Page(reverse("matches:prematch", args=[site.scheduled.pk]), "alice"),
        Page(reverse("matches:result", args=[site.prematch_done.pk]), "alice"),
        Page(reverse("matches:result", args=[site.draft.pk]), "alice"),
        Page(reverse("matches:detail", args=[site.draft.pk]), "alice"),
        Page(reverse("matches:dice", args=[site.draft.pk]), "alice"),
        Page(reverse("matches:prematch", args=[site.pbbl_match.pk]), "alice"),
        Page(site.pbbl_match.home.get_absolute_url(), "alice"),
        Page(reverse("match_import:upload"), "alice"),
        Page(reverse("profile"), "alice"),
        Page(reverse("address_change"), "alice"),
        Page(reverse("password_change"), "alice"),
        Page(reverse("accounts:tokens"), "alice"),
        Page(reverse("notices:list"), "alice"),
        # The submitter and the opponent of a submitted result.
        Page(reverse("matches:withdraw", args=[site.submitted.pk]), "carol"),
        Page(reverse("matches:confirm", args=[site.submitted.pk]), "dave"),
        Page(reverse("matches:send_back", args=[site.submitted.pk]), "dave"),
        Page(reverse("league:season_challenges", args=se), "dave"),
        # The commissioner.
        Page("/", "commissioner"),
        Page(reverse("league:detail", args=lg), "commissioner"),
        Page(reverse("league:settings", args=lg), "commissioner"),
        Page(reverse("league:standings_settings", args=lg), "commissioner"),
        Page(reverse("league:members", args=lg), "commissioner"),
        Page(reverse("league:webhooks", args=lg), "commissioner"),
        Page(reverse("league:import_obblm", args=lg), "commissioner"),
        Page(reverse("league:roster_catalogue", args=lg), "commissioner"),
        Page(reverse("league:roster_catalogue", args=[site.pbbl.slug]), "commissioner"),
        Page(reverse("league:seasons", args=lg), "commissioner"),
        Page(reverse("league:season_new", args=lg), "commissioner"),
        Page(reverse("league:season", args=se), "commissioner"),
        Page(reverse("league:season_fixtures", args=se), "commissioner"),
        Page(reverse("league:season_naf", args=se), "commissioner"),
        Page(reverse("league:season_standings", args=se), "commissioner"),
        Page(reverse("league:season_challenges", args=se), "commissioner"),
        Page(reverse("league:trophies", args=lg), "commissioner"),
        Page(reverse("league:season_playoffs", args=cup), "commissioner"),
        Page(reverse("matches:schedule", args=lg), "commissioner"),
        Page(reverse("matches:result", args=[site.submitted.pk]), "commissioner"),
        Page(reverse("matches:correct", args=[site.processed.pk]), "commissioner"),
        Page(reverse("matches:correction", args=[site.correction.pk]), "commissioner"),
        Page(alice_team.get_absolute_url(), "commissioner"),
        Page(reverse("league:mail", args=lg), "commissioner"),
    ]
    if site.improvement is not None:
        roll = site.improvement
        result.append(Page(reverse("matches:improvement", args=[roll.pk]), roll.player.team.coach.username))
        # The same decision on the page of every decision kind (matches.decisions).
        result.append(Page(reverse("matches:decision", args=["improvement", roll.pk]), roll.player.team.coach.username))
    return result
