"""The trophies page: the roll of honour for everyone, the commissioner's forms (a minor tournament
with its capped prize money, a trophy awarded by hand, the trophy of a season's final), refusals
with 400 and nothing changed, 403 for anyone else, and a number of queries that does not grow."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.competitions.challenges.trophies.models import SeasonTrophy, Trophy, TrophyAward
from league.competitions.challenges.trophies.services import ensure_trophies, trophy_award
from league.competitions.seasons.models import Season
from league.core.models import AuditEntry

from teams.models import TreasuryEntry
from teams.services import PlayerOrder, team_create

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def url(league) -> str:
    return reverse("league:trophies", args=[league.slug])


def define(client, league, name="Far Albion Cup", winner=80_000, runner_up=40_000):
    return client.post(
        url(league),
        {
            "action": "define",
            "define-name": name,
            "define-prize_winner": winner,
            "define-prize_runner_up": runner_up,
        },
    )


def test_everyone_reads_the_roll_of_honour_only_the_commissioner_changes_it(client, league, coach_alice):
    page = client.get(url(league))
    text = page.content.decode()
    assert page.status_code == 200 and 'id="roll-of-honour"' in text and "define-form" not in text
    # Every major of the ruleset is listed with its benefits, read from the data.
    for name in ("Chaos Cup", "Blood Bowl", "Spike! Magazine Trophy", "Dungeonbowl"):
        assert name in text
    for benefit in ("+20,000 winnings every match", "+2 on the gate roll", "Wizard for 50,000", "D3 players"):
        assert benefit in text
    assert define(client, league).status_code == 403  # anonymous
    client.force_login(coach_alice)
    assert define(client, league).status_code == 403
    assert not Trophy.objects.exists() and not AuditEntry.objects.filter(action__startswith="league.trophy").exists()
    assert client.get(reverse("league:trophies", args=["no-such-league"])).status_code == 404


def test_minor_tournament_prize_capped_then_awarded_by_hand_pays_the_prizes(client, league, commissioner, humans, orcs):
    client.force_login(commissioner)
    refused = define(client, league, winner=140_000)  # above 1.5 x 90,000
    assert refused.status_code == 400 and "between 0 and 135,000 gold pieces" in refused.content.decode()
    assert define(client, league, winner=85_000).status_code == 400  # not a multiple of 10,000
    assert define(client, league, name="").status_code == 400
    assert not Trophy.objects.filter(kind="minor").exists()
    assert define(client, league).status_code == 302
    assert define(client, league).status_code == 400  # the name is taken
    cup = Trophy.objects.get(name="Far Albion Cup")
    assert (cup.kind, cup.key, cup.prize_winner, cup.prize_runner_up) == ("minor", "", 80_000, 40_000)

    tv_before = humans.team_value
    treasury = {humans.pk: humans.treasury, orcs.pk: orcs.treasury}
    same = client.post(
        url(league),
        {"action": "award", "award-trophy": f"t{cup.pk}", "award-team": humans.pk, "award-runner_up": humans.pk},
    )
    assert same.status_code == 400 and not TrophyAward.objects.exists()
    done = client.post(
        url(league),
        {"action": "award", "award-trophy": f"t{cup.pk}", "award-team": humans.pk, "award-runner_up": orcs.pk},
    )
    assert done.status_code == 302
    humans.refresh_from_db()
    orcs.refresh_from_db()
    # Prize money into the ledger; no trophy re-roll for a minor tournament.
    assert humans.treasury == treasury[humans.pk] + 80_000 and orcs.treasury == treasury[orcs.pk] + 40_000
    assert TreasuryEntry.objects.get(team=humans, key__startswith="trophy:").amount == 80_000
    assert humans.team_value == tv_before
    page = client.get(url(league)).content.decode()
    assert "Far Albion Cup" in page and "80,000" in page
    cabinet = client.get(humans.get_absolute_url()).content.decode()
    assert 'id="trophy-cabinet"' in cabinet and "Far Albion Cup" in cabinet


def test_a_major_awarded_by_hand_moves_the_reroll_between_holders(client, league, commissioner, humans, orcs):
    client.force_login(commissioner)
    refused = client.post(
        url(league),
        {"action": "award", "award-trophy": "spike", "award-team": humans.pk, "award-runner_up": humans.pk},
    )
    assert refused.status_code == 400 and not Trophy.objects.exists()  # a refusal leaves no row behind
    unknown = client.post(url(league), {"action": "award", "award-trophy": "t999999", "award-team": humans.pk})
    assert unknown.status_code == 400
    h, o = humans.team_value, orcs.team_value
    for team in (humans, orcs):
        response = client.post(url(league), {"action": "award", "award-trophy": "spike", "award-team": team.pk})
        assert response.status_code == 302
    humans.refresh_from_db()
    orcs.refresh_from_db()
    # The orcs hold it now (orc re-roll: 60,000); the humans' re-roll left with it.
    assert (humans.team_value, orcs.team_value) == (h, o + 60_000)
    assert list(TrophyAward.objects.values_list("edition", "team_id", "current")) == [
        (2, orcs.pk, True),
        (1, humans.pk, False),
    ]
    # The sheets add up: the holder's re-roll is shown beside the bought ones, the old holder's is gone.
    assert "+ 1 trophy re-roll while held" in client.get(orcs.get_absolute_url()).content.decode()
    assert 'id="trophy-rerolls"' not in client.get(humans.get_absolute_url()).content.decode()


def test_the_trophy_of_a_season_final_is_chosen_once_and_fixed_when_won(client, league, commissioner, humans):
    client.force_login(commissioner)
    season = Season.objects.create(league=league, number=1, name="S1", status=Season.Status.REGULAR)
    ensure_trophies(league)
    bb = Trophy.objects.get(league=league, key="blood_bowl")
    ok = client.post(url(league), {"action": "choose", "choose-season": season.pk, "choose-trophy": "blood_bowl"})
    assert ok.status_code == 302 and SeasonTrophy.objects.get(season=season).trophy == bb
    page = client.get(url(league)).content.decode()
    assert 'id="season-trophies"' in page and "S1: its final awards Blood Bowl" in page
    bad = client.post(url(league), {"action": "choose", "choose-season": 999999, "choose-trophy": "blood_bowl"})
    assert bad.status_code == 400
    assert client.post(url(league), {"action": "nonsense"}).status_code == 400
    season.winner = humans
    season.save()
    # A won season no longer appears in the choice: refused like an unknown season.
    again = client.post(url(league), {"action": "choose", "choose-season": season.pk, "choose-trophy": ""})
    assert again.status_code == 400 and SeasonTrophy.objects.get(season=season).trophy == bb


def _teams(league, user_factory, n: int):
    from league.core.services import league_join

    teams = []
    for k in range(n):
        coach = user_factory(f"q{k}")
        league_join(league=league, user=coach)
        teams.append(
            team_create(
                league=league,
                coach=coach,
                name=f"Q{k}",
                race="human",
                players=[PlayerOrder("lineman", f"P{i}") for i in range(1, 12)],
            )
        )
    return teams


def test_roll_of_honour_queries_do_not_grow_with_the_awards(client, league, commissioner, user_factory):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    teams = _teams(league, user_factory, 12)
    ensure_trophies(league)
    majors = list(Trophy.objects.filter(league=league))

    def count() -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url(league)).status_code == 200
        return len(ctx.captured_queries)

    trophy_award(trophy=majors[0], team=teams[0], by=None)
    trophy_award(trophy=majors[1], team=teams[1], by=None)
    few = count()
    for n, team in enumerate(teams):
        trophy_award(trophy=majors[n % len(majors)], team=team, by=None)
    assert count() == few
    # The team page's cabinet: one read whatever the number of awards.
    with CaptureQueriesContext(connection) as ctx:
        client.get(teams[0].get_absolute_url())
    before = len(ctx.captured_queries)
    for trophy in majors:
        trophy_award(trophy=trophy, team=teams[0], by=None)
    with CaptureQueriesContext(connection) as ctx:
        client.get(teams[0].get_absolute_url())
    assert len(ctx.captured_queries) == before
