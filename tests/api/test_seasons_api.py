"""Seasons, fixtures, standings and play-offs through the JSON API: the commissioner runs a season
from its creation to its bracket, coaches read it, and the API answers what the pages answer (the
same services, the same table, the same refusals, the same permissions: 401 / 403 / 400)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from league.competitions.seasons.models import Bracket, BracketGame, Round, Season, SeasonTeam
from league.competitions.standings.cache import season_version
from league.competitions.standings.table import season_settings, season_table, versioned_settings
from league.competitions.standings.views import season_table_rows
from league.core.models import AuditEntry
from matches.models import Match
from tests.seasons.helpers import running_season

from .conftest import api_error, refused

pytestmark = pytest.mark.django_db


def api(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def base(league) -> str:
    return f"/api/leagues/{league.slug}/seasons/"


def state() -> tuple:
    """Everything a refused season request must leave as it was."""
    return (
        list(Season.objects.order_by("pk").values_list("pk", "name", "status", "winner_id")),
        list(SeasonTeam.objects.order_by("pk").values_list("pk", "team_id", "status")),
        list(Round.objects.order_by("pk").values_list("pk", "number", "phase")),
        list(Match.objects.order_by("pk").values_list("pk", "status", "round_id")),
        Bracket.objects.count(),
        BracketGame.objects.count(),
        AuditEntry.objects.count(),
    )


def test_a_commissioner_runs_a_season_and_coaches_read_its_fixtures(league, commissioner, make_teams):
    boss = api(commissioner)
    created = boss.post(base(league), {"name": "Spring Cup"}, format="json")
    assert created.status_code == 201, created.json()
    season = created.json()
    assert (season["number"], season["name"], season["status"]) == (1, "Spring Cup", "draft")
    assert season["next_statuses"] == ["registration"] and season["teams"] == [] and season["rounds"] == []
    url = f"{base(league)}1/"

    opened = boss.post(url + "advance/", {"to": "registration"}, format="json")
    assert opened.status_code == 200 and opened.json()["status"] == "registration"

    teams = make_teams(4)
    entered = boss.post(url + "teams/", {"teams": [t.pk for t in teams]}, format="json")
    assert entered.status_code == 200, entered.json()
    assert [(e["team"]["id"], e["status"]) for e in entered.json()["teams"]] == [(t.pk, "approved") for t in teams]
    assert boss.post(url + "advance/", {"to": "regular"}, format="json").json()["status"] == "regular"

    generated = boss.post(url + "fixtures/", {"legs": 1, "first_date": "2026-12-01", "days_between": 7}, format="json")
    assert generated.status_code == 201, generated.json()
    fixtures = generated.json()
    assert [r["number"] for r in fixtures["rounds"]] == [1, 2, 3]
    assert [r["starts_on"] for r in fixtures["rounds"]] == ["2026-12-01", "2026-12-08", "2026-12-15"]
    stored = Match.objects.filter(season__league=league).order_by("round__number", "pk")
    assert stored.count() == 6

    # A coach of the league (not the commissioner) reads the published fixtures.
    coach = api(teams[0].coach)
    read = coach.get(url + "fixtures/")
    assert read.status_code == 200
    assert read.json() == fixtures
    listed = [
        (m["id"], m["home"]["id"], m["away"]["id"], m["status"]) for r in read.json()["rounds"] for m in r["matches"]
    ]
    assert listed == [(m.pk, m.home_id, m.away_id, "scheduled") for m in stored]
    one = coach.get(url + "fixtures/?round=2").json()
    assert [r["number"] for r in one["rounds"]] == [2]
    assert [m["id"] for m in one["rounds"][0]["matches"]] == [m.pk for m in stored if m.round.number == 2]
    assert one["arranged"] == []

    # The season's own reading: teams and rounds.
    detail = coach.get(url).json()
    assert [r["fixtures"] for r in detail["rounds"]] == [2, 2, 2]
    assert detail["next_statuses"] == ["playoffs", "closed"]
    assert [s["number"] for s in coach.get(base(league)).json()] == [1]


def test_standings_read_through_the_api_are_the_pages_table(league, make_season):
    season, teams = make_season(4)
    response = APIClient().get(f"{base(league)}{season.number}/standings/")
    assert response.status_code == 200
    data = response.json()
    table = season_table(season)
    assert [(r["position"], r["team"]["id"], r["points"], r["played"], r["won"]) for r in data["rows"]] == [
        (row.position, row.team, row.points, row.played, row.won) for row in table.rows
    ]
    assert [r["team"]["id"] for r in data["rows"]] == [t.pk for t in teams]  # team 1 beat everyone
    settings = season_settings(season)
    _needed, page_rows = season_table_rows(season, season_version(season, versioned_settings(season, settings)))
    assert [(r["team"]["id"], r["td_diff"], r["above_next_on"]) for r in data["rows"]] == [
        (item["row"].team, item["row"].td_diff, item["row"].above_next_on) for item in page_rows
    ]
    assert [t["key"] for t in data["tie_breakers"]] == list(settings["tie_breakers"])
    assert data["scheme"] == settings["scheme"] and data["ties_waiting"] == []


def test_the_commissioner_seeds_and_generates_the_playoffs(league, commissioner, make_season):
    season, teams = make_season(4)
    url = f"{base(league)}{season.number}/playoffs/"
    choice = {"size": 4, "qualification": "standings", "seeding": "standings"}
    assert APIClient().get(url).json()["bracket"] is None

    preview = api(commissioner).post(url + "preview/", choice, format="json")
    assert preview.status_code == 200, preview.json()
    assert [t["id"] for t in preview.json()["seeds"]] == [t.pk for t in teams]
    assert Bracket.objects.count() == 0  # a preview writes nothing

    created = api(commissioner).post(url, choice, format="json")
    assert created.status_code == 201, created.json()
    bracket = APIClient().get(url).json()["bracket"]
    assert bracket == created.json()["bracket"]
    assert [t["id"] for t in bracket["seeds"]] == [t.pk for t in teams]
    semis = next(r for r in bracket["rounds"] if r["number"] == 1)["games"]
    pairs = {(g["home"]["team"], g["away"]["team"]) for g in semis}
    assert pairs == {(teams[0].pk, teams[3].pk), (teams[1].pk, teams[2].pk)}  # 1 v 4, 2 v 3
    matches = Match.objects.filter(season=season, stage="semi_final")
    assert {g["match"] for g in semis} == set(matches.values_list("pk", flat=True))
    season.refresh_from_db()
    assert season.status == Season.Status.PLAYOFFS
    # A second bracket is refused with the page's words.
    again = api(commissioner).post(url, choice, format="json")
    assert (again.status_code, again.json()) == (400, refused("This season already has its play-off bracket."))


def test_a_manual_bracket_takes_the_seeds_in_order(league, commissioner, make_season):
    season, teams = make_season(4)
    url = f"{base(league)}{season.number}/playoffs/"
    chosen = [teams[2].pk, teams[0].pk]
    body = {"size": 2, "qualification": "manual", "seeding": "standings", "seeds": chosen}
    assert api(commissioner).post(url, body, format="json").status_code == 201
    assert Bracket.objects.get(season=season).seeds == chosen


# (method, path under the season, body, setup): the season is in registration with two teams.
COMMISSIONER_WRITES = [
    ("post", "advance/", {"to": "regular"}),
    ("post", "teams/", {"teams": "third"}),
    ("post", "fixtures/", {"legs": 1, "confirmed": True}),
    ("post", "playoffs/", {"size": 2, "qualification": "standings", "seeding": "standings"}),
    ("post", "playoffs/preview/", {"size": 2, "qualification": "standings", "seeding": "standings"}),
]


@pytest.fixture
def registration(league, commissioner, make_teams) -> dict[str, Any]:
    teams = make_teams(3)
    season = running_season(league, commissioner, teams[:2], status=Season.Status.REGISTRATION)
    return {"season": season, "teams": teams, "url": f"{base(league)}{season.number}/"}


@pytest.mark.parametrize(
    "method, path, data", COMMISSIONER_WRITES, ids=[f"{m} {p}" for m, p, _d in COMMISSIONER_WRITES]
)
def test_commissioner_actions_refuse_anyone_else(league, registration, coach_alice, method, path, data):
    if data.get("teams") == "third":
        data = {"teams": [registration["teams"][2].pk]}
    coach = registration["teams"][0].coach  # a coach with a team in the season
    for user, code in ((None, 401), (coach, 403), (coach_alice, 403)):
        before = state()
        response = getattr(api(user), method)(registration["url"] + path, data, format="json")
        assert response.status_code == code, (user, response.json())
        assert response.json()["code"] in ("not_authenticated", "permission_denied")
        assert state() == before
    create = api(coach).post(base(league), {"name": "Mine"}, format="json")
    assert create.status_code == 403 and Season.objects.count() == 1


def test_the_commissioner_passes_where_the_others_were_refused(registration, commissioner):
    # The same calls as above, by the commissioner, in an order the season allows.
    boss, url, third = api(commissioner), registration["url"], registration["teams"][2]
    assert boss.post(url + "teams/", {"teams": [third.pk]}, format="json").status_code == 200
    assert boss.post(url + "fixtures/", {"legs": 1, "confirmed": True}, format="json").status_code == 201
    assert boss.post(url + "advance/", {"to": "regular"}, format="json").status_code == 200


def test_a_team_is_withdrawn_by_its_coach_or_the_commissioner_only(registration, commissioner, coach_alice):
    first, second = registration["teams"][:2]
    url = registration["url"] + "teams/{}/"
    before = state()
    refused_call = api(second.coach).delete(url.format(first.pk))
    assert refused_call.status_code == 403 and state() == before
    assert api(first.coach).delete(url.format(first.pk)).status_code == 200
    gone = api(commissioner).delete(url.format(second.pk))
    assert gone.status_code == 200
    assert {e["team"]["id"]: e["status"] for e in gone.json()["teams"]} == {
        first.pk: "withdrawn",
        second.pk: "withdrawn",
    }
    assert api(commissioner).delete(url.format(999999)).status_code == 404


def test_bad_input_is_refused_with_its_reason_and_changes_nothing(league, registration, commissioner, make_teams):
    boss, url, season = api(commissioner), registration["url"], registration["season"]
    third = registration["teams"][2]
    cases = [
        # An unknown team (or another league's) is refused before any registration.
        (
            "teams/",
            {"teams": [third.pk, 987654]},
            api_error(
                "invalid",
                "teams: No such team in this league.",
                fields={"teams": ["No such team in this league."]},
            ),
        ),
        # A team already entered: all or nothing, the other one is not registered either.
        (
            "teams/",
            {"teams": [third.pk, registration["teams"][0].pk]},
            refused(f"{registration['teams'][0].name} is already entered in this season."),
        ),
        ("advance/", {"to": "closed"}, refused("A season in “Registration” cannot go to “Closed”.")),
        (
            "fixtures/",
            {"legs": 1},
            refused(
                "Registration is still open: fixtures are generated once the regular season starts. "
                "Confirm to generate them now; a team entered later will have no fixture."
            ),
        ),
        (
            "playoffs/",
            {"size": 2, "qualification": "standings", "seeding": "standings"},
            refused("The play-offs start from the regular season; this season is “Registration”."),
        ),
    ]
    for path, data, expected in cases:
        before = state()
        response = boss.post(url + path, data, format="json")
        assert (response.status_code, response.json()) == (400, expected), path
        assert state() == before, path
    assert season.entries.filter(team=third).count() == 0
    before = state()
    duplicate = boss.post(base(league), {"name": "season one"}, format="json")
    assert (duplicate.status_code, duplicate.json()) == (400, refused("A season called “season one” already exists."))
    assert state() == before


def test_unknown_leagues_and_seasons_are_404(league):
    client = APIClient()
    assert client.get("/api/leagues/nowhere/seasons/").status_code == 404
    for path in ("", "fixtures/", "standings/", "playoffs/"):
        response = client.get(f"{base(league)}7/{path}")
        assert (response.status_code, response.json()["code"]) == (404, "not_found"), path


def test_the_season_api_answers_in_french(league, registration, commissioner):
    response = api(commissioner).post(
        registration["url"] + "advance/", {"to": "closed"}, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "refused"
    assert response.json()["detail"] == "Une saison « Inscriptions » ne peut pas passer à « Terminée »."
