"""What a correction moved, in words (matches/views/correction_words.py): each field of the kept
before-and-after figures (matches.services.history_diff) named in the reader's language, gold and
numbers grouped as the site writes them, a skill or an injury by its name."""

from __future__ import annotations

from django.utils import translation

from league.rules import load_ruleset
from matches.views.correction_words import moved_words

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
    "derived": {"standings:season-1": {"before": ["Reavers", "Gouged Eye"], "after": ["Gouged Eye", "Reavers"]}},
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
        {"name": "standings:season-1", "before": "Reavers, Gouged Eye", "after": "Gouged Eye, Reavers"}
    ]
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
