"""Pre-match steps driven by the ruleset's step list, each ruleset played through the pages (the
Django test client) and the post-match sequence through a real Celery worker:

- `dungeon`: LRB6 copied with data only, whose pre-match rolls a dungeon-state table (declared in
  its ruleset.toml, [pre_match_tables.dungeon_state], with its CSV) instead of the weather;
- `roofed`: LRB6 plus a step written here in Python (the stadium's roof, open or closed), shown
  on the pre-match page, recorded, shown on the match page and read by a post-match step of its
  own: nothing outside this module knows it (its registrations are undone after each test);
- `lrb6var`: LRB6 with other parameters only (spiralling expenses, points, starting treasury).

The rulesets are copies made by tests/builders.py's lrb6_copy, found by their keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django import forms
from django.template import Template
from django.urls import reverse

from league.rules import Ruleset, ScriptedDice, registry
from league.rules.postmatch.records import InputRequest
from matches.models import DiceRoll, Match, MatchEffect
from matches.services import prematch_steps
from matches.services.prematch_steps import PrematchContext, PrematchStep, register
from tests.builders import lrb6_copy, scheduled_in
from tests.matches.test_views_support import login, prematch_through_pages, report_data
from tests.tasks.conftest import processed, wait_for

pytestmark = pytest.mark.worker

DUNGEON_TABLE = """roll_from,roll_to,dungeon_state_key,name_en,name_fr,effect_en,effect_fr
2,6,flooded,Flooded Halls,Salles inondées,-1 to every Go For It.,-1 à chaque Foncer.
7,12,torchlit,Torch-lit,Éclairé aux torches,No effect.,Aucun effet.
"""
DUNGEON_STEP = """
[pre_match_tables.dungeon_state]
table = "dungeon_state.csv"
name_en = "Dungeon state"
name_fr = "État du donjon"
show_effect = true
"""


def league_of(ruleset_key: str, commissioner, alice, bob):
    """A league of the ruleset and its scheduled Humans (Alice, home) v Orcs (Bob)."""
    return scheduled_in(ruleset_key, f"League {ruleset_key}", commissioner, alice, bob)


def ready_to_record(match: Match) -> None:
    """Petty cash declared (none) and inducements chosen (none), in turn: the record form is next."""
    from league.rules import InducementOrder
    from matches.selectors.prematch import prematch_states
    from matches.services.inducements import inducements_choose
    from tests.matches.test_views_support import declare_petty_cash

    declare_petty_cash(match)
    for _turn in range(2):
        match.refresh_from_db()
        state = prematch_states([match])[match.pk]
        if state.step == "inducements":
            inducements_choose(match=match, side=state.side, order=InducementOrder(), by=match.league.commissioner)


def play_through_pages(client, match: Match, record: dict[str, str]) -> Match:
    """The pre-match on its page (`record`: the record form's fields), a 1-0 result saved and
    submitted by the home coach, confirmed by the away coach; the worker runs the sequence."""
    response = prematch_through_pages(client, match, weather=record)
    match.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE, response.content.decode()[-3000:]
    login(client, match.home.coach)
    saved = client.post(reverse("matches:result", args=[match.pk]), report_data(match))
    assert saved.status_code == 302, saved.content.decode()[-3000:]
    client.post(reverse("matches:submit", args=[match.pk]))
    login(client, match.away.coach).post(reverse("matches:confirm", args=[match.pk]))
    wait_for(lambda: processed(match), "the worker to process the match")
    return match


# --- A data-only ruleset: a dungeon-state table instead of the weather ---


@pytest.fixture
def dungeon(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    yield from lrb6_copy(
        tmp_path,
        monkeypatch,
        "dungeon",
        replace=(('pre_match_steps = ["weather", ', 'pre_match_steps = ["dungeon_state", '),),
        toml_extra=DUNGEON_STEP,
        append={"dungeon_state.csv": DUNGEON_TABLE},
    )


def test_a_ruleset_rolls_a_dungeon_state_table_instead_of_the_weather(
    celery_worker, client, dungeon, commissioner, coach_alice, coach_bob
):
    assert dungeon.pre_match_steps[0] == "dungeon_state" and "weather" not in dungeon.pre_match_steps
    match = league_of("dungeon", commissioner, coach_alice, coach_bob)
    ready_to_record(match)
    page = login(client, coach_alice).get(reverse("matches:prematch", args=[match.pk])).content.decode()
    assert 'id="step-dungeon_state"' in page and "Dungeon state" in page and 'name="dungeon_state_1"' in page
    assert "weather" not in page.lower()
    assert "Awaited: either coach records the dungeon state and the pre-match." in page

    # A die out of range is refused with the table's label, and nothing is written.
    refused = client.post(
        reverse("matches:prematch", args=[match.pk]),
        {"dungeon_state_source": "entered", "dungeon_state_1": "7", "dungeon_state_2": "3"},
    ).content.decode()
    assert "Dungeon state, first D6: a D6 shows 1 to 6 (you entered 7)." in refused
    assert not DiceRoll.objects.filter(match=match).exists()

    match = play_through_pages(
        client, match, {"dungeon_state_source": "entered", "dungeon_state_1": "1", "dungeon_state_2": "3"}
    )
    assert (match.prematch_values, match.weather) == ({"dungeon_state": "flooded"}, "")
    [roll] = DiceRoll.objects.filter(match=match, purpose__in=["dungeon_state", "weather"])
    assert (roll.purpose, roll.values, roll.source) == ("dungeon_state", [1, 3], DiceRoll.Source.ENTERED)
    # The post-match sequence was handed the result and never planned with the pre-match's dice.
    assert match.postgame_input["prematch"] == {"dungeon_state": "flooded"}
    detail = login(client, coach_bob).get(match.get_absolute_url()).content.decode()
    assert 'id="dungeon_state">Flooded Halls</strong>' in detail and "-1 to every Go For It." in detail
    assert "(1 + 3)" in detail
    french = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "État du donjon :" in french and "Salles inondées" in french


def test_the_server_rolls_the_table_with_the_dice_it_is_given_and_stores_them(
    dungeon, commissioner, coach_alice, coach_bob, transactional_db
):
    from matches.services import PrematchInput, prematch_record

    match = league_of("dungeon", commissioner, coach_alice, coach_bob)
    prematch_record(match=match, data=PrematchInput(home_petty_cash=0), by=coach_alice, dice=ScriptedDice((6, 5)))
    match.refresh_from_db()
    assert match.prematch_values == {"dungeon_state": "torchlit"}
    roll = DiceRoll.objects.get(match=match, purpose="dungeon_state")
    assert (roll.values, roll.source) == ([6, 5], DiceRoll.Source.SERVER)  # the history replays from these


def test_dice_for_a_table_the_ruleset_does_not_roll_are_refused(dungeon, commissioner, coach_alice, coach_bob, db):
    from matches.services import MatchError, PrematchInput, prematch_record

    match = league_of("dungeon", commissioner, coach_alice, coach_bob)
    with pytest.raises(MatchError, match="no weather roll"):
        prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)
    with pytest.raises(MatchError, match=r"dungeon_state: 0 is not a possible D6 result \(1-6\)"):
        prematch_record(match=match, data=PrematchInput(steps={"dungeon_state": (0, 4)}), by=coach_alice)
    assert Match.objects.get(pk=match.pk).status == Match.Status.SCHEDULED


def test_an_imported_report_carries_the_dice_of_the_rulesets_table(
    dungeon, commissioner, coach_alice, coach_bob, django_capture_on_commit_callbacks, db
):
    """The match-report file names a table-roll step by its name (docs/match-report.md); a step the
    ruleset has not is refused with its name, and nothing is written."""
    from matches.importing import import_match
    from matches.services import MatchError

    match = league_of("dungeon", commissioner, coach_alice, coach_bob)
    report = {
        "format_version": 1,
        "report_id": "dungeon-1",
        "league": match.league.slug,
        "ruleset": "dungeon",
        "home": match.home.name,
        "away": match.away.name,
        "played_on": "2026-11-20",
        "prematch": {"weather": [3, 4]},
        "result": {"home_score": 0, "away_score": 0},
    }
    with pytest.raises(MatchError, match="weather"):
        import_match(report, by=commissioner)
    assert list(Match.objects.values_list("pk", "status")) == [(match.pk, Match.Status.SCHEDULED)]  # nothing written
    report["prematch"] = {"dungeon_state": [1, 3]}
    with django_capture_on_commit_callbacks(execute=False):
        imported = import_match(report, by=commissioner).match
    imported.refresh_from_db()
    assert imported.prematch_values == {"dungeon_state": "flooded"}
    roll = DiceRoll.objects.get(match=imported, purpose="dungeon_state")
    assert (roll.values, roll.source) == ([1, 3], DiceRoll.Source.ENTERED)


# --- A step written in Python, known only here: the stadium's roof ---

ROOF = "stadium_roof"
ROOFS = (("open", "Open"), ("closed", "Closed"))


def roof_rule(value: Any) -> str:
    """The engine's side of the step: a roof is open or closed."""
    if value not in dict(ROOFS):
        raise ValueError(f"A stadium roof is open or closed, not {value!r}.")
    return str(value)


def drainage(run: Any) -> None:
    """A post-match step reading what the pre-match handed on: an open roof lets the rain in, and
    the home side rolls a D6 for its drains (the die is stored like every other)."""
    if run.report.prematch.get(ROOF) == "open":
        run.die(InputRequest(key="drainage:home", kind="dice", what="drainage", side="home", count=1, sides=6))


class RoofStep(PrematchStep):
    record_template = Template(
        '{% load crispy_forms_tags %}<section id="step-stadium_roof"><h2>{{ part.label }}</h2>'
        "{{ part.bound.0|as_crispy_field }}</section>"
    )
    facts_template = Template('<p>{{ fact.label }}: <strong id="stadium_roof">{{ fact.result }}</strong></p>')

    def label(self, ruleset: Ruleset, lang: str) -> str:
        return "Toit du stade" if lang.startswith("fr") else "Stadium roof"

    def form_fields(self, ruleset: Ruleset, lang: str) -> dict[str, Any]:
        return {ROOF: forms.ChoiceField(label=self.label(ruleset, lang), choices=ROOFS, initial="closed")}

    def form_value(self, data: dict[str, Any]) -> Any:
        return data.get(ROOF) or None

    def check(self, ctx: PrematchContext) -> None:
        try:
            roof_rule(ctx.data.given(ROOF))
        except ValueError as exc:
            ctx.problems.append(str(exc))

    def record(self, ctx: PrematchContext) -> None:
        ctx.match.prematch_values = {**ctx.match.prematch_values, ROOF: ctx.data.given(ROOF)}

    def facts(self, match: Any, ruleset: Ruleset, lang: str) -> dict[str, Any] | None:
        value = match.prematch_values.get(ROOF)
        return {"label": self.label(ruleset, lang), "result": dict(ROOFS)[value]} if value else None


@pytest.fixture
def roof_registered(monkeypatch) -> None:
    """The step's registrations, as @pre_match_step, @post_match_step and @register would make
    them, undone at the test's end (the engine's plan holds its registry by reference)."""
    monkeypatch.setitem(registry.PRE_MATCH, ROOF, roof_rule)
    monkeypatch.setitem(registry.POST_MATCH, "drainage", drainage)
    monkeypatch.setitem(registry.ORDER, "drainage", ((), ()))
    monkeypatch.setattr(prematch_steps, "STEPS", dict(prematch_steps.STEPS))
    register(ROOF)(RoofStep)


@pytest.fixture
def roofed(roof_registered, tmp_path, monkeypatch) -> Iterator[Ruleset]:
    yield from lrb6_copy(
        tmp_path,
        monkeypatch,
        "roofed",
        replace=(
            ('pre_match_steps = ["weather", ', f'pre_match_steps = ["weather", "{ROOF}", '),
            ('"journeymen", "team_value",', '"journeymen", "drainage", "team_value",'),
        ),
    )


def test_a_step_of_a_rulesets_own_is_shown_recorded_and_handed_to_the_post_match_sequence(
    celery_worker, client, roofed, commissioner, coach_alice, coach_bob
):
    assert roofed.pre_match_steps == ("weather", ROOF, "petty_cash", "inducements", "journeymen")
    match = league_of("roofed", commissioner, coach_alice, coach_bob)
    # Nothing entered for the roof (an import of an older kind): refused, nothing written.
    from matches.services import MatchError, PrematchInput, prematch_record

    with pytest.raises(MatchError, match="A stadium roof is open or closed, not None."):
        prematch_record(match=match, data=PrematchInput(), by=coach_alice)

    match = play_through_pages(
        client, match, {"weather_source": "entered", "weather_1": "3", "weather_2": "4", ROOF: "open"}
    )
    assert match.prematch_values == {"weather": "nice", ROOF: "open"} and match.weather == "nice"
    assert match.postgame_input["prematch"] == {"weather": "nice", ROOF: "open"}
    # The post-match step read the open roof: its die was rolled by the server and stored.
    assert DiceRoll.objects.filter(match=match, purpose="drainage:home", source=DiceRoll.Source.SERVER).exists()
    assert MatchEffect.objects.filter(match=match, kind="winnings").count() == 2  # the rest ran as usual
    detail = login(client, coach_alice).get(match.get_absolute_url()).content.decode()
    assert 'Stadium roof: <strong id="stadium_roof">Open</strong>' in detail and 'id="weather">Nice<' in detail


def test_the_pre_match_page_shows_the_step_in_the_rulesets_order(
    client, roofed, commissioner, coach_alice, coach_bob, db
):
    match = league_of("roofed", commissioner, coach_alice, coach_bob)
    ready_to_record(match)
    page = login(client, coach_alice).get(reverse("matches:prematch", args=[match.pk])).content.decode()
    assert page.index('name="weather_source"') < page.index('id="step-stadium_roof"') < page.index(f'name="{ROOF}"')
    assert "Awaited: either coach records the weather and stadium roof and the pre-match." in page
    refused = client.post(reverse("matches:prematch", args=[match.pk]), {"weather_source": "server", ROOF: "ajar"})
    assert "Select a valid choice" in refused.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.SCHEDULED


# --- A parameter-only variant of LRB6: spiralling expenses, points, starting treasury ---


@pytest.fixture
def lrb6var(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    yield from lrb6_copy(
        tmp_path,
        monkeypatch,
        "lrb6var",
        replace=(
            ("starting_treasury = 1000000", "starting_treasury = 1200000"),
            ("spiralling_expenses_threshold = 1750000", "spiralling_expenses_threshold = 500000"),
            ("spiralling_expenses_band = 150000", "spiralling_expenses_band = 20000"),
            ("win = 3\ndraw = 1\nloss = 0", "win = 4\ndraw = 2\nloss = 1"),
        ),
    )


def test_a_parameter_only_variant_plays_a_season_match_with_its_own_numbers(
    celery_worker, client, lrb6var, commissioner, coach_alice, coach_bob
):
    from league.competitions.seasons.models import Round, Season, SeasonTeam
    from league.competitions.standings.table import season_table
    from league.rules import spiralling_expenses

    match = league_of("lrb6var", commissioner, coach_alice, coach_bob)
    home, away = match.home, match.away
    # 1,200,000 gp to start with, 550,000 of it spent on eleven linemen (and 30,000 on the Orcs'
    # fan factor 3).
    assert (home.treasury, away.treasury) == (650000, 620000)
    season = Season.objects.create(league=match.league, number=1, name="Season 1", status=Season.Status.REGULAR)
    for team in (home, away):
        SeasonTeam.objects.create(season=season, team=team, status=SeasonTeam.Status.APPROVED, requested_by=team.coach)
    Match.objects.filter(pk=match.pk).update(season=season, round=Round.objects.create(season=season, number=1))
    match.refresh_from_db()

    match = play_through_pages(client, match, {"weather_source": "entered", "weather_1": "3", "weather_2": "4"})
    assert (match.home_tv, match.weather) == (550000, "nice")
    # 50,000 over a 500,000 threshold in bands of 20,000: 10,000 x (1 + 2) (LRB6 would owe nothing).
    assert spiralling_expenses(lrb6var, 550000) == 30000
    paid = dict(MatchEffect.objects.filter(match=match, kind="spiralling_expenses").values_list("team", "amount"))
    assert paid == {home.pk: -30000, away.pk: -spiralling_expenses(lrb6var, match.away_tv)}
    table = season_table(season)
    assert (table.row(home.pk).points, table.row(away.pk).points) == (4, 1)  # won 1-0, lost
