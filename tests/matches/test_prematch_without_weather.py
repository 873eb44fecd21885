"""A ruleset whose pre-match sequence has no "weather" step has no weather: the pre-match records
without rolling or storing one, and neither the pre-match page nor the match page offers one.
`noweather` is LRB6 copied to tmp_path with "weather" taken out of pre_match_steps, found by its key
like a shipped ruleset (the same way as tests/bank/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse

from league.rules import Ruleset, load_ruleset
from matches.models import DiceRoll, Match, MatchPlayer
from tests.builders import lrb6_copy
from tests.matches.test_views_support import login

KEY = "noweather"


@pytest.fixture
def noweather_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    yield from lrb6_copy(
        tmp_path, monkeypatch, KEY, replace=(('pre_match_steps = ["weather", ', "pre_match_steps = ["),)
    )


@pytest.fixture
def scheduled(noweather_ruleset, commissioner, coach_alice, coach_bob):
    from league.core.services import league_create, league_join
    from matches.services import match_schedule
    from teams.services import PlayerOrder, team_create

    assert "weather" not in noweather_ruleset.pre_match_steps
    league = league_create(name="Dry League", ruleset=KEY, commissioner=commissioner)
    teams = []
    for coach, name, race in ((coach_alice, "Dry Humans", "human"), (coach_bob, "Dry Orcs", "orc")):
        league_join(league=league, user=coach)
        teams.append(
            team_create(
                league=league,
                coach=coach,
                name=name,
                race=race,
                players=[PlayerOrder("lineman", f"{race}{i}") for i in range(1, 12)],
            )
        )
    return match_schedule(league=league, home=teams[0], away=teams[1], by=commissioner)


def test_the_pre_match_records_without_rolling_or_storing_weather(client, scheduled, coach_alice) -> None:
    from matches.services import PrematchInput, prematch_record

    played = prematch_record(match=scheduled, data=PrematchInput(), by=coach_alice)
    played.refresh_from_db()
    assert played.status == Match.Status.PREMATCH_DONE
    assert played.weather == ""
    assert not DiceRoll.objects.filter(match=played, purpose="weather").exists()
    assert played.home_tv and played.away_tv and MatchPlayer.objects.filter(match=played).count() == 22
    page = login(client, coach_alice).get(reverse("matches:detail", args=[played.pk])).text
    assert 'id="prematch-facts"' in page and 'id="weather"' not in page


def test_weather_dice_are_refused_where_the_ruleset_has_no_weather(scheduled, coach_alice) -> None:
    from matches.services import MatchError, PrematchInput, prematch_record

    with pytest.raises(MatchError, match="no weather roll"):
        prematch_record(match=scheduled, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)
    scheduled.refresh_from_db()
    assert scheduled.status == Match.Status.SCHEDULED
    assert not DiceRoll.objects.filter(match=scheduled).exists()


def test_the_pre_match_form_has_no_weather_fields(scheduled, noweather_ruleset) -> None:
    from matches.forms.prematch import PrematchForm

    form = PrematchForm(match=scheduled, ruleset=noweather_ruleset, lang="en", sides=())
    assert not {"weather_source", "weather_1", "weather_2"} & set(form.fields)
    lrb6_form = PrematchForm(match=scheduled, ruleset=load_ruleset("lrb6"), lang="en", sides=())
    assert "weather_source" in lrb6_form.fields
