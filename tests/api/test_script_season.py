"""Scripts with personal tokens only (made on the tokens page, no session) run a whole season's match:
the commissioner's script sets the season up and publishes the fixture; each coach's script makes his
side's pre-match, one drafts and submits the result, the other confirms, the improvement is chosen;
then anyone reads the standings, which count the match."""

from __future__ import annotations

from typing import Any

import pytest

from teams.models import ImprovementRoll
from tests.accounts.tokens import script, token_from_page
from tests.api.test_match_flow import ok, sheet

pytestmark = pytest.mark.django_db


def post(client, url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    response = client.post(url, body or {}, format="json")
    assert response.status_code in (200, 201), response.content.decode()
    return response.json()


def test_a_season_match_played_by_scripts_then_the_standings_read(
    league, commissioner, humans, orcs, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    boss = script(token_from_page(commissioner))
    seasons = f"/api/leagues/{league.slug}/seasons/"
    post(boss, seasons, {"name": "Token Cup"})
    post(boss, seasons + "1/advance/", {"to": "registration"})
    post(boss, seasons + "1/teams/", {"teams": [humans.pk, orcs.pk]})
    post(boss, seasons + "1/advance/", {"to": "regular"})
    fixtures = post(boss, seasons + "1/fixtures/", {"legs": 1, "first_date": "2026-12-01", "days_between": 7})
    [fixture] = [m for r in fixtures["rounds"] for m in r["matches"]]
    home = humans if fixture["home"]["id"] == humans.pk else orcs
    scripts = {coach_alice.pk: script(token_from_page(coach_alice)), coach_bob.pk: script(token_from_page(coach_bob))}
    by_side = {"home": scripts[home.coach_id], "away": scripts[(orcs if home == humans else humans).coach_id]}
    url = f"/api/matches/{fixture['id']}/"

    # The pre-match, each side in its turn as the match says.
    for _turn in range(4):
        seen = ok(by_side["home"].get(url))
        awaiting, side = seen["prematch"]["awaiting"], seen["prematch"].get("side")
        if awaiting == "petty_cash":
            post(by_side[side], url + "prematch/petty-cash/", {"side": side, "amount": 0})
        elif awaiting == "inducements":
            post(by_side[side], url + "prematch/inducements/", {"side": side, "inducements": {}})
        else:
            break
    assert post(by_side["home"], url + "prematch/", {"weather": [3, 4]})["status"] == "prematch_done"

    # The result: Humans 2-1 Orcs, drafted and submitted by the Humans' coach, confirmed by the other.
    humans_script = scripts[coach_alice.pk]
    body = sheet(humans, orcs)
    if home != humans:  # the sheet is written for the Humans at home: swap the sides
        body["result"] = {"home_score": 1, "away_score": 2, "home_fame": 0, "away_fame": 1, "gate": 25}
        body["players"] = {"home": body["players"]["away"], "away": body["players"]["home"]}
        body["casualties"] = {"home": body["casualties"]["away"], "away": body["casualties"]["home"]}
        swap = {"home": "away", "away": "home"}
        body["dice"] = {
            ":".join(swap.get(part, part) for part in key.split(":")): value for key, value in body["dice"].items()
        }
        body["decisions"] = {"winnings_reroll:away": True}
    post(humans_script, url + "result/", body)
    post(humans_script, url + "submit/")
    with django_capture_on_commit_callbacks(execute=True):
        post(scripts[coach_bob.pk], url + "confirm/")
    seen = ok(humans_script.get(url))
    assert seen["status"] == "processed", seen["failure_reason"]

    # The improvement, chosen by the Humans' script.
    [mine] = [d for d in seen["decisions"] if d["team"] == humans.pk]
    post(humans_script, mine["url"], {"choice": mine["options"][0]["key"]})
    assert ImprovementRoll.objects.get(pk=mine["id"]).advancement_id is not None

    # The standings, read by anyone: the Humans won.
    table = ok(scripts[coach_bob.pk].get(seasons + "1/standings/"))
    rows = [row for group in table["groups"] for row in group["rows"]] if "groups" in table else table["rows"]
    assert [row["team"]["id"] for row in rows] == [humans.pk, orcs.pk]
    assert (rows[0]["played"], rows[0]["won"], rows[1]["lost"]) == (1, 1, 1)
