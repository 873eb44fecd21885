"""Fuzzing the ways data comes in: whatever is sent, never a 500, and a refusal writes nothing.

Hypothesis mutates a valid match report (the import service and the import API) and fills the main
forms (team creation, hire, result entry) with hostile values: NUL characters, unpaired surrogates,
numbers past every column, deep nesting, wrong types. Each example counts the rows of the tables
the entry point writes before and after: a refusal leaves them all as they were; an acceptance
writes a whole thing (a team, a hire, a saved result), never part of one. SQLite is made to refuse
a NUL as PostgreSQL does. Bounded (a few dozen examples each) so the file runs in seconds.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from league.core.models import AuditEntry
from league.infra.inputs import column_max
from rest_framework.test import APIClient

from matches.importing import import_match
from matches.models import DiceRoll, Match, MatchCasualty, MatchPlayer
from matches.services import MatchError
from teams.models import Player, Team, TreasuryEntry
from tests.builders import pid
from tests.matches.test_import_service import example as report_example
from tests.matches.test_import_service import row_counts
from tests.web.test_team_creation_pages import LEGAL, form_data, new_url

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("refuse_nul_like_postgres")]

FUZZ = settings(
    max_examples=25,
    deadline=None,
    database=None,  # nothing written to .hypothesis/ in the working tree
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# What a hostile or careless client sends.
NASTY_TEXT = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", " ", "\x00", "Reav\x00ers", "x" * 200, "‮evil", "12", "-1", "1e9", "null", "<b>", "é"]),
)
FORM_TEXT = NASTY_TEXT.filter(lambda s: not any(0xD800 <= ord(c) <= 0xDFFF for c in s))  # browsers send UTF-8
NASTY_INT = st.one_of(
    st.integers(-3, 120),
    st.sampled_from([32767, 32768, 2**31 - 1, 2**31, 2**63 - 1, 2**63, -(2**63) - 1, 10**30]),
    st.integers(min_value=-(2**70), max_value=2**70),
)
SCALAR = st.one_of(st.none(), st.booleans(), NASTY_INT, NASTY_TEXT, st.sampled_from(["\ud800", 1.5, float("1e308")]))
JSON_VALUE = st.recursive(
    SCALAR, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(NASTY_TEXT, inner, max_size=3), max_leaves=8
)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a report where a value can be replaced."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, child in value.items():
            found += paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += paths(child, (*prefix, index))
    return found


REPORT_PATHS = paths(report_example())


@st.composite
def mutated_reports(draw) -> dict[str, Any]:
    report = report_example()
    report["report_id"] = draw(st.sampled_from(["fuzz-1", "fuzz-2", report["report_id"]]))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(REPORT_PATHS))
        parent = report
        try:
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = draw(JSON_VALUE)
        except (KeyError, IndexError, TypeError):
            pass  # an earlier mutation replaced a parent: nothing to replace there any more
    if draw(st.booleans()):
        report[draw(NASTY_TEXT)] = draw(JSON_VALUE)
    return report


def counts() -> dict[str, int]:
    return {**row_counts(), "Team": Team.objects.count(), "MatchCasualty": MatchCasualty.objects.count()}


# --- The import: the service, and the API with raw bodies ---


@FUZZ
@given(report=mutated_reports())
@example(report={**report_example(), "home": "Reav\x00ers"})
@example(report={**report_example(), "gate": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]})
@example(report={**report_example(), "result": {**report_example()["result"], "gate": 10**400}})
@example(report={**report_example(), "home": "\ud800"})
def test_the_import_service_refuses_cleanly(humans, orcs, report):
    before = counts()
    try:
        result = import_match(report, by=None)
    except MatchError as refusal:
        assert refusal.messages and all(isinstance(m, str) and m for m in refusal.messages)
        assert counts() == before
    else:
        assert result.match.pk and (result.created or counts() == before)


def raw_bodies() -> st.SearchStrategy[str]:
    return st.one_of(
        mutated_reports().map(lambda r: json.dumps(r, ensure_ascii=True)),
        st.integers(30, 3000).map(lambda n: "[" * n + "]" * n),
        st.integers(20, 5000).map(lambda n: '{"report_id": ' + "9" * n + "}"),
        st.text(max_size=40),
        st.sampled_from(["", "{", "null", "[]", '{"a": NaN}', '"\\u0000"', "\ufeff{}"]),
    )


@FUZZ
@given(text=raw_bodies())
@example(text="[" * 100_000 + "]" * 100_000)
@example(text='{"report_id": ' + "9" * 5000 + "}")
@example(text=json.dumps({**report_example(), "away": "Gouged\x00Eye"}))
def test_the_import_api_answers_400_with_every_reason_or_imports(humans, orcs, commissioner, text):
    client = APIClient(raise_request_exception=False)
    client.force_login(commissioner)
    before = counts()
    response = client.post(
        "/api/matches/import/", text.encode("utf-8", "surrogatepass"), content_type="application/json"
    )
    assert response.status_code in (200, 201, 400), response.content[:300]
    if response.status_code == 400:
        body = response.json()
        assert set(body) == {"code", "detail", "errors", "fields"} and body["errors"]
        assert counts() == before


# --- The main forms ---


@FUZZ
@given(
    name=FORM_TEXT,
    race=st.sampled_from(["human", "orc", "dragons", "", "\x00"]),
    head=st.fixed_dictionaries(
        {
            k: st.one_of(NASTY_INT.map(str), FORM_TEXT)
            for k in ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders")
        }
    ),
    row=st.tuples(st.sampled_from(["lineman", "blitzer", "dragon", "\x00"]), NASTY_INT, FORM_TEXT),
    action=st.sampled_from(["create", "draft", "\x00"]),
)
@example(name="Reav\x00ers", race="human", head={}, row=("lineman", 11, "Ned"), action="create")
@example(name="Big", race="human", head={"cheerleaders": str(2**63)}, row=("lineman", 11, "N\x00d"), action="draft")
def test_team_creation_page(alice_client, league, name, race, head, row, action):
    data = form_data(name=name, race=race, rows=[*LEGAL[:10], row], action=action, **head)
    before = counts()
    response = alice_client.post(new_url(league), data)
    assert response.status_code in (200, 302, 400)
    after = counts()
    if response.status_code != 302:
        assert after == before
    else:  # a whole team (a ready one with its budget entry) and its players, or a draft
        assert after["Team"] == before["Team"] + 1
        team = Team.objects.latest("pk")
        assert "\x00" not in team.name and all("\x00" not in p.name for p in team.players.all())


@FUZZ
@given(position=st.sampled_from(["lineman", "blitzer", "ogre", "dragon", "", "\x00"]), number=NASTY_INT, name=FORM_TEXT)
@example(position="lineman", number=2**63, name="Griff")
@example(position="lineman", number=7, name="Gr\x00ff")
def test_hire_page(alice_client, league, coach_alice, position, number, name):
    from teams.services import team_create
    from tests.web.conftest import lineup

    team = Team.objects.filter(name="Fuzzers").first() or team_create(
        league=league, coach=coach_alice, name="Fuzzers", race="human", players=lineup(("lineman", 11))
    )
    before = counts()
    response = alice_client.post(
        f"/teams/{team.pk}/players/hire/", {"position": position, "number": number, "name": name}
    )
    assert response.status_code in (200, 302, 400)
    changes = {k: n - before[k] for k, n in counts().items() if n != before[k]}
    # A hire is one player, one ledger entry and one audit entry; anything else is nothing at all.
    assert changes in ({}, {"Player": 1, "TreasuryEntry": 1, "AuditEntry": 1}), changes


RESULT_KEYS = ["home_score", "away_score", "home_fame", "away_fame", "gate", "winnings_home", "ff_home_1"]
PLAYER_KEYS = ["td", "comp", "cas", "int", "d6", "d8", "apo_d6"]


def match_state(match: Match) -> tuple:
    """Everything the result page writes."""
    return (
        Match.objects.filter(pk=match.pk).values().get(),
        list(MatchPlayer.objects.filter(match=match).order_by("pk").values()),
        list(MatchCasualty.objects.filter(match=match).order_by("pk").values()),
        DiceRoll.objects.filter(match=match).count(),
        counts(),
    )


@settings(FUZZ, max_examples=10)  # the result page is the slowest to answer
@given(
    values=st.dictionaries(st.sampled_from(RESULT_KEYS), st.one_of(NASTY_INT.map(str), FORM_TEXT), max_size=3),
    player=st.dictionaries(st.sampled_from(PLAYER_KEYS), NASTY_INT.map(str), max_size=2),
)
# Found by hand before the fuzzer existed: always tried.
@example(values={"gate": str(10**30)}, player={})
@example(values={"home_score": "40000"}, player={})
@example(values={}, player={"comp": "40000"})
def test_result_entry_page(client, ready_match, humans, coach_alice, values, player):
    client.force_login(coach_alice)
    h1 = pid(humans, 1)
    data = {"home_score": "1", "away_score": "0", "action": "save", **values}
    # The home player scores what the score says, so that a large score is not refused for that.
    data[f"p{h1}_td"] = data["home_score"]
    data.update({f"p{h1}_{k}": v for k, v in player.items()})
    before = match_state(ready_match)
    response = client.post(f"/matches/{ready_match.pk}/result/", data)
    assert response.status_code in (200, 302, 400)
    if response.status_code != 302:
        assert match_state(ready_match) == before
    else:  # saved: every number fits its column (PostgreSQL would have refused more)
        match = Match.objects.get(pk=ready_match.pk)
        assert match.home_score <= column_max(Match, "home_score")
        assert (match.gate or 0) <= column_max(Match, "gate")
        for line in MatchPlayer.objects.filter(match=match):
            assert all(
                getattr(line, f) <= column_max(MatchPlayer, f) for f in ("touchdowns", "completions", "casualties")
            )


def test_the_fuzzers_reach_both_outcomes(humans, orcs):
    """The mutations are not all refused: the unmutated report imports, so acceptance is exercised too."""
    assert import_match(report_example(), by=None).created
    with pytest.raises(MatchError):
        import_match({**report_example(), "report_id": "other", "home": "Reav\x00ers"}, by=None)
    assert Player.objects.exists() and TreasuryEntry.objects.exists() and AuditEntry.objects.exists()
