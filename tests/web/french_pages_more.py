"""The teams', matches', catalogue's, accounts', play-offs', challenges' and trophies' pages
requested in French (tests/web/test_french_pages.py)."""

from __future__ import annotations

import json

from django.urls import reverse

from tests.web.french_world import (
    Page,
    World,
    challenge_url,
    challenges_url,
    first_player,
    playoff_form,
    playoffs_url,
    slug,
    team_form,
    trophies_url,
)


def token_revoke_url(w: World) -> str:
    """The revoke page of a new token of alice's."""
    from league.accounts.tokens import token_create

    return reverse("accounts:token_revoke", args=[token_create(user=w.users["alice"], name="bot").token.pk])


PAGES = [
    # teams
    Page("teams:mine", "alice", lambda w: reverse("teams:mine")),
    Page("teams:detail", None, lambda w: reverse("teams:detail", args=[w.team("alice").pk])),
    Page("teams:charts", None, lambda w: reverse("teams:charts", args=[w.team("alice").pk])),
    Page("teams:detail", "alice", lambda w: reverse("teams:detail", args=[w.team("alice").pk]), note="manager"),
    Page("teams:detail", "commissioner", lambda w: reverse("teams:detail", args=[w.team("bob").pk]), note="ledger"),
    Page("teams:detail", "alice", lambda w: reverse("teams:detail", args=[w.draft_team.pk]), note="a draft"),
    Page(
        "teams:player",
        None,
        lambda w: reverse(
            "teams:player", args=[w.processed.home_id, w.processed.lines.filter(side="home").first().player_id]
        ),
        note="a career",
    ),
    Page("teams:export", None, lambda w: reverse("teams:export", args=[w.team("alice").pk]), note="JSON"),
    Page("teams:edit", "alice", lambda w: reverse("teams:edit", args=[w.draft_team.pk])),
    Page(
        "teams:edit_fields",
        "alice",
        lambda w: reverse("teams:edit_fields", args=[w.draft_team.pk]),
        lambda w: team_form("lizardman", [("skink", "Kix")], name="Half Built"),
    ),
    Page(
        "teams:edit_preview",
        "alice",
        lambda w: reverse("teams:edit_preview", args=[w.draft_team.pk]),
        lambda w: team_form("lizardman", [("skink", "Kix")], name="Half Built"),
    ),
    Page("teams:ready", "alice", lambda w: reverse("teams:ready", args=[w.draft_team.pk]), lambda w: {}),
    Page("teams:retire", "alice", lambda w: reverse("teams:retire", args=[w.team("alice").pk])),
    Page(
        "teams:player_hire",
        "bob",
        lambda w: reverse("teams:player_hire", args=[w.team("bob").pk]),
        lambda w: {"position": "troll", "number": "", "name": "Second troll"},
        note="refusals, one with a count",
    ),
    Page(
        "teams:player_fire",
        "alice",
        lambda w: reverse("teams:player_fire", args=[w.team("alice").pk, first_player(w).pk]),
    ),
    Page(
        "teams:player_rename",
        "alice",
        lambda w: reverse("teams:player_rename", args=[w.team("alice").pk, first_player(w).pk]),
    ),
    Page("teams:buy_reroll", "alice", lambda w: reverse("teams:buy_reroll", args=[w.team("alice").pk]), lambda w: {}),
    Page(
        "teams:staff_hire",
        "alice",
        lambda w: reverse("teams:staff_hire", args=[w.team("alice").pk, "cheerleaders"]),
        lambda w: {},
    ),
    Page(
        "teams:staff_fire",
        "alice",
        lambda w: reverse("teams:staff_fire", args=[w.team("alice").pk, "assistant_coaches"]),
    ),
    Page(
        "teams:treasury_reverse",
        "commissioner",
        lambda w: reverse("teams:treasury_reverse", args=[w.team("bob").pk, w.team("bob").ledger.first().pk]),
    ),
    # matches
    Page("matches:list", None, lambda w: reverse("matches:list")),
    Page("matches:list", "commissioner", lambda w: reverse("matches:list") + f"?league={slug(w)}", note="filtered"),
    Page("matches:schedule", "commissioner", lambda w: reverse("matches:schedule", args=[slug(w)])),
    Page("matches:improvement", "alice", lambda w: reverse("matches:improvement", args=[w.roll.pk])),
    Page(
        "matches:decision",
        "alice",
        lambda w: reverse("matches:decision", args=["improvement", w.roll.pk]),
        note="the improvement, on the page of every decision kind",
    ),
    Page("matches:detail", None, lambda w: reverse("matches:detail", args=[w.processed.pk]), note="processed"),
    Page("matches:detail", "alice", lambda w: reverse("matches:detail", args=[w.processed.pk]), note="a coach"),
    Page("matches:detail", "carol", lambda w: reverse("matches:detail", args=[w.scheduled.pk]), note="scheduled"),
    Page("matches:detail", "erin", lambda w: reverse("matches:detail", args=[w.prematch_done.pk]), note="ready"),
    Page("matches:detail", "carol", lambda w: reverse("matches:detail", args=[w.submitted.pk]), note="submitted"),
    Page("matches:status", None, lambda w: reverse("matches:status", args=[w.processed.pk])),
    Page("matches:prematch", "carol", lambda w: reverse("matches:prematch", args=[w.scheduled.pk])),
    Page(
        "matches:prematch",
        "carol",
        lambda w: reverse("matches:prematch", args=[w.scheduled.pk]),
        lambda w: {
            "weather_source": "server",
            "home_petty_cash": "0",
            "away_petty_cash": "0",
            "home_item_bribes": "5",
            "away_item_wandering_apothecaries": "3",
        },
        note="inducement refusals",
    ),
    Page(
        "matches:inducements",
        "carol",
        lambda w: reverse("matches:inducements", args=[w.scheduled.pk]),
        lambda w: {"side": "home", "home_item_bribes": "5"},
        note="before the petty cash",
    ),
    Page(
        "matches:prematch_budget",
        "carol",
        lambda w: reverse("matches:prematch_budget", args=[w.scheduled.pk]),
        lambda w: {"side": "home", "home_item_bribes": "5"},
    ),
    Page("matches:result", "erin", lambda w: reverse("matches:result", args=[w.prematch_done.pk])),
    Page(
        "matches:result",
        "erin",
        lambda w: reverse("matches:result", args=[w.prematch_done.pk]),
        lambda w: {"home_score": "x", "away_score": "-1", "home_fame": "7", "action": "save"},
        note="refused input",
    ),
    Page("matches:dice", "erin", lambda w: reverse("matches:dice", args=[w.submitted.pk])),
    Page("matches:submit", "erin", lambda w: reverse("matches:submit", args=[w.prematch_done.pk]), lambda w: {}),
    Page("matches:confirm", "carol", lambda w: reverse("matches:confirm", args=[w.submitted.pk])),
    Page("matches:send_back", "carol", lambda w: reverse("matches:send_back", args=[w.submitted.pk])),
    Page("matches:withdraw", "erin", lambda w: reverse("matches:withdraw", args=[w.submitted.pk])),
    Page("matches:retry", "commissioner", lambda w: reverse("matches:retry", args=[w.processed.pk]), lambda w: {}),
    Page("matches:correct", "commissioner", lambda w: reverse("matches:correct", args=[w.processed.pk])),
    Page(
        "matches:correct",
        "commissioner",
        lambda w: reverse("matches:correct", args=[w.processed.pk]),
        lambda w: {"action": "void", "void-reason": ""},
        note="a void without its reason",
    ),
    Page(
        "matches:correction", "commissioner", lambda w: reverse("matches:correction", args=[w.extra["correction"].pk])
    ),
    Page("match_import:upload", "alice", lambda w: reverse("match_import:upload")),
    Page(
        "match_import:upload",
        "alice",
        lambda w: reverse("match_import:upload"),
        lambda w: {"text": json.dumps({"format_version": 1, "league": "nowhere", "home": "A", "away": "B"})},
        note="a refused report",
        status=400,
    ),
    # the roster catalogue
    Page("catalogue:index", None, lambda w: reverse("catalogue:index")),
    Page("catalogue:team_options", None, lambda w: reverse("catalogue:team_options") + "?ruleset=lrb6"),
    Page("catalogue:team", None, lambda w: reverse("catalogue:team", args=["lrb6", "human"])),
    Page("catalogue:team", None, lambda w: reverse("catalogue:team", args=["lrb6", "chaos_pact"]), note="M and E"),
    # the ruleset pages
    Page("rulesets:index", None, lambda w: reverse("rulesets:index")),
    Page("rulesets:detail", None, lambda w: reverse("rulesets:detail", args=["lrb6"])),
    Page("rulesets:cards", None, lambda w: reverse("rulesets:cards", args=["lrb6"])),
    Page(
        "rulesets:cards",
        None,
        lambda w: reverse("rulesets:cards", args=["pbbl110"]) + "?deck=good_karma&timing=PRE",
        note="filtered",
    ),
    Page(
        "rulesets:cards",
        None,
        lambda w: reverse("rulesets:cards", args=["lrb6"]) + "?deck=desperate_measures&timing=TM",
        note="no card left",
    ),
    # accounts
    Page("login", None, lambda w: reverse("login")),
    Page(
        "login",
        None,
        lambda w: reverse("login"),
        lambda w: {"username": "alice", "password": "wrong"},
        note="refused",
    ),
    Page("logout", "alice", lambda w: reverse("logout"), lambda w: {}),
    Page("signup", None, lambda w: reverse("signup")),
    Page("signup", None, lambda w: reverse("signup"), lambda w: {"username": "x"}, note="refused"),
    Page("accounts:tokens", "alice", lambda w: reverse("accounts:tokens"), lambda w: {"name": "bot"}, note="made"),
    Page("accounts:tokens", "alice", lambda w: reverse("accounts:tokens"), note="a token listed"),
    Page("accounts:token_revoke", "alice", lambda w: token_revoke_url(w)),
    Page("accounts:token_revoke", "alice", lambda w: token_revoke_url(w), lambda w: {}, note="revoked"),
    # play-offs (a season in its regular season, every ready team approved, nobody has played yet)
    Page("league:season_playoffs", "commissioner", lambda w: playoffs_url(w), note="the creation form"),
    Page(
        "league:season_playoffs",
        "commissioner",
        lambda w: playoffs_url(w),
        lambda w: playoff_form(w, action="preview"),
        note="the qualifiers' preview",
    ),
    Page(
        "league:season_playoffs",
        "commissioner",
        lambda w: playoffs_url(w),
        # The demo's one result puts the Reavers first and three teams level second: two places cut them.
        lambda w: {**playoff_form(w, action="preview"), "qualification": "standings", "size": "2"},
        status=400,
        note="a tie at the cut",
    ),
    Page(
        "league:season_playoffs",
        "commissioner",
        lambda w: playoffs_url(w),
        lambda w: {**playoff_form(w, action="preview"), "size": "60"},
        status=400,
        note="too many teams",
    ),
    Page(
        "league:season_playoffs",
        "commissioner",
        lambda w: playoffs_url(w),
        lambda w: playoff_form(w, action="confirm", seeding="draw"),
        note="created",
    ),
    Page("league:season_playoffs", None, lambda w: playoffs_url(w), note="the bracket"),
    # challenges: the demo season's, waiting, late and replaced
    Page("league:season_challenges", None, lambda w: challenges_url(w)),
    Page("league:season_challenges", "bob", lambda w: challenges_url(w), note="answers"),
    Page("league:season_challenges", "commissioner", lambda w: challenges_url(w), note="rulings"),
    Page(
        "league:season_challenges",
        "dave",
        lambda w: challenges_url(w),
        lambda w: {"challenger": w.team("dave").pk, "challenged": w.team("dave").pk},
        status=400,
        note="a team challenging itself",
    ),
    Page(
        "league:season_challenges",
        "alice",
        lambda w: challenges_url(w),
        lambda w: {"challenger": w.team("alice").pk, "challenged": w.team("dave").pk},
        status=400,
        note="the weekly limit",
    ),
    Page(
        "league:challenge_answer",
        "bob",
        lambda w: challenge_url(w, "challenge_answer", "challenge_waiting"),
        lambda w: {"action": "refuse"},
        note="asked to confirm a refusal",
    ),
    Page(
        "league:challenge_answer",
        "erin",
        lambda w: challenge_url(w, "challenge_answer", "challenge_replaced"),
        lambda w: {"action": "decline"},
        note="asked to confirm declining the replacement",
    ),
    Page(
        "league:challenge_answer",
        "bob",
        lambda w: challenge_url(w, "challenge_answer", "challenge_late"),
        lambda w: {"action": "accept"},
        status=400,
        note="a late answer",
    ),
    Page(
        "league:challenge_rule",
        "commissioner",
        lambda w: challenge_url(w, "challenge_rule", "challenge_waiting"),
        lambda w: {"ruling": "award", "reason": "Pas de réponse"},
        status=400,
        note="not late yet",
    ),
    Page(
        "league:challenge_rule",
        "commissioner",
        lambda w: challenge_url(w, "challenge_rule", "challenge_late"),
        lambda w: {"ruling": "award", "reason": "Pas de réponse"},
        note="the win awarded",
    ),
    Page(
        "league:challenge_answer",
        "bob",
        lambda w: challenge_url(w, "challenge_answer", "challenge_waiting"),
        lambda w: {"action": "refuse", "confirmed": "1"},
        note="refused: 2-0",
    ),
    # the league's roster catalogue: read by all, edited by the commissioner, a refusal
    Page("league:roster_catalogue", None, lambda w: reverse("league:roster_catalogue", args=[slug(w)])),
    Page(
        "league:roster_catalogue",
        "commissioner",
        lambda w: reverse("league:roster_catalogue", args=[slug(w)]) + "?team=human",
        note="the commissioner's forms",
    ),
    Page(
        "league:roster_catalogue",
        "commissioner",
        lambda w: reverse("league:roster_catalogue", args=[slug(w)]),
        lambda w: {
            "team": "human",
            "ref": "position:human:lineman",
            "action": "save",
            "ma": "12",
            "st": "3",
            "ag": "3",
            "av": "8",
        },
        note="a refused profile",
    ),
    # trophies: the roll of honour, the commissioner's forms, a refusal, a minor tournament
    Page("league:trophies", None, lambda w: trophies_url(w)),
    Page("league:trophies", "commissioner", lambda w: trophies_url(w), note="the commissioner's forms"),
    Page(
        "league:trophies",
        "commissioner",
        lambda w: trophies_url(w),
        lambda w: {
            "action": "define",
            "define-name": "Coupe LA",
            "define-prize_winner": "900000",
            "define-prize_runner_up": "0",
        },
        status=400,
        note="a prize over the cap",
    ),
    Page(
        "league:trophies",
        "commissioner",
        lambda w: trophies_url(w),
        lambda w: {
            "action": "define",
            "define-name": "Coupe LA",
            "define-prize_winner": "80000",
            "define-prize_runner_up": "40000",
        },
        note="a minor tournament defined",
    ),
    Page("league:trophies", "alice", lambda w: trophies_url(w), lambda w: {"action": "define"}, status=403),
]
