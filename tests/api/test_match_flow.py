"""A whole match played through the API by scripts, each with its coach's personal token (made on
the tokens page, no session): the pre-match, the result's draft, submission, a send-back, a
withdrawal, confirmation, the post-match sequence and the improvement choice; and who is refused."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from league.accounts.models import ApiToken
from matches.models import Match
from teams.models import ImprovementRoll, Team
from tests.accounts.tokens import script, token_from_page

pytestmark = pytest.mark.django_db


def pid(team: Team, number: int) -> int:
    return team.players.get(number=number).pk


def sheet(humans: Team, orcs: Team) -> dict[str, Any]:
    """Humans 2-1 Orcs (tests/builders.py worked_report_for), players by id, as a script sends it."""
    h1, h2, h3 = (pid(humans, n) for n in (1, 2, 3))
    o1, o2, o3 = (pid(orcs, n) for n in (1, 2, 3))
    return {
        "result": {"home_score": 2, "away_score": 1, "home_fame": 1, "away_fame": 0, "gate": 25},
        "players": {
            "home": [{"id": h1, "touchdowns": 2}, {"id": h2, "completions": 1}],
            "away": [{"id": o1, "touchdowns": 1}, {"id": o2, "casualties": 1}],
        },
        "casualties": {"home": [{"id": h3, "d6": 4, "d8": 1}], "away": [{"id": o3, "d6": 6, "d8": 1}]},
        "dice": {
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
        "decisions": {"winnings_reroll:home": True},
    }


def actions(answer: dict[str, Any]) -> list[str]:
    return [a["action"] for a in answer["next"]]


def ok(response) -> dict[str, Any]:
    assert response.status_code == 200, response.content.decode()
    return response.json()


def refused(response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.content.decode()
    body = response.json()
    assert body["code"] == code and set(body) == {"code", "detail", "errors", "fields"}
    return body


def test_a_whole_match_by_two_scripts_with_their_tokens(
    scheduled, humans, orcs, coach_alice, coach_bob, coach_carol, django_capture_on_commit_callbacks
):
    alice, bob = script(token_from_page(coach_alice)), script(token_from_page(coach_bob))
    carol = script(token_from_page(coach_carol))
    url = f"/api/matches/{scheduled.pk}/"
    post = lambda client, path, body=None: client.post(url + path, body or {}, format="json")  # noqa: E731

    # --- pre-match: the orcs (higher team value) declare their petty cash first ---
    seen = ok(alice.get(url))
    assert (seen["status"], seen["prematch"], seen["next"]) == (
        "scheduled",
        {"awaiting": "petty_cash", "side": "away"},
        [],
    )
    assert actions(ok(bob.get(url))) == ["petty_cash"]
    refused(post(alice, "prematch/petty-cash/", {"side": "away", "amount": 0}), 403, "permission_denied")
    too_soon = refused(post(alice, "prematch/petty-cash/", {"side": "home", "amount": 100_000}), 400, "refused")
    assert "Gouged Eye declares its petty cash first" in too_soon["detail"]
    refused(post(bob, "prematch/petty-cash/", {"side": "away", "amount": -5}), 400, "invalid")
    assert ok(post(bob, "prematch/petty-cash/", {"side": "away", "amount": 20_000}))["prematch"]["side"] == "home"
    seen = ok(post(alice, "prematch/petty-cash/", {"side": "home", "amount": 100_000}))
    assert seen["prematch"]["awaiting"] == "inducements"
    # Then the inducements, in turn, each coach his side's.
    chooser = {"home": alice, "away": bob}
    order = {"home": {"items": {"bribes": 1}}, "away": {}}
    for _turn in range(2):
        side = ok(alice.get(url))["prematch"]["side"]
        other = "away" if side == "home" else "home"
        body = {"side": side, "inducements": order[side]}
        refused(post(chooser[other], "prematch/inducements/", body), 403, "permission_denied")
        ok(post(chooser[side], "prematch/inducements/", body))
    assert ok(bob.get(url))["prematch"]["awaiting"] == "record"
    bad = refused(post(alice, "prematch/", {"weather": [3, 9]}), 400, "refused")
    assert bad["errors"] == ["$.weather[1]: must be at most 6."]
    seen = ok(post(alice, "prematch/", {"weather": [3, 4]}))
    assert seen["status"] == "prematch_done" and actions(seen) == ["save_draft"]
    scheduled.refresh_from_db()
    assert (scheduled.home_petty_cash, scheduled.away_petty_cash, scheduled.home_inducements["items"]) == (
        100_000,
        20_000,
        {"bribes": 1},
    )

    # --- the result: a draft (players by id), refused sheets, submission ---
    body = sheet(humans, orcs)
    wrong = refused(post(alice, "result/", {**body, "result": {"home_score": 1, "away_score": 1}}), 400, "refused")
    assert any("scored 2 touchdowns but the score says 1" in e for e in wrong["errors"])
    refused(post(alice, "result/", {**body, "score": 3}), 400, "refused")  # an unknown field, by the schema
    refused(post(carol, "result/", body), 403, "permission_denied")
    seen = ok(post(alice, "result/", body))
    assert seen["status"] == "draft" and actions(seen) == ["save_draft", "submit"]
    assert seen["result"]["result"]["home_score"] == 2
    assert {(line["player_id"], line["touchdowns"]) for line in seen["result"]["lines"]} >= {(pid(humans, 1), 2)}
    refused(post(carol, "submit/"), 403, "permission_denied")
    refused(Client().post(url + "submit/"), 401, "not_authenticated")  # nobody, no token
    seen = ok(post(alice, "submit/"))
    assert seen["status"] == "submitted" and actions(seen) == ["withdraw"]
    assert actions(ok(bob.get(url))) == ["confirm", "send_back"]
    # Bob may not act for alice's submission, nor alice confirm her own.
    refused(post(bob, "withdraw/"), 403, "permission_denied")
    refused(post(alice, "confirm/"), 403, "permission_denied")
    refused(post(alice, "send-back/", {"reason": "mine"}), 403, "permission_denied")
    refused(post(carol, "confirm/"), 403, "permission_denied")
    # Bob sends it back, alice submits again, withdraws it, submits it once more.
    refused(post(bob, "send-back/", {}), 400, "invalid")
    seen = ok(post(bob, "send-back/", {"reason": "Our casualty was a KO."}))
    assert (seen["status"], seen["sent_back_reason"]) == ("draft", "Our casualty was a KO.")
    ok(post(alice, "submit/"))
    assert ok(post(alice, "withdraw/"))["status"] == "draft"
    ok(post(alice, "submit/"))

    # --- bob confirms: the post-match sequence runs ---
    with django_capture_on_commit_callbacks(execute=True):
        assert ok(post(bob, "confirm/"))["status"] in ("confirmed", "processed")
    seen = ok(alice.get(url))
    assert seen["status"] == "processed", seen["failure_reason"]

    # --- the improvement choice, by alice's script ---
    roll = ImprovementRoll.objects.get(match_id=scheduled.pk, player__team=humans)
    mine = [d for d in seen["decisions"] if d["team"] == humans.pk]
    assert [(d["kind"], d["id"], d["may_choose"]) for d in mine] == [("improvement", roll.pk, True)]
    assert {"action": "decide", "kind": "improvement", "id": str(roll.pk), "url": mine[0]["url"]} in seen["next"]
    choice = mine[0]["options"][0]["key"]
    refused(bob.post(mine[0]["url"], {"choice": choice}, format="json"), 403, "permission_denied")
    refused(alice.post(mine[0]["url"], {"choice": "flying_carpet"}, format="json"), 400, "invalid")
    chosen = ok(alice.post(mine[0]["url"], {"choice": choice}, format="json"))
    assert (chosen["pending"], chosen["options"]) == (False, []) and chosen["detail"]
    roll.refresh_from_db()
    assert roll.advancement_id is not None and (roll.skill in choice or roll.choice in choice)
    refused(alice.post(mine[0]["url"], {"choice": choice}, format="json"), 400, "refused")  # used already

    # Every request was a token's: each records its use.
    assert ApiToken.objects.filter(last_used_at__isnull=True).count() == 0


def test_a_revoked_or_wrong_token_cannot_play(ready_match, coach_alice, humans, orcs):
    secret = token_from_page(coach_alice)
    url = f"/api/matches/{ready_match.pk}/result/"
    body = sheet(humans, orcs)
    refused(
        script(secret[:-1] + ("A" if secret[-1] != "A" else "B")).post(url, body, format="json"),
        401,
        "authentication_failed",
    )
    browser = Client()
    browser.force_login(coach_alice)
    browser.post(f"/accounts/tokens/{ApiToken.objects.get().pk}/revoke/")
    refused(script(secret).post(url, body, format="json"), 401, "authentication_failed")
    ready_match.refresh_from_db()
    assert ready_match.status == Match.Status.PREMATCH_DONE


def test_anyone_reads_a_match_but_sees_no_action(ready_match):
    seen = ok(Client().get(f"/api/matches/{ready_match.pk}/"))
    assert (seen["status"], seen["next"], seen["home"]["name"]) == ("prematch_done", [], ready_match.home.name)
