"""The builders every test folder shares (loaded by tests/conftest.py as a pytest plugin, so no
test imports a fixture): a second coach, the Humans and Orcs of the worked match, their match at
each step, and a season with its results. People and the league are in tests/conftest.py.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Mapping

import pytest
from django.test import Client

from league.competitions.seasons.models import Season, SeasonTeam
from league.core.models import HouseRule
from league.core.services import league_join
from league.rules import Ruleset, load_ruleset
from league.rules.loading import loader
from matches.models import Match
from matches.services import (
    CasualtyLine,
    PlayerLine,
    PrematchInput,
    ReportInput,
    match_schedule,
    prematch_record,
    report_confirm,
    report_save,
    report_submit,
)
from teams.models import ImprovementRoll
from teams.services import PlayerOrder, team_create
from tests.seasons.helpers import lineup, processed_round_robin

# --- Two teams and their match (tests/matches/test_full_match.py works its numbers out) ---


@pytest.fixture
def coach_bob(user_factory):
    return user_factory("bob")


def human_team(league, coach, name: str = "Reavers"):
    """Eleven Human linemen, H1 to H11, the lowest fan factor the ruleset allows (0 in LRB6)."""
    from league.core.selectors import league_ruleset

    players = [PlayerOrder("lineman", f"H{i}") for i in range(1, 12)]
    least = league_ruleset(league).params.fan_factor_min_at_creation
    return team_create(league=league, coach=coach, name=name, race="human", players=players, fan_factor=least)


def orc_team(league, coach, name: str = "Gouged Eye"):
    """Eleven Orc linemen, O1 to O11, fan factor 3."""
    players = [PlayerOrder("lineman", f"O{i}") for i in range(1, 12)]
    return team_create(league=league, coach=coach, name=name, race="orc", fan_factor=3, players=players)


def league_of(ruleset: str, name: str, commissioner, *coaches):
    """A league of `ruleset` (a test ruleset's key, say) run by `commissioner`, `coaches` joined."""
    from league.core.services import league_create, league_join

    league = league_create(name=name, ruleset=ruleset, commissioner=commissioner)
    for coach in coaches:
        league_join(league=league, user=coach)
    return league


def scheduled_in(ruleset: str, name: str, commissioner, alice, bob) -> Match:
    """Humans (alice, home) v Orcs (bob) scheduled in a new league of `ruleset`."""
    from matches.services import match_schedule

    league = league_of(ruleset, name, commissioner, alice, bob)
    humans, orcs = human_team(league, alice), orc_team(league, bob)
    return match_schedule(league=league, home=humans, away=orcs, by=commissioner)


@pytest.fixture
def humans(league, coach_alice):
    return human_team(league, coach_alice)


@pytest.fixture
def orcs(league, coach_bob):
    league_join(league=league, user=coach_bob)
    return orc_team(league, coach_bob)


@pytest.fixture
def scheduled(league, humans, orcs, commissioner):
    return match_schedule(league=league, home=humans, away=orcs, by=commissioner)


@pytest.fixture
def ready_match(scheduled, coach_alice):
    return prematch_record(match=scheduled, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)


def pid(team, number: int) -> int:
    return team.players.get(number=number).pk


@pytest.fixture
def worked_report(humans, orcs):
    return worked_report_for(humans, orcs)


def worked_report_for(humans, orcs) -> ReportInput:
    """Humans 2-1 Orcs, every die entered at the table (see test_full_match for the arithmetic)."""
    h1, h2, h3, h4 = (pid(humans, n) for n in (1, 2, 3, 4))
    o1, o2, o3 = (pid(orcs, n) for n in (1, 2, 3))
    return ReportInput(
        home_score=2,
        away_score=1,
        home_fame=1,
        away_fame=0,
        gate=25,
        lines=(
            PlayerLine(h1, touchdowns=2),
            PlayerLine(h2, completions=1),
            PlayerLine(o1, touchdowns=1),
            PlayerLine(o2, casualties=1),
        ),
        casualties=(CasualtyLine(h3, d6=4, d8=1), CasualtyLine(o3, d6=6, d8=1)),
        dice={
            "mvp:home:1": [4],
            "mvp:away:1": [1],
            "winnings:home": [2],
            "winnings_reroll:home": [5],
            "winnings:away": [3],
            "ff:home": [6, 6, 6],
            "ff:away": [1, 1],
            f"improvement:p{h1}:1": [3, 3],
            f"improvement:p{o1}:1": [2, 5],
        },
        decisions={"winnings_reroll:home": True},
    )


# --- A season in its regular season, its results processed ---


@pytest.fixture
def make_season(league, commissioner, user_factory):
    """`make_season(n)`: n teams (one coach each) approved in season 1, status regular; team k beats
    every team after it in a processed single round robin (so the table is 1, 2, ..., n, no tie)."""

    def make(n: int, results: bool = True, number: int = 1):
        season = Season.objects.create(
            league=league, number=number, name=f"Season {number}", status=Season.Status.REGULAR
        )
        teams = []
        for k in range(n):
            coach = user_factory(f"coach{number}-{k}")
            league_join(league=league, user=coach)
            team = team_create(
                league=league,
                coach=coach,
                name=f"Team {k + 1:02d}" if number == 1 else f"S{number} Team {k + 1:02d}",
                race="human",
                players=[PlayerOrder("lineman", f"P{i}") for i in range(1, 12)],
            )
            SeasonTeam.objects.create(season=season, team=team, status=SeasonTeam.Status.APPROVED, requested_by=coach)
            teams.append(team)
        if results:
            processed_round_robin(season, teams, by=commissioner, sequence_prefix=f"{number:04d}")
        return season, teams

    return make


def play(match: Match, home_score: int, away_score: int, capture, **extra) -> Match:
    """A result entered by the home coach, confirmed by the away coach; the post-match sequence runs."""
    match = Match.objects.select_related("home__coach", "away__coach", "league").get(pk=match.pk)
    if match.status == Match.Status.SCHEDULED:
        prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=match.home.coach)
    report = ReportInput(
        home_score=home_score,
        away_score=away_score,
        home_uncredited_touchdowns=home_score,
        away_uncredited_touchdowns=away_score,
        **extra,
    )
    report_save(match=match, report=report, by=match.home.coach)
    report_submit(match=match, by=match.home.coach)
    with capture(execute=True):
        report_confirm(match=match, by=match.away.coach)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    return match


# --- The worked match at each later step, and a third coach (the match pages' tests) ---


@pytest.fixture
def coach_carol(league, user_factory):
    """A coach of the league who plays in none of the matches under test."""
    carol = user_factory("carol")
    league_join(league=league, user=carol)
    team_create(
        league=league,
        coach=carol,
        name="Grey Fangs",
        race="skaven",
        players=[PlayerOrder("lineman", f"S{i}") for i in range(1, 12)],
    )
    return carol


@pytest.fixture
def draft_match(ready_match, worked_report, coach_alice):
    report_save(match=ready_match, report=worked_report, by=coach_alice)
    return ready_match


@pytest.fixture
def submitted_match(draft_match, coach_alice):
    report_submit(match=draft_match, by=coach_alice)
    return draft_match


@pytest.fixture
def processed_match(submitted_match, coach_bob, django_capture_on_commit_callbacks):
    from matches.services import report_confirm

    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(match=submitted_match, by=coach_bob)
    submitted_match.refresh_from_db()
    assert submitted_match.status == Match.Status.PROCESSED, submitted_match.failure_reason
    return submitted_match


@pytest.fixture
def failed_match(submitted_match):
    Match.objects.filter(pk=submitted_match.pk).update(
        status=Match.Status.FAILED, failure_reason="winnings:home: 7 is not a possible D6 result (1-6)"
    )
    submitted_match.refresh_from_db()
    return submitted_match


@pytest.fixture
def humans_roll(processed_match, humans):
    return ImprovementRoll.objects.get(match=processed_match, player__team=humans)


@pytest.fixture
def mvp_chosen(league):
    HouseRule.objects.create(league=league, key="mvp_mode", value="chosen")
    return league


# --- Ready teams with their own coaches, and the commissioner's browser (seasons, challenges) ---


@pytest.fixture
def make_teams(league, user_factory):
    """`make_teams(n)`: n ready teams of the league, each coached by its own new coach."""
    from league.core.services import league_join

    made: list = []

    def make(count: int, prefix: str = "Team"):
        teams = []
        for _ in range(count):
            index = len(made) + 1
            coach = user_factory(f"coach{index}")
            league_join(league=league, user=coach)
            team = team_create(league=league, coach=coach, name=f"{prefix} {index:02d}", race="human", players=lineup())
            made.append(team)
            teams.append(team)
        return teams

    return make


@pytest.fixture
def boss(client, commissioner) -> Client:
    client.force_login(commissioner)
    return client


# --- A test ruleset: LRB6 copied and changed, found by its key like a shipped ruleset ---


def lrb6_copy(
    tmp_path,
    monkeypatch,
    key: str,
    *,
    replace: tuple[tuple[str, str], ...] = (),
    toml_extra: str = "",
    append: Mapping[str, str] | None = None,
) -> Iterator[Ruleset]:
    """For a fixture to `yield from`: a data folder beside the shipped one (linked), holding LRB6
    copied as `key` with `replace` made once each in its ruleset.toml (each must be found),
    `toml_extra` added to it and `append` lines added to its CSV files; the loader reads that
    folder until the fixture ends. The copy is not the reference ruleset (docs/rulesets.md)."""
    data = tmp_path / "rulesets"
    data.mkdir()
    for shipped in loader.DATA_DIR.iterdir():
        if shipped.is_dir():
            (data / shipped.name).symlink_to(shipped, target_is_directory=True)
    (data / "rulesets.toml").symlink_to(loader.DATA_DIR / "rulesets.toml")  # the default ruleset
    folder = data / key
    shutil.copytree(loader.DATA_DIR / "lrb6", folder)
    toml = folder / loader.RULESET_FILE
    text = toml.read_text(encoding="utf-8")
    for old, new in (('key = "lrb6"', f'key = "{key}"'), ("reference = true", "reference = false"), *replace):
        assert old in text, old
        text = text.replace(old, new, 1)
    toml.write_text(text + toml_extra, encoding="utf-8")
    for name, lines in (append or {}).items():
        with (folder / name).open("a", encoding="utf-8") as handle:
            handle.write(lines)
    monkeypatch.setattr(loader, "DATA_DIR", data)
    yield load_ruleset(key)
    loader.forget_rulesets(data)  # the loader keeps rulesets by data folder: the shipped ones stay as they were


# --- A house-rules ruleset written in data only: big guys' doubled levels and an ageing roll ---

AGEING_KEY = "ageingtest"
# The Ogres (Humans' and the Ogre team's) need twice the SPP of LRB6's levels (seed 002's "gros
# balaises"), every other position keeps spp_levels.csv.
BIG_GUYS_GROUPS = "team_key,position_key,level_group\n,ogre,big_guys\n"
BIG_GUYS_LEVELS = (
    "level_group,level_key,name_en,name_fr,spp_min,spp_max,improvement_rolls\n"
    "big_guys,rookie,Rookie,Débutant,0,11,0\n"
    "big_guys,experienced,Experienced,Expérimenté,12,31,1\n"
    "big_guys,veteran,Veteran,Vétéran,32,61,2\n"
    "big_guys,emerging_star,Emerging Star,Futur Champion,62,101,3\n"
    "big_guys,star,Star,Champion,102,151,4\n"
    "big_guys,super_star,Super Star,Super Champion,152,351,5\n"
    "big_guys,legend,Legend,Légende,352,,6\n"
)
# Seed 002, "Jet de vieillissement": after each improvement roll, 2D6 at least the level's target
# avoids it; else 2D6 on this table.
AGEING_TABLE = (
    "roll_from,roll_to,outcome_key,name_en,name_fr,effect,stat\n"
    "2,8,ageing_niggling,Ageing,Vieillissement,niggling_injury,\n"
    "9,9,ageing_av,Ageing,Vieillissement,stat_injury,av\n"
    "10,10,ageing_ma,Ageing,Vieillissement,stat_injury,ma\n"
    "11,11,ageing_ag,Ageing,Vieillissement,stat_injury,ag\n"
    "12,12,ageing_st,Ageing,Vieillissement,stat_injury,st\n"
)
AGEING_TOML = """
[table_rolls.ageing]
name_en = "Ageing"
name_fr = "Vieillissement"
trigger = "improvement"
table = "ageing.csv"
dice = "2D6"
avoid_dice = "2D6"
avoid_targets = { experienced = 3, veteran = 4, emerging_star = 5, star = 6, super_star = 7, legend = 8 }
"""


@pytest.fixture
def ageing_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    """LRB6 with the big guys' doubled levels and an ageing roll after each improvement roll, in
    data only (docs/rulesets.md): found by its key AGEING_KEY like a shipped ruleset."""
    yield from lrb6_copy(
        tmp_path,
        monkeypatch,
        AGEING_KEY,
        replace=(('"improvements", "remove_dead"', '"improvements", "ageing", "remove_dead"'),),
        toml_extra=AGEING_TOML,
        append={
            "level_groups.csv": BIG_GUYS_GROUPS,
            "spp_levels_by_group.csv": BIG_GUYS_LEVELS,
            "ageing.csv": AGEING_TABLE,
        },
    )


# The house rules' pre-match choices (seed 002 H:L80-85): the receiving team, here the away side,
# keeps grass and its own dice. prematch_record(data=PrematchInput(steps=HOUSE_CHOICES, ...)).
HOUSE_CHOICES = {"pitch": {"option": "grass", "side": "away"}, "dice_pair": {"option": "receiving", "side": "away"}}
