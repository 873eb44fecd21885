"""Properties of the standings engine: input order never matters; points are the ledger's sum."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules import Bye, Result, compute_standings
from league.rules.standings import PRESETS, TIE_BREAKERS

from .standings_helpers import teams

TEAMS = "ABCDE"


@st.composite
def _season(draw: st.DrawFn) -> tuple[list[Result | Bye], list[str], dict[str, int]]:
    items: list[Result | Bye] = []
    for number in range(draw(st.integers(0, 14))):
        order = draw(st.integers(1, 6))  # repeated orders: the match key must settle the form
        if draw(st.integers(0, 9)) == 0:
            items.append(Bye(f"bye{number}", order, draw(st.sampled_from(TEAMS))))
            continue
        home, away = draw(st.permutations(TEAMS))[:2]
        flag = draw(st.sampled_from([{}, {}, {}, {"conceded_by": "away"}, {"awarded_to": "home"}]))
        tds = draw(st.lists(st.integers(0, 4), min_size=4, max_size=4))
        items.append(Result(f"m{number}", order, home, away, *tds, **flag))  # type: ignore[arg-type]
    keys = draw(st.permutations(TIE_BREAKERS))[: draw(st.integers(1, len(TIE_BREAKERS)))]
    lots = draw(st.dictionaries(st.sampled_from(TEAMS), st.integers(1, 6)))
    return items, list(keys), lots


@settings(max_examples=150, deadline=None)
@given(_season(), st.sampled_from(sorted(PRESETS)), st.randoms(use_true_random=False))
def test_permuting_results_never_changes_the_table(season, preset, random) -> None:  # type: ignore[no-untyped-def]
    items, keys, lots = season
    scheme = PRESETS[preset]
    registered = teams(TEAMS, {"A": 1_000_000, "B": 1_000_000, "C": 1_200_000, "D": 900_000, "E": 1_000_000})
    table = compute_standings(registered, items, scheme, keys, lots)
    shuffled = list(items)
    random.shuffle(shuffled)
    again = compute_standings(registered, shuffled, scheme, keys, lots)
    assert again.rows == table.rows
    assert again.ledger == table.ledger
    assert again.lots_needed == table.lots_needed

    for row in table.rows:
        entries = table.ledger_of(row.team)
        assert row.points == sum(line.points for entry in entries for line in entry.lines)
        assert row.points_without_bonus == sum(e.base_points for e in entries)
        assert row.played == row.won + row.drawn + row.lost
    positions = [row.position for row in table.rows]
    assert positions == sorted(positions)
    for above, below in zip(table.rows, table.rows[1:], strict=False):
        # Neighbours either share a position, or a key is named for the gap: never a silent order.
        assert (above.position == below.position) == (above.above_next_on is None)
        if "points" in keys and keys[0] == "points":
            assert above.points >= below.points
