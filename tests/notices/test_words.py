"""Every event kind is worded in English and in French from its params (league/notices/words.py)."""

from __future__ import annotations

import pytest
from django.utils import translation

from league.core.events import KINDS
from league.notices.words import detail, message

PARAMS = {
    "home": "Reavers",
    "away": "Raiders",
    "home_score": 2,
    "away_score": 1,
    "team": "Reavers",
    "decision": "dice",
    "season": "Spring 2497",
    "round": 3,
}


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_reads_in_english_and_in_french(kind):
    with translation.override("en"):
        english = message(kind, PARAMS)
    with translation.override("fr"):
        french = message(kind, PARAMS)
    for words in (english, french):
        assert "…" not in words and "%(" not in words and words != kind
    assert english != french


def test_a_missing_param_and_a_reason():
    assert message("season.started", {}) == "… has started."
    with translation.override("fr"):
        assert (
            message("decision.waiting", {"team": "Reavers", "decision": "dice"})
            == "Reavers : un dé à saisir vous attend."
        )
        assert detail({"reason": "Mauvais score"}) == "Motif\u00a0: Mauvais score"
    assert detail({}) == ""
