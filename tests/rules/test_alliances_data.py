"""The alliance matrix as data (alliances.csv with [parameters.alliances]): the shipped Dungeon Bowl
matrix is the spec's (§3.1), and a broken file is refused with its file and line."""

from __future__ import annotations

import pytest

from league.rules import RulesetDataError, load_ruleset
from league.rules.catalogue.alliances import alliance_rules, allied, has_necromancer, stars_for
from league.rules.catalogue.team_building import NewTeam, check_new_team
from league.rules.parameters import AllianceParameters
from league.rules.prematch.inducements import star_allowed
from tests.builders import lrb6_copy

GROUP = """
[parameters.alliances]
enabled = true
first_roster_max = 16
second_roster_max = 6
third_roster_max = 2
reroll_cost = 50000
"""


def test_the_shipped_matrix_is_the_specs_and_symmetric() -> None:
    ruleset = load_ruleset("dungeon_lutece")
    assert ruleset.group(AllianceParameters) == AllianceParameters(True, 16, 6, 2, 50_000)
    assert alliance_rules(ruleset) is not None
    assert len(ruleset.alliances) == 24  # every roster of the table has an LRB6 team list
    assert ruleset.alliances["norse"] == frozenset(
        {"amazon", "chaos", "elf", "dark_elf", "human", "lizardman", "chaos_dwarf", "dwarf", "ogre", "orc"}
        | {"chaos_pact", "skaven", "slann"}
    )
    assert all(allied(ruleset, b, a) for a, allies in ruleset.alliances.items() for b in allies)
    # The document's sample schools are all pairwise allied.
    for school in (
        "amazon slann lizardman",
        "dwarf human halfling",
        "necromantic undead vampire",
        "skaven chaos nurgle",
    ):
        a, b, c = school.split()
        assert allied(ruleset, a, b) and allied(ruleset, b, c) and allied(ruleset, a, c), school
    # The union of the rosters' star players; the Necromancer where no roster may have an apothecary.
    assert {s.key for s in stars_for(ruleset, "skaven", ("chaos", "nurgle"))} >= {
        s.key for s in ruleset.stars_for_team("nurgle")
    }
    assert star_allowed(ruleset, "grashnak_blackhoof", "skaven", ("chaos", "nurgle"))
    assert not star_allowed(ruleset, "grashnak_blackhoof", "skaven")  # a Chaos and Nurgle star only
    assert has_necromancer(ruleset, "khemri", ("undead", "necromantic"))
    assert not has_necromancer(ruleset, "vampire", ("khemri", "undead"))  # Vampires may have an apothecary


def test_a_ruleset_without_the_group_has_no_alliances() -> None:
    ruleset = load_ruleset("lrb6")
    assert ruleset.alliances == {} and alliance_rules(ruleset) is None
    found = check_new_team(ruleset, NewTeam("skaven", {"lineman": 11}, allies=("chaos", "nurgle")))
    assert [v.code for v in found] == ["alliance_unavailable"]


@pytest.mark.parametrize(
    "rows, toml, expected",
    [
        ("skaven,chaos\n", GROUP, "alliances.csv line 2: 'skaven' allies with 'chaos' but no row says 'chaos' allies"),
        ("skaven,chaos\nchaos,skaven\nskaven,elves\n", GROUP, "alliances.csv line 4: unknown team 'elves'"),
        ("skaven,skaven\n", GROUP, "alliances.csv line 2: team 'skaven' cannot ally with itself"),
        ("skaven,chaos\nchaos,skaven\nskaven,chaos\n", GROUP, "alliances.csv line 4: duplicate pair"),
        ("skaven,chaos\nchaos,skaven\n", "", "alliances.csv: alliances need a [parameters.alliances] table"),
        (None, GROUP, "[parameters.alliances] needs the file alliances.csv"),
    ],
)
def test_a_broken_matrix_is_refused_with_its_file_and_line(tmp_path, monkeypatch, rows, toml, expected) -> None:
    append = {"alliances.csv": "team_key,ally_team_key\n" + rows} if rows is not None else {}
    with pytest.raises(RulesetDataError) as info:
        next(lrb6_copy(tmp_path, monkeypatch, "badallies", toml_extra=toml, append=append))
    assert any(expected in problem for problem in info.value.problems), info.value.problems
