"""The shipped lrb6 catalogue: counts, names and a few figures checked against seed 000."""

from __future__ import annotations

import pytest

from league.rules import Ruleset, load_ruleset, ruleset_keys


def test_ruleset_identity(rs: Ruleset) -> None:
    assert "lrb6" in ruleset_keys()
    assert rs.key == "lrb6"
    assert rs.version == "crp-fr-correctif19-2014-06-04.1"
    assert load_ruleset("lrb6") is rs  # cached: one shared immutable object


def test_unknown_ruleset_key() -> None:
    with pytest.raises(KeyError, match="unknown ruleset 'nope'"):
        load_ruleset("nope")


def test_counts(rs: Ruleset) -> None:
    assert len(rs.teams) == 24
    assert sum(len(t.positions) for t in rs.teams.values()) == 105
    assert len(rs.skills) == 75
    assert len(rs.inducements) == 9
    assert len(rs.star_players) == 57  # 56 stars; Brick Far'th and Grotty are two rows


def test_every_skill_has_a_french_name(rs: Ruleset) -> None:
    assert all(skill.name_fr for skill in rs.skills.values())
    by_category = {c: sum(1 for s in rs.skills.values() if s.category == c) for c in "GASPME"}
    assert by_category == {"G": 14, "A": 10, "S": 10, "P": 7, "M": 10, "E": 24}


@pytest.mark.parametrize(
    ("key", "fr"),
    [
        ("block", "Blocage"),
        ("mighty_blow", "Châtaigne"),
        ("sure_hands", "Dextérité"),
        ("claw", "Pince / Griffes"),
        ("loner", "Solitaire"),
        ("stand_firm", "Stabilité"),
    ],
)
def test_skill_names(rs: Ruleset, key: str, fr: str) -> None:
    assert rs.skill(key).name("fr") == fr
    assert rs.skill(key).name("fr-CA") == fr
    assert rs.skill(key).name("en") == rs.skill(key).name_en


def test_name_falls_back_to_english_without_french(rs: Ruleset) -> None:
    treeman = rs.team("wood_elf").position("treeman")
    assert treeman.name_fr == ""
    assert treeman.name("fr") == "Treeman"


@pytest.mark.parametrize(
    ("team", "reroll", "apothecary", "necromancer"),
    [
        ("human", 50000, True, False),
        ("orc", 60000, True, False),
        ("dwarf", 50000, True, False),
        ("khemri", 70000, False, False),
        ("necromantic", 70000, False, True),
        ("nurgle", 70000, False, False),
        ("undead", 70000, False, True),
        ("vampire", 70000, True, False),
    ],
)
def test_team_lists(rs: Ruleset, team: str, reroll: int, apothecary: bool, necromancer: bool) -> None:
    t = rs.team(team)
    assert (t.reroll_cost, t.apothecary_allowed, t.necromancer, t.max_rerolls) == (reroll, apothecary, necromancer, 8)


def test_apothecary_forbidden_exactly_for_four_teams(rs: Ruleset) -> None:
    # seed 000 p.17: Khemri, Nurgle, Morts-vivants, Nécromantiques
    assert {k for k, t in rs.teams.items() if not t.apothecary_allowed} == {"khemri", "necromantic", "nurgle", "undead"}


def test_human_positions(rs: Ruleset) -> None:
    human = rs.team("human")
    assert [p.key for p in human.positions] == ["lineman", "catcher", "thrower", "blitzer", "ogre"]
    blitzer = human.position("blitzer")
    assert (blitzer.cost, blitzer.max_count, blitzer.ma, blitzer.st, blitzer.ag, blitzer.av) == (90000, 4, 7, 3, 3, 8)
    assert blitzer.skills == ("block",)
    assert blitzer.normal_categories == frozenset("GS") and blitzer.double_categories == frozenset("AP")
    assert human.position("thrower").name("fr") == "Passeur"  # seed 000 p.2
    assert [p.key for p in human.journeyman_positions] == ["lineman"]
    with pytest.raises(KeyError, match="no position 'troll'"):
        human.position("troll")


def test_every_team_has_a_journeyman_position(rs: Ruleset) -> None:
    assert all(t.journeyman_positions for t in rs.teams.values())


def test_seed_wins_on_french_names(rs: Ruleset) -> None:
    # Team-list headings of seed 000's table of contents, and its spelling "Gobelin".
    assert rs.team("orc").name("fr") == "Orques"
    assert rs.team("khemri").name("fr") == "Khemris"
    assert rs.team("orc").position("goblin").name("fr") == "Gobelin"
    assert rs.team("goblin").name("fr") == "Gobelins"


def test_unknown_team(rs: Ruleset) -> None:
    with pytest.raises(KeyError, match="no team 'elves'"):
        rs.team("elves")


def test_stars_for_team_sorted_by_name(rs: Ruleset) -> None:
    names = [s.name_en for s in rs.stars_for_team("human")]
    assert names == sorted(names, key=str.casefold)
    assert "Griff Oberwald" in names and "Morg 'n' Thorg" in names
    assert all("khemri" not in s.teams for s in rs.stars_for_team("human"))
    assert "Morg 'n' Thorg" not in [s.name_en for s in rs.stars_for_team("undead")]


def test_paired_stars(rs: Ruleset) -> None:
    brick, grotty = rs.star_players["brick_farth"], rs.star_players["grotty"]
    assert (brick.cost, brick.paired_with, grotty.cost, grotty.paired_with) == (290000, "grotty", 0, "brick_farth")


def test_inducement_menu(rs: Ruleset) -> None:
    menu = {k: (i.max_count, i.cost) for k, i in rs.inducements.items()}
    assert menu == {  # seed 000 p.28
        "bloodweiser_babes": (2, 50000),
        "bribes": (3, 100000),
        "extra_training": (4, 100000),
        "halfling_master_chef": (1, 300000),
        "igor": (1, 100000),
        "star_players": (2, None),
        "wandering_apothecaries": (2, 100000),
        "wizard": (1, 150000),
        "mercenaries": (None, None),
    }
    assert rs.inducement("bribes").name("fr") == "Pot de Vin"


def test_rulesets_are_immutable(rs: Ruleset) -> None:
    with pytest.raises(TypeError):
        rs.teams["x"] = rs.team("human")  # type: ignore[index]
    with pytest.raises(AttributeError):
        rs.key = "other"  # type: ignore[misc]
