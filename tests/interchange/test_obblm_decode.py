"""The OBBLM 0.8+ sample league (docs/examples/obblm-lrb6.sql) read and decoded, checked against the
hand-computed facts of docs/examples/README.md."""

from __future__ import annotations

from datetime import datetime

from league.interchange.obblm import recompute
from league.interchange.snapshot import Source
from league.interchange.sqldump import read_dump
from league.rules import load_ruleset

from .obblm_samples import EXAMPLES, P, T, player, sample

LRB6 = load_ruleset("lrb6")


def test_the_version_is_detected_and_the_league_named():
    snap = sample("obblm-lrb6")
    assert (snap.version, snap.version_detected, snap.ruleset) == ("obblm-lrb6", True, "lrb6")
    assert snap.league_name == "Loire Valley League"
    assert (len(snap.coaches), len(snap.teams), len(snap.players)) == (4, 4, 26)


def test_coaches_come_without_passwords_and_with_their_names_repaired():
    snap = sample("obblm-lrb6")
    assert [c.name for c in snap.coaches] == ["Jörg", "alice", "bruno", "chloe"]
    assert snap.coaches[0].real_name == "Jörg Weber" and snap.coaches[3].retired
    assert not any("5f4dcc3b" in str(vars(c)) for c in snap.coaches)
    repaired = {(r.source, r.column): (r.before, r.after) for r in snap.repairs}
    assert repaired[(Source("coaches", 1), "name")] == ("JÃ¶rg", "Jörg")


def test_teams_carry_money_staff_starting_records_and_cached_columns():
    snap = sample("obblm-lrb6")
    teams = {t.source.id: t for t in snap.teams}
    assert [teams[i].race for i in (1, 2, 3, 4)] == ["human", "orc", "dwarf", "wood_elf"]
    assert teams[2].name == "Orcs & <Gobbos>" and teams[2].coach == Source("coaches", 2)
    assert (teams[1].treasury, teams[1].rerolls, teams[1].fan_factor_bought) == (120000, 3, 3)
    assert (teams[3].assistant_coaches, teams[2].cheerleaders, teams[4].apothecary) == (2, 2, True)
    assert teams[3].starting_record == {
        "won_0": 3, "lost_0": 1, "draw_0": 2, "played_0": 6, "wt_0": 0, "gf_0": 7, "ga_0": 4,
    }  # fmt: skip
    assert teams[1].division == "Division A"
    assert teams[2].cached["ff"] == 3 and teams[4].cached["won"] == 3


def test_players_positions_skills_gains_and_their_history():
    snap = sample("obblm-lrb6")
    dieter = player(snap, "Dieter Hammerlash")
    assert dieter.position == "blitzer" and dieter.skills == ["tackle", "dodge"]
    assert dieter.skill_kinds == {"tackle": "N", "dodge": "D"} and dieter.extra_spp == 2
    # The position's own skills (Block) are the ruleset's, not the player's gains.
    assert "block" not in dieter.skills
    assert player(snap, "Fritz Lang").skills == ["kick_off_return"]  # skill id 7 in OBBLM
    assert player(snap, "Gorbag").position == "black_orc_blocker"  # pos 123 in OBBLM
    assert player(snap, "Gorbag").stat_gains == {"ma": 0, "st": 1, "ag": 0, "av": 0}
    assert player(snap, "Brak Bonecrusher").position == "ogre"  # pos 94 in OBBLM
    assert player(snap, "Jorn the Loaned").journeyman
    assert player(snap, "Ugluk").left == datetime(2026, 2, 15, 10, 0)
    assert (
        player(snap, "Hans Kessler").hired == datetime(2025, 12, 5, 18, 0) and player(snap, "Hans Kessler").left is None
    )
    assert player(snap, "Nibbler").cached["status"] == "dead"


def test_tours_matches_and_lines():
    snap = sample("obblm-lrb6")
    assert [(t.name, t.kind) for t in snap.tours] == [("Season 1", "round_robin"), ("Season 1 Final", "free")]
    assert [m.source.id for m in snap.matches] == [1, 2, 3, 4, 5, 6, 7]  # never the placeholder -1
    first, final = snap.matches[0], snap.matches[-1]
    assert (first.home, first.away, first.home_score, first.away_score) == (T(1), T(2), 2, 1)
    assert (first.gate, first.home_winnings, first.away_winnings) == (34000, 60000, 50000)
    assert (first.home_ff_change, first.away_ff_change, first.played) == (1, -1, datetime(2026, 1, 10, 20, 0))
    assert final.round == 255 and final.tour == Source("tours", 2)
    lines = {line.player: line for line in first.lines}
    assert len(first.lines) == 13
    assert lines[P(5)].touchdowns == 1 and lines[P(5)].mvp == 1 and lines[P(5)].improvement_dice == [(4, 3)]
    assert lines[P(13)].injury == "dead" and lines[P(6)].kills == 1 and lines[P(6)].casualties == 1
    hans = {
        m.source.id: next(x for x in m.lines if x.player == P(1))
        for m in snap.matches
        if m.home == T(1) or m.away == T(1)
    }
    assert hans[3].injury == "broken_ribs"  # MNG: the first miss-next-game casualty of the table
    assert hans[5].missed_game and not hans[7].missed_game


def test_the_placeholder_match_gives_imported_totals_and_a_star_is_dropped():
    snap = sample("obblm-lrb6")
    totals = {t.player: t.line for t in snap.imported_totals}
    assert set(totals) == {P(15), P(16), P(17), P(18), P(19), P(20)}
    assert all(t.team == T(3) for t in snap.imported_totals)
    assert totals[P(15)].touchdowns == 3 and totals[P(19)].casualties == 4
    assert totals[P(19)].injuries_more == ["damaged_back"]  # agn1 = NI
    assert [(u.source, u.reason, u.params, u.blocking) for u in snap.unmapped] == [
        (Source("match_data", 6), "star player or mercenary: no roster player", {"player_id": -5, "team_id": 3}, False)
    ]


def test_the_recount_matches_the_hand_computed_totals():
    snap = sample("obblm-lrb6")
    counts = recompute.players(snap, LRB6)
    spp = {p.name.split()[0]: counts[p.source].spp for p in snap.players}
    assert spp == {
        "Hans": 0, "Otto": 0, "Fritz": 6, "Griff": 8, "Dieter": 18, "Brak": 9, "Jorn": 0,
        "Grishnak": 3, "Ugluk": 0, "Gorbag": 9, "Varag": 11, "Snaga": 6, "Nibbler": 0, "Bonk": 2,
        "Grimli": 19, "Thorin": 5, "Balin": 8, "Gimrik": 14, "Gotrek": 20, "The": 2,
        "Aelin": 3, "Faelar": 0, "Ithil": 17, "Lorien": 3, "Vaelis": 15, "Oakheart": 7,
    }  # fmt: skip
    assert counts[P(1)].games == 3 and counts[P(7)].games == 2 and counts[P(15)].games == 3
    assert counts[P(13)].injuries == {"dead": 1} and counts[P(16)].injuries == {"st": 1}
    assert counts[P(19)].injuries == {"ni": 1} and counts[P(22)].injuries == {"av": 1}


def test_the_standings_per_tour_match_the_readme():
    records = recompute.team_records(sample("obblm-lrb6"))
    season = Source("tours", 1)
    got = {t: (r.won, r.draw, r.lost, r.gf, r.ga, r.cas) for (t, tour), r in records.items() if tour == season}
    assert got == {
        T(4): (2, 1, 0, 4, 1, 1),
        T(1): (1, 1, 1, 3, 3, 1),
        T(2): (1, 0, 2, 3, 5, 3),
        T(3): (0, 2, 1, 3, 4, 2),
    }
    totals = recompute.team_totals(sample("obblm-lrb6"))
    assert (totals[T(1)].won, totals[T(1)].draw, totals[T(1)].lost, totals[T(1)].gf, totals[T(1)].ga) == (1, 1, 2, 4, 5)
    assert (totals[T(4)].won, totals[T(4)].played, totals[T(4)].gf, totals[T(4)].ga) == (3, 4, 6, 2)


def test_the_diff_explains_the_three_stale_cached_columns():
    found = recompute.diff(sample("obblm-lrb6"), LRB6)
    assert [(d.source, d.column, d.cached, d.computed) for d in found] == [
        (P(5), "spp", 11, 16),
        (P(21), "inj_ni", 0, 1),
        (T(2), "ff", 3, 2),
    ]
    assert all(d.reason for d in found)


def test_the_samples_are_short_and_read_without_warnings():
    servers = {}
    for path in sorted(EXAMPLES.glob("*.sql")):
        assert len(path.read_text(encoding="utf-8").splitlines()) < 400, path.name
        dump = read_dump(path.read_bytes())
        assert dump.warnings == [], path.name
        servers[path.stem] = dump.server
    # naflm.sql starts with MariaDB's sandbox line; obblm-old-names.sql has one row per INSERT.
    assert servers == {"naflm": "mariadb", "obblm-lrb6": "mysql", "obblm-old-names": "mysql"}


def test_only_the_double_encoded_names_are_repaired():
    snap = sample("obblm-lrb6")
    assert {r.after for r in snap.repairs} == {"Jörg", "Jörg Weber"}
    assert snap.coaches[3].real_name == "Chloé Durand" and sample("naflm").repairs == []
