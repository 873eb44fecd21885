"""The corrections API checks a body as the correction page checks its sheet: a number past its
column, a day played outside the app's range of dates, a text where a number is expected, each is
a 400 naming the field in the request's language, never a 500 nor Python's own words, and nothing
is drafted. Hypothesis sends arbitrary bodies (wrong types, huge and negative numbers, nested junk,
far dates) and mutates the match's own inputs at random places.

The worked match (tests/builders.py): Reavers 2-1 Gouged Eye, every die entered at the table."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from matches.models import MatchCorrection
from matches.services.corrections import inputs_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("refuse_nul_like_postgres")]

PYTHON_WORDS = ("not supported between", "Traceback", "NoneType", "object has no attribute", "invalid literal")
FUZZ = settings(
    max_examples=50,
    derandomize=True,  # the same bodies on every run: a failure is reproduced by running it again
    deadline=None,
    database=None,  # nothing written to .hypothesis/ in the working tree
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)


def url(match) -> str:
    return f"/api/matches/{match.pk}/corrections/"


def refused(response, fragment: str) -> None:
    """A worded 400 with the API's error shape; `fragment` is one of its reasons."""
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid" and fragment in body["errors"], body
    assert not any(word in response.content.decode() for word in PYTHON_WORDS), body


REPRODUCTIONS = [
    (
        {"result": {"home_score": 2**40}},
        "inputs.result.home_score: Ensure this value is less than or equal to 32767.",
        "inputs.result.home_score: Assurez-vous que cette valeur est inférieure ou égale à 32767.",
    ),
    (
        {"result": {"gate": 2**40}},
        "inputs.result.gate: Ensure this value is less than or equal to 2147483647.",
        "inputs.result.gate: Assurez-vous que cette valeur est inférieure ou égale à 2147483647.",
    ),
    (
        {"played_on": "9999-12-31"},
        "inputs.played_on: Dates must fall between 01/01/2000 and 12/31/2100.",
        "inputs.played_on: Les dates doivent être comprises entre le 01/01/2000 et le 31/12/2100.",
    ),
    (
        {"result": {"home_score": "2"}},
        "inputs.result.home_score: a whole number is expected.",
        "inputs.result.home_score: un nombre entier est attendu.",
    ),
    (
        {"lines": [{"player_id": 1, "touchdowns": "1"}]},
        "inputs.lines[0].touchdowns: a whole number is expected.",
        "inputs.lines[0].touchdowns: un nombre entier est attendu.",
    ),
]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("inputs, english, french", REPRODUCTIONS, ids=["score", "gate", "day", "text", "line"])
def test_the_reproductions_are_worded_400s(
    client_for, commissioner, processed_match, language, inputs, english, french
):
    api = client_for(commissioner)
    response = api.post(
        url(processed_match), {"reason": "typo", "inputs": inputs}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    refused(response, english if language == "en" else french)
    assert not MatchCorrection.objects.exists()


def test_the_page_bounds_hold_for_every_part(client_for, commissioner, processed_match):
    """Casualty dice, SPP counts, die faces, players of the match, keys, the reason:
    as the sheet bounds them, each named by its place in the body."""
    api, match = client_for(commissioner), processed_match
    stored = inputs_of(match)
    victim = stored["casualties"][0]["victim_id"]
    cases = [
        # The sheet's bounds (a column's), then the rules' own words, as on the page.
        (
            {"casualties": [{**stored["casualties"][0], "d8": 2**40}]},
            "inputs.casualties[0].d8: Ensure this value is less than or equal to 32767.",
        ),
        ({"casualties": [{**stored["casualties"][0], "d8": 9}]}, "#3 lineman 2: 4 and 9 is not a casualty roll"),
        ({"lines": [{"player_id": victim, "touchdowns": -1}]}, "#3 lineman 2: counts cannot be negative."),
        ({"result": {"gate": -1}}, "inputs.result.gate: Ensure this value is greater than or equal to 0."),
        ({"dice": {**stored["dice"], "ff:home": [6, 6, 6000]}}, "inputs.dice.ff:home: Write the dice as numbers"),
        ({"dice": {**stored["dice"], "ff:home": [6, 600]}}, "inputs.dice.ff:home: A die shows at most 100."),
        ({"dice": {**stored["dice"], "ff:home": [6, 0]}}, "inputs.dice.ff:home: A die shows 1 or more."),
        ({"lines": [{"player_id": 99999, "touchdowns": 1}]}, "inputs.lines[0].player_id: Player #99999 did not"),
        ({"lines": [{"player_id": victim}, {"player_id": victim}]}, "inputs.lines[1].player_id: this player is"),
        ({"lines": [{"player_id": victim, "goals": 3}]}, "inputs.lines[0]: unknown entries goals."),
        ({"casualties": [{"victim_id": victim}]}, "inputs.casualties[0].d6: This field is required."),
        ({"played_on": "yesterday"}, "inputs.played_on: a date (YYYY-MM-DD) is expected."),
        ({"decisions": {"x" * 81: 1}}, "inputs.decisions: a key of at most 80 characters is expected."),
    ]
    for inputs, fragment in cases:
        response = api.post(url(match), {"reason": "typo", "inputs": inputs}, format="json")
        assert response.status_code == 400, (inputs, response.content)
        assert any(e.startswith(fragment) for e in response.json()["errors"]), (fragment, response.json())
    long = api.post(url(match), {"reason": "x" * 2001, "void": True}, format="json")
    refused(long, "reason: Ensure this value has at most 2000 characters (it has 2001).")
    assert not MatchCorrection.objects.exists()
    # The same values within bounds are drafted: the checks refuse only what the page refuses.
    fine = api.post(url(match), {"reason": "typo", "inputs": {"played_on": "2026-11-30"}}, format="json")
    assert fine.status_code == 201 and fine.json()["inputs"]["played_on"] == "2026-11-30", fine.content


# --- Hypothesis: whatever the body, a 201 or a worded 400 that drafts nothing ---

NASTY_INT = st.one_of(
    st.integers(-3, 120),
    st.sampled_from([32767, 32768, 2**31 - 1, 2**31, 2**40, 2**63 - 1, 2**63, -(2**63) - 1]),
    st.integers(min_value=-(2**70), max_value=2**70),
)
NASTY_TEXT = st.one_of(
    st.text(max_size=10),
    st.sampled_from(["", " ", "2", "-1", "1e9", "null", "home", "away", "p1", "\x00", "x" * 300]),
)
DAYS = st.one_of(
    st.dates().map(lambda d: d.isoformat()),
    st.sampled_from(["9999-12-31", "0001-01-01", "1999-12-31", "2000-01-01", "2100-12-31", "2101-01-01", "2026-02-30"]),
)
SCALAR = st.one_of(st.none(), st.booleans(), NASTY_INT, NASTY_TEXT, DAYS, st.floats(allow_nan=False))
JSON_VALUE = st.recursive(
    SCALAR, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(NASTY_TEXT, inner, max_size=3), max_leaves=8
)


def places(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in the inputs where a value can be replaced."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, child in value.items():
            found += places(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += places(child, (*prefix, index))
    return found


@st.composite
def bodies(draw, stored: dict[str, Any]) -> Any:
    """A body as a careless or hostile client writes it: arbitrary JSON, or the match's own inputs
    with a few values replaced (so that the checks past the types are reached)."""
    if draw(st.integers(0, 4)) == 0:
        return draw(JSON_VALUE)
    inputs = copy.deepcopy(stored)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(places(inputs)))
        parent = inputs
        try:
            for part in path[:-1]:
                parent = parent[part]
            parent[path[-1]] = draw(st.one_of(NASTY_INT, DAYS, JSON_VALUE))  # past the types, often
        except (KeyError, IndexError, TypeError):
            pass  # the path went away with an earlier replacement
    part = draw(st.sampled_from(["result", "lines", "casualties", "dice", "decisions", "played_on", "all"]))
    given = inputs if part == "all" else {part: inputs.get(part)}
    body: dict[str, Any] = {"reason": "A typo" if draw(st.integers(0, 4)) else draw(JSON_VALUE), "inputs": given}
    if draw(st.integers(0, 4)) == 0:
        body["void"] = draw(st.one_of(st.booleans(), JSON_VALUE))
    return body


def test_no_body_is_a_500_nor_drafts_on_a_refusal(client_for, commissioner, processed_match):
    api, match = client_for(commissioner), processed_match
    stored = inputs_of(match)

    @FUZZ
    @given(body=bodies(stored), language=st.sampled_from(["en", "fr"]))
    def check(body: Any, language: str) -> None:
        before = MatchCorrection.objects.count()
        response = api.post(
            url(match), json.dumps(body), content_type="application/json", HTTP_ACCEPT_LANGUAGE=language
        )
        assert response.status_code in (201, 400), (body, response.content)
        event(f"status {response.status_code}")  # --hypothesis-show-statistics: both are reached
        text = response.content.decode()
        assert not any(word in text for word in PYTHON_WORDS), (body, text)
        if response.status_code == 400:
            assert response.json()["errors"], text
            assert MatchCorrection.objects.count() == before, body
        else:
            assert MatchCorrection.objects.count() == before + 1

    check()


def test_confirm_and_discard_refuse_any_body_in_words(client_for, commissioner, processed_match):
    api, match = client_for(commissioner), processed_match
    draft = api.post(url(match), {"reason": "never played", "void": True}, format="json").json()

    @FUZZ
    @given(body=JSON_VALUE)
    def check(body: Any) -> None:
        for action in ("confirm", "discard"):
            response = api.post(
                f"/api/matches/corrections/{draft['id']}/{action}/", json.dumps(body), content_type="application/json"
            )
            assert response.status_code in (200, 202, 400), (body, response.content)
            assert not any(word in response.content.decode() for word in PYTHON_WORDS), response.content
        MatchCorrection.objects.filter(pk=draft["id"]).update(status=MatchCorrection.Status.DRAFT)

    check()
