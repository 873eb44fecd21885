"""The season's flow guarded, through the pages: fixtures only once registration closes (or when the
commissioner confirms generating early), teams entered and approved several at a time, round dates
set for several rounds at once and kept within a sane range, undated fixtures shown without a date,
and calendar feeds that answer whatever a round's date."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from league.competitions.seasons.fixtures import fixtures_generate
from league.competitions.seasons.models import Round, Season, SeasonTeam
from league.core.models import AuditEntry

from matches.models import Match
from teams.models import Team
from tests.seasons.helpers import login, running_season

pytestmark = pytest.mark.django_db


def fixtures_url(season) -> str:
    return reverse("league:season_fixtures", args=[season.league.slug, season.number])


def text(response) -> str:
    return response.content.decode()


# --- fixtures once registration closes ---


def test_generating_during_registration_asks_to_confirm_first(league, commissioner, boss, make_teams):
    season = running_season(league, commissioner, make_teams(4), status=Season.Status.REGISTRATION)
    assert season.status == Season.Status.REGISTRATION
    data = {"action": "generate", "legs": "1", "first_date": "2027-01-04", "days_between": "7"}
    response = boss.post(fixtures_url(season), data)
    assert response.status_code == 200 and 'id="early-confirm-form"' in text(response)
    assert "Registration is still open" in text(response)
    assert not Match.objects.filter(season=season).exists() and not Round.objects.exists()
    # The confirmation page posts the same choices again, confirmed.
    posted = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', text(response)))
    posted.pop("csrfmiddlewaretoken")
    assert posted == {**data, "confirmed": "1"}
    assert boss.post(fixtures_url(season), posted).status_code == 302
    assert Match.objects.filter(season=season).count() == 6
    assert Round.objects.get(season=season, number=1).starts_on == date(2027, 1, 4)


def test_a_swiss_round_during_registration_asks_to_confirm_too(league, commissioner, boss, make_teams):
    other = running_season(league, commissioner, make_teams(4), status=Season.Status.REGISTRATION)
    swiss = boss.post(fixtures_url(other), {"action": "swiss"})
    assert swiss.status_code == 200 and 'id="early-confirm-form"' in text(swiss)
    assert not Match.objects.filter(season=other).exists()
    assert boss.post(fixtures_url(other), {"action": "swiss", "confirmed": "1"}).status_code == 302
    assert Match.objects.filter(season=other).count() == 2


def test_once_the_regular_season_starts_fixtures_are_generated_without_a_question(
    league, commissioner, boss, make_teams
):
    season = running_season(league, commissioner, make_teams(4))
    assert boss.post(fixtures_url(season), {"action": "generate", "legs": "1"}).status_code == 302
    assert Match.objects.filter(season=season).count() == 6


# --- teams entered several at a time ---


def season_url(season) -> str:
    return season.get_absolute_url()


def test_the_commissioner_enters_several_teams_at_once(league, commissioner, boss, make_teams):
    season = running_season(league, commissioner, [], status=Season.Status.REGISTRATION)
    teams = make_teams(4)
    page = text(boss.get(season_url(season)))
    assert all(f'name="team" value="{t.pk}"' in page for t in teams)  # a box to tick per team
    response = boss.post(season_url(season), {"action": "add", "team": [t.pk for t in teams[:3]]}, follow=True)
    assert "3 teams entered." in text(response)
    approved = SeasonTeam.objects.filter(season=season, status=SeasonTeam.Status.APPROVED)
    assert sorted(approved.values_list("team_id", flat=True)) == sorted(t.pk for t in teams[:3])
    assert AuditEntry.objects.filter(action="league.season.team_added").count() == 3


def test_one_bad_team_enters_none_and_says_why(league, commissioner, boss, make_teams):
    season = running_season(league, commissioner, [], status=Season.Status.REGISTRATION)
    teams = make_teams(3)
    Team.objects.filter(pk=teams[2].pk).update(status=Team.Status.DRAFT)
    response = boss.post(season_url(season), {"action": "add", "team": [t.pk for t in teams]})
    assert response.status_code == 400
    assert f"{teams[2].name} is not ready to play." in text(response)
    assert not SeasonTeam.objects.filter(season=season).exists()
    response = boss.post(season_url(season), {"action": "add"})
    assert response.status_code == 400 and "Tick at least one team." in text(response)
    assert boss.post(season_url(season), {"action": "add", "team": [teams[0].pk, "999999"]}).status_code == 404
    assert not SeasonTeam.objects.filter(season=season).exists()


def test_requests_approved_several_at_once(league, commissioner, boss, make_teams, user_factory):
    from league.core.services import league_join

    from teams.services import team_create
    from tests.seasons.helpers import lineup

    season = running_season(league, commissioner, [], status=Season.Status.REGISTRATION)
    coach = user_factory("twoteams")
    league_join(league=league, user=coach)
    mine = [team_create(league=league, coach=coach, name=f"Mine {n}", race="human", players=lineup()) for n in (1, 2)]
    other = make_teams(1)[0]
    # A coach asks for two of his teams at once; another coach for his.
    as_coach = login(coach)
    assert as_coach.post(season_url(season), {"action": "request", "team": [t.pk for t in mine]}).status_code == 302
    assert login(other.coach).post(season_url(season), {"action": "request", "team": other.pk}).status_code == 302
    pending = list(SeasonTeam.objects.filter(season=season, status=SeasonTeam.Status.PENDING).order_by("pk"))
    assert len(pending) == 3
    # A coach may not approve; the commissioner approves two and refuses one, each with one click.
    assert as_coach.post(season_url(season), {"action": "approve", "entry": pending[0].pk}).status_code == 403
    page = text(boss.get(season_url(season)))
    assert 'id="season-pending-form"' in page and f'value="{pending[0].pk}" id="pending-{pending[0].pk}"' in page
    response = boss.post(season_url(season), {"action": "approve", "entry": [e.pk for e in pending[:2]]}, follow=True)
    assert "2 teams approved." in text(response)
    response = boss.post(season_url(season), {"action": "refuse", "entry": [pending[2].pk]}, follow=True)
    assert "1 team refused." in text(response)
    statuses = dict(SeasonTeam.objects.filter(season=season).values_list("team_id", "status"))
    assert statuses == {mine[0].pk: "approved", mine[1].pk: "approved", other.pk: "refused"}
    # An answered request ticked again: nothing changes, the reason is given.
    response = boss.post(season_url(season), {"action": "approve", "entry": [pending[2].pk]})
    assert response.status_code == 400 and "already been answered" in text(response)


# --- round dates: several at once, within a sane range ---


def test_several_rounds_dated_at_once(league, commissioner, boss, make_teams):
    season = running_season(league, commissioner, make_teams(5))
    fixtures_generate(season=season, by=commissioner)
    assert not Round.objects.filter(starts_on__isnull=False).exists()
    page = text(boss.get(fixtures_url(season)))
    assert 'id="dates-bulk-form"' in page
    data = {
        "action": "dates_bulk",
        "first_round": "2",
        "last_round": "5",
        "starts_on": "2027-01-04",
        "every_days": "14",
        "deadline_days": "10",
    }
    response = boss.post(fixtures_url(season), data, follow=True)
    assert "4 rounds dated." in text(response)
    dates = list(Round.objects.filter(season=season).order_by("number").values_list("starts_on", "deadline"))
    assert dates == [
        (None, None),
        (date(2027, 1, 4), date(2027, 1, 14)),
        (date(2027, 1, 18), date(2027, 1, 28)),
        (date(2027, 2, 1), date(2027, 2, 11)),
        (date(2027, 2, 15), date(2027, 2, 25)),
    ]
    assert AuditEntry.objects.filter(action="league.season.round_dates_bulk").count() == 1
    # No deadline when its offset is left empty.
    data.update(first_round="1", last_round="1", deadline_days="")
    assert boss.post(fixtures_url(season), data).status_code == 302
    assert Round.objects.values_list("starts_on", "deadline").get(season=season, number=1) == (date(2027, 1, 4), None)


@pytest.mark.parametrize(
    "bad",
    [
        {"action": "dates", "round_number": "1", "starts_on": "9999-12-31"},
        {"action": "dates", "round_number": "1", "starts_on": "2027-01-04", "deadline": "9999-12-31"},
        {"action": "dates", "round_number": "1", "starts_on": "1999-12-31"},
        {"action": "dates_bulk", "first_round": "1", "last_round": "5", "starts_on": "9999-12-31", "every_days": "7"},
        # The first day is fine; the last round would fall after 2100-12-31.
        {"action": "dates_bulk", "first_round": "1", "last_round": "5", "starts_on": "2100-12-01", "every_days": "14"},
        {"action": "dates_bulk", "first_round": "4", "last_round": "2", "starts_on": "2027-01-04", "every_days": "7"},
        {"action": "dates_bulk", "first_round": "1", "last_round": "5", "starts_on": "2027-01-04", "every_days": "0"},
    ],
)
def test_dates_outside_the_range_are_refused_and_change_nothing(league, commissioner, boss, make_teams, bad):
    season = running_season(league, commissioner, make_teams(5))
    fixtures_generate(season=season, by=commissioner, first_date=date(2027, 1, 4), days_between=7)
    before = list(Round.objects.order_by("number").values_list("starts_on", "deadline"))
    response = boss.post(fixtures_url(season), bad)
    assert response.status_code == 400
    assert list(Round.objects.order_by("number").values_list("starts_on", "deadline")) == before


def test_the_range_is_said_in_the_users_language(league, commissioner, boss, make_teams):
    season = running_season(league, commissioner, make_teams(3))
    fixtures_generate(season=season, by=commissioner)
    bad = {"action": "dates", "round_number": "1", "starts_on": "9999-12-31"}
    assert "Dates must fall between" in text(boss.post(fixtures_url(season), bad))
    boss.cookies["django_language"] = "fr"
    french = text(boss.post(fixtures_url(season), bad))
    assert "Les dates doivent être comprises entre" in french


def test_a_round_robin_dated_beyond_the_range_is_refused(league, commissioner, boss, make_teams):
    season = running_season(league, commissioner, make_teams(4))
    data = {"action": "generate", "legs": "1", "first_date": "9999-12-31", "days_between": "7"}
    assert boss.post(fixtures_url(season), data).status_code == 400
    assert not Match.objects.exists() and not Round.objects.exists()


def test_calendar_feeds_answer_even_with_a_date_stored_out_of_range(client, league, commissioner, make_teams):
    teams = make_teams(3)
    season = running_season(league, commissioner, teams)
    fixtures_generate(season=season, by=commissioner, first_date=date(2027, 1, 4), days_between=7)
    Round.objects.filter(season=season, number=1).update(starts_on=date(9999, 12, 31))  # stored before the check
    for url in (reverse("league:calendar", args=[league.slug]), reverse("teams:calendar", args=[teams[0].pk])):
        response = client.get(url)
        assert response.status_code == 200, url
        assert b"BEGIN:VCALENDAR" in response.content and b"99991231" not in response.content


# --- undated fixtures show no date ---


def test_an_undated_fixture_shows_no_date_on_the_team_page(client, league, commissioner, make_teams):
    teams = make_teams(3)
    season = running_season(league, commissioner, teams)
    fixtures_generate(season=season, by=commissioner)
    page = text(client.get(teams[0].get_absolute_url()))
    table = page[page.index('id="team-matches"') :]
    table = table[: table.index("</table>")]
    today = date_format(timezone.localdate(), "SHORT_DATE_FORMAT")
    assert today not in table
    assert table.count("Round ") == 2  # the rows name their rounds instead
    listed = text(client.get(reverse("matches:list") + f"?league={league.slug}"))
    assert today not in listed and "Round 1" in listed  # the league's match list too
    # Once dated, the round's first day is shown.
    Round.objects.filter(season=season).update(starts_on=date(2027, 3, 1))
    page = text(client.get(teams[0].get_absolute_url()))
    assert date_format(date(2027, 3, 1), "SHORT_DATE_FORMAT") in page


@pytest.mark.parametrize(("first", "accepted"), [("2100-12-11", True), ("2100-12-12", False)])
def test_the_last_deadline_of_a_round_robin_may_fall_on_the_ranges_last_day(
    league, commissioner, boss, make_teams, first, accepted
):
    season = running_season(league, commissioner, make_teams(4))  # 3 rounds: the last ends 20 days on
    data = {"action": "generate", "legs": "1", "first_date": first, "days_between": "7"}
    assert boss.post(fixtures_url(season), data).status_code == (302 if accepted else 400)
    if accepted:
        assert Round.objects.get(season=season, number=3).deadline == date(2100, 12, 31)
    else:
        assert not Round.objects.exists()
