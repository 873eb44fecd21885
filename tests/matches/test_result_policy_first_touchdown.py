"""A ruleset whose first touchdown wins and ends the match (`result_mode = "first_touchdown"`, the
shape of Dungeon Bowl, seed 003 D:L49, spec §3.7 and D6): the sheet and the import take 1-0 (or
0-0 after a concession) and refuse any other score; the league's "more balls" setting (a house
rule switching `result_mode` to "score") accepts other scores, never a draw.

`firsttdtest` is LRB6 copied with the two parameters changed and the setting declared
(tests/builders.py, lrb6_copy); the reference ruleset's league keeps its draws."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse

from league.rules import Ruleset
from matches.importing import import_match
from matches.models import Match
from matches.services import MatchError, PrematchInput, match_schedule, prematch_record
from tests.builders import human_team, league_of, lrb6_copy, orc_team
from tests.matches.test_views_support import report_data
from tests.web.test_league_admin import settings_form

pytestmark = pytest.mark.django_db
KEY = "firsttdtest"
MORE_BALLS = """
[settings.result_mode]
group = "postmatch"
page = "D:L49 (D6)"
en = "The first touchdown wins and ends the match; with more balls, other scores are accepted."
fr = "Le premier touchdown gagne et termine le match ; avec plus de ballons, d'autres scores sont acceptés."
choices_en = { first_touchdown = "First touchdown wins (1-0)", score = "More balls: any score, no draw" }
choices_fr = { first_touchdown = "Le premier touchdown gagne (1-0)", score = "Plus de ballons : tout score, sans nul" }
"""


@pytest.fixture
def first_td_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    yield from lrb6_copy(
        tmp_path,
        monkeypatch,
        KEY,
        replace=(
            ("draws_allowed = true", "draws_allowed = false"),
            ('result_mode = "score"', 'result_mode = "first_touchdown"'),
        ),
        toml_extra=MORE_BALLS,
    )


@pytest.fixture
def dungeon(first_td_ruleset, commissioner, coach_alice, user_factory):
    bob = user_factory("bob")
    league = league_of(KEY, "Underground", commissioner, coach_alice, bob)
    home, away = human_team(league, coach_alice), orc_team(league, bob)
    match = match_schedule(league=league, home=home, away=away, by=commissioner)
    return prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)


def test_the_sheet_takes_one_nil_and_the_more_balls_setting_any_decisive_score(
    client, dungeon, coach_alice, commissioner
):
    client.force_login(coach_alice)
    url = reverse("matches:result", args=[dungeon.pk])
    page = client.get(url).content.decode()
    assert "The first touchdown wins and ends the match" in page
    assert 'id="shootout-card"' not in page  # no overtime underground: the match always has a winner
    for home, away in ((2, 1), (0, 0), (1, 1)):
        refused = client.post(url, report_data(dungeon, home_score=home, away_score=away)).content.decode()
        assert f"the result is 1-0 to the team that scored, not {home}-{away}" in refused
    conceded = client.post(url, report_data(dungeon, home_score=0, away_score=2, conceded_by="home"))
    assert "after a concession the conceding team has scored nothing" in conceded.content.decode()
    assert client.post(url, report_data(dungeon, home_score=0, away_score=0, conceded_by="home")).status_code == 302
    assert client.post(url, report_data(dungeon, home_score=0, away_score=1, action="submit")).status_code == 302
    dungeon.refresh_from_db()
    assert (dungeon.status, dungeon.home_score, dungeon.away_score) == (Match.Status.SUBMITTED, 0, 1)

    # The commissioner switches on "more balls" on the league's settings page.
    league = dungeon.league
    client.force_login(commissioner)
    settings = reverse("league:settings", args=[league.slug])
    assert "More balls: any score, no draw" in client.get(settings).content.decode()
    assert client.post(settings, settings_form(league, result_mode="score")).status_code == 302
    other = match_schedule(league=league, home=dungeon.home, away=dungeon.away, by=commissioner)
    prematch_record(match=other, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)
    client.force_login(coach_alice)
    url = reverse("matches:result", args=[other.pk])
    assert 'id="shootout-card"' in client.get(url).content.decode()
    tied = client.post(url, report_data(other, home_score=2, away_score=2, action="submit"), follow=True)
    assert "cannot end in a draw" in tied.content.decode()
    assert client.post(url, report_data(other, home_score=3, away_score=1, action="submit")).status_code == 302
    other.refresh_from_db()
    assert (other.status, other.home_score, other.away_score) == (Match.Status.SUBMITTED, 3, 1)


def test_the_import_refuses_another_score(dungeon, commissioner):
    report = {
        "format_version": 1,
        "report_id": "dungeon-1",
        "league": dungeon.league.slug,
        "ruleset": KEY,
        "home": dungeon.home_id,
        "away": dungeon.away_id,
        "prematch": {"weather": [3, 4]},
        "result": {"home_score": 2, "away_score": 0, "home_uncredited_touchdowns": 2},
    }
    with pytest.raises(MatchError) as refused:
        import_match(report, by=commissioner)
    assert any("not 2-0" in reason for reason in refused.value.messages), refused.value.messages
    report["result"] = {"home_score": 1, "away_score": 0, "home_uncredited_touchdowns": 1}
    assert import_match(report, by=commissioner).created


def test_a_league_of_the_reference_ruleset_keeps_its_draws(client, humans, orcs, commissioner, coach_alice):
    match = match_schedule(league=humans.league, home=humans, away=orcs, by=commissioner)
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)
    client.force_login(coach_alice)
    url = reverse("matches:result", args=[match.pk])
    assert 'id="shootout-card"' not in client.get(url).content.decode()
    response = client.post(url, report_data(match, home_score=1, away_score=1, action="submit", overtime="on"))
    assert response.status_code == 302  # the field is not on its sheet: ignored, the draw stands
    match.refresh_from_db()
    assert (match.status, match.overtime, match.shootout_winner) == (Match.Status.SUBMITTED, False, "")
