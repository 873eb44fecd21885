"""Two optional league rules of seed 000 p.34 as engine parameters.

Excluded inducements (L4392-4397): the commissioner removes items from the inducement list.
Short-league winnings (L4472-4479): +10,000 for a loss and +20,000 for a draw or a win, or FAME
doubled in the winnings roll.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from league.rules import Ruleset, RulesetDataError, RulesetParameterError, load_ruleset_from
from league.rules.postmatch.finance import match_winnings, winnings
from league.rules.prematch.induce import InducementOrder, Mercenary, check_inducements


def codes(rs: Ruleset, order: InducementOrder, team: str = "human") -> list[str]:
    found = check_inducements(rs, team_key=team, roster_size=12, order=order, budget=10_000_000)
    return [v.code for v in found]


def test_the_defaults_are_the_rulebook(rs: Ruleset) -> None:
    assert rs.params.excluded_inducements == ()
    assert rs.params.short_league_winnings == "off"
    assert (rs.params.short_league_extra_loss, rs.params.short_league_extra_win_or_draw) == (10_000, 20_000)
    settings = {s.key: s for s in rs.league_settings}
    assert settings["excluded_inducements"].kind == "multi" and settings["excluded_inducements"].default == ()
    assert [c.value for c in settings["excluded_inducements"].choices] == list(rs.inducements)
    wizard = next(c for c in settings["excluded_inducements"].choices if c.value == "wizard")
    assert (wizard.label("en"), wizard.label("fr")) == ("Wizard", "Sorcier")
    assert settings["short_league_winnings"].kind == "choice" and settings["short_league_winnings"].page == "p.34"
    assert [c.value for c in settings["short_league_winnings"].choices] == ["off", "extra", "double_fame"]


def test_an_excluded_list_comes_from_json_as_a_list_and_is_kept_as_a_tuple(rs: Ruleset) -> None:
    ruled = rs.with_overrides({"excluded_inducements": ["wizard", "star_players"]})
    assert ruled.params.excluded_inducements == ("wizard", "star_players")
    hash(ruled.params)  # still immutable


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (["wizard", "dragon"], "names unknown inducements: dragon"),
        (["wizard", "wizard"], "names a key twice"),
        ("wizard", "must be a list of keys"),
        ([1], "must be a list of keys"),
    ],
)
def test_a_wrong_list_is_refused(rs: Ruleset, value: object, message: str) -> None:
    with pytest.raises(RulesetParameterError, match=message):
        rs.with_overrides({"excluded_inducements": value})


def test_the_data_may_not_exclude_an_unknown_inducement(data_copy: Path) -> None:
    path = data_copy / "ruleset.toml"
    path.write_text(path.read_text().replace("excluded_inducements = []", 'excluded_inducements = ["dragon"]'))
    with pytest.raises(RulesetDataError, match="names unknown inducements: dragon"):
        load_ruleset_from(data_copy)


def test_an_excluded_inducement_is_refused_and_the_others_are_not(rs: Ruleset) -> None:
    ruled = rs.with_overrides({"excluded_inducements": ["wizard", "star_players", "mercenaries"]})
    assert codes(ruled, InducementOrder({"wizard": 1})) == ["inducement_excluded"]
    assert codes(ruled, InducementOrder({"wizard": 0, "bribes": 1})) == []  # none ordered: nothing refused
    assert codes(ruled, InducementOrder(stars=("mighty_zug",))) == ["inducement_excluded"]
    assert codes(ruled, InducementOrder(mercenaries=(Mercenary("lineman"),))) == ["inducement_excluded"]
    found = check_inducements(
        ruled, team_key="human", roster_size=12, order=InducementOrder({"wizard": 1}), budget=10_000_000
    )
    assert found[0].params == {"inducement": "wizard"}
    # Without the setting the same orders pass.
    assert codes(rs, InducementOrder({"wizard": 1})) == []
    assert codes(rs, InducementOrder(stars=("mighty_zug",))) == []


@pytest.mark.parametrize(
    ("outcome", "off", "extra", "double_fame"),
    [
        # roll 3, FAME 2: (3 + 2) x 10k, + 10k on a win or a draw
        ("loss", 50_000, 60_000, 70_000),
        ("draw", 60_000, 80_000, 80_000),
        ("win", 60_000, 80_000, 80_000),
    ],
)
def test_short_league_winnings(rs: Ruleset, outcome: str, off: int, extra: int, double_fame: int) -> None:
    assert winnings(rs, roll=3, fame=2, outcome=outcome) == off
    assert winnings(rs.with_overrides({"short_league_winnings": "extra"}), roll=3, fame=2, outcome=outcome) == extra
    doubled = rs.with_overrides({"short_league_winnings": "double_fame"})
    assert winnings(doubled, roll=3, fame=2, outcome=outcome) == double_fame


def test_short_league_extra_is_doubled_in_a_final_and_nothing_for_a_conceder(rs: Ruleset) -> None:
    extra = rs.with_overrides({"short_league_winnings": "extra"})
    assert winnings(extra, roll=3, fame=0, outcome="win", multiplier=2) == (30_000 + 10_000 + 20_000) * 2
    assert winnings(extra, roll=3, fame=0, outcome="loss", conceded=True) == 0
    result = match_winnings(extra, home_roll=1, home_fame=0, away_roll=1, away_fame=0, home_score=2, away_score=0)
    assert (result.home.received, result.away.received) == (10_000 + 10_000 + 20_000, 10_000 + 10_000)
    assert winnings(extra.with_overrides({"short_league_extra_loss": 20_000}), roll=1, fame=0, outcome="loss") == 30_000


def test_double_fame_with_no_fame_changes_nothing(rs: Ruleset) -> None:
    doubled = rs.with_overrides({"short_league_winnings": "double_fame"})
    assert winnings(doubled, roll=4, fame=0, outcome="win") == winnings(rs, roll=4, fame=0, outcome="win")


def test_an_unknown_short_league_mode_is_refused(rs: Ruleset) -> None:
    with pytest.raises(RulesetParameterError, match="must be one of off, extra, double_fame"):
        rs.with_overrides({"short_league_winnings": "triple"})
