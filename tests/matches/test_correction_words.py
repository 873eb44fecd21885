"""What a correction moved, in words (matches/views/correction_words.py): each field of the kept
before-and-after figures (matches.services.history_diff) named in the reader's language, gold and
numbers grouped as the site writes them, a skill or an injury by its name."""

from __future__ import annotations

from django.utils import translation

from league.rules import load_ruleset
from matches.views.correction_words import card_words, moved_words

MOVED = {
    "teams": [
        {
            "id": 7,
            "name": "Reavers",
            "changes": [
                {"field": "treasury", "before": 120_000, "after": 90_000},
                {"field": "fan_factor", "before": 3, "after": 4},
            ],
            "players": [
                {
                    "id": 30,
                    "number": 3,
                    "name": "Grim",
                    "changes": [
                        {"field": "spp", "before": 18, "after": 15},
                        {"field": "advancements", "gained": [], "lost": ["block"]},
                    ],
                },
                {
                    "id": 31,
                    "number": 5,
                    "name": "Olaf",
                    "changes": [
                        {"field": "status", "before": "active", "after": "dead"},
                        {"field": "miss_next_game", "before": True, "after": False},
                        {"field": "injuries", "gained": ["smashed_knee:ma"], "lost": []},
                    ],
                },
            ],
        }
    ],
    "derived": {
        "standings:1": {
            "before": {"season": "Season 1", "rows": [[1, "Reavers", 9], [2, "Gouged Eye", 6]]},
            "after": {"season": "Season 1", "rows": [[1, "Gouged Eye", 9], [2, "Reavers", 6]]},
        },
        "seeding:1": {
            "before": {
                "season": "Season 1",
                "drawn": ["Reavers", "Gouged Eye"],
                "qualified": ["Reavers", "Gouged Eye"],
                "played": True,
            },
            "after": {
                "season": "Season 1",
                "drawn": ["Reavers", "Gouged Eye"],
                "qualified": ["Gouged Eye", "Reavers"],
                "played": True,
            },
        },
    },
    "set_aside": [{"match": 12, "key": "improvement:p30:2", "values": [3, 4], "player": "#3 Grim"}],
    "rolled": [{"match": 12, "key": "improvement:p31:1", "values": [2, 6], "player": "#5 Olaf"}],
}


def worded(lang: str) -> dict:
    with translation.override(lang):
        return moved_words(load_ruleset("lrb6"), MOVED)


def test_the_preview_reads_in_english():
    words = worded("en")
    team = words["teams"][0]
    assert team["changes"] == "treasury 120,000 → 90,000; fan factor 3 → 4"
    assert [(p["label"], p["changes"]) for p in team["players"]] == [
        ("#3 Grim", "SPP 18 → 15, no longer has Block"),
        ("#5 Olaf", "status Active → Dead, no longer misses the next game, injured: Smashed Knee (−MA)"),
    ]
    assert words["derived"] == [
        "Season 1 play-offs: the corrected table would seed Gouged Eye, Reavers; the bracket stays as drawn "
        "(Reavers, Gouged Eye).",
        "Season 1: Gouged Eye from place 2 to 1 (6 → 9 points)",
        "Season 1: Reavers from place 1 to 2 (9 → 6 points)",
    ]
    assert words["set_aside"] == ["improvement roll of #3 Grim (match 12): 3, 4"]
    assert words["rolled"] == ["improvement roll of #5 Olaf (match 12): 2, 6"]
    assert not words["nothing"] and words["refused"] is None


def test_the_preview_reads_in_french():
    team = worded("fr")["teams"][0]
    assert team["changes"] == "trésorerie 120\u00a0000 → 90\u00a0000; popularité 3 → 4"
    assert team["players"][0]["changes"] == "XP 18 → 15, n'a plus Blocage"
    assert team["players"][1]["changes"].startswith("statut Actif → Mort, ne manque plus le prochain match, blessé")


def test_a_refusal_and_nothing_moved():
    ruleset = load_ruleset("lrb6")
    refused = moved_words(ruleset, {"refused": {"match": 4, "reason": "a D6 shows 1 to 6"}})
    assert refused is not None and refused["refused"] == {"match": 4, "reason": "a D6 shows 1 to 6"}
    nothing = moved_words(ruleset, {"teams": [], "derived": {}})
    assert nothing is not None and nothing["nothing"]
    assert moved_words(ruleset, None) is None


def test_the_cards_played_before_and_after_card_by_card():
    ruleset, names = load_ruleset("lrb6"), {3: "#3 Grim", 4: "#4 Ulf"}
    before = [
        {"side": "home", "card": "miracle_worker", "players": [3]},
        {"side": "away", "card": "badyear_git", "players": [4]},
    ]
    after = [
        {"side": "away", "card": "badyear_git", "players": [4]},  # unchanged: not worded
        {"side": "home", "card": "miracle_worker", "players": [4]},
        {"side": "away", "card": "suicide_blitz", "players": []},
    ]
    with translation.override("en"):
        assert card_words(ruleset, before, after, names) == [
            "Miracle Worker: played on #3 Grim → played on #4 Ulf",
            "Suicide Blitz: not played → played",
        ]
        assert card_words(ruleset, before, [], names)[0] == "Miracle Worker: played on #3 Grim → not played"
        assert card_words(ruleset, before, None, names) == []  # inputs that keep the cards as they were
