"""The statistics pages on a small league whose figures are worked out by hand
(tests/stats/conftest.py), read through the pages as a visitor would."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def rows_of(response) -> list[dict[str, str]]:
    """The CSV export as dicts (header -> cell), checking the byte-order mark Excel needs."""
    assert response["Content-Type"].startswith("text/csv")
    raw = response.content
    assert raw.startswith("\ufeff".encode())
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))


def url(small, name: str, **query: str) -> str:
    base = reverse(f"league:{name}", args=[small.league.slug])
    return base + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def test_the_league_home_links_to_the_statistics(client, small):
    page = client.get(reverse("league:detail", args=[small.league.slug])).content.decode()
    assert f'href="{url(small, "stats")}"' in page


def test_leaders_all_time_by_hand(client, small):
    rows = rows_of(client.get(url(small, "stats", format="csv")))
    assert [(r["Player"], r["Team"]) for r in rows] == [
        ("B1", "Gouged Eye"),
        ("A1", "Reavers"),
        ("A2", "Reavers"),
        ("B2", "Gouged Eye"),
    ]
    figures = {
        r["Player"]: tuple(
            int(r[k])
            for k in ("Matches", "Touchdowns", "Casualties caused", "Completions", "Interceptions", "MVPs", "SPP")
        )
        for r in rows
    }
    assert figures == {
        "B1": (3, 4, 2, 0, 0, 2, 26),
        "A1": (2, 3, 1, 1, 0, 1, 17),
        "A2": (1, 0, 3, 0, 1, 1, 13),
        "B2": (2, 0, 0, 0, 0, 1, 5),
    }
    page = client.get(url(small, "stats"))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="leaders-table"' in html
    # The leader of each figure above the table: B1 for touchdowns (4), A2 for casualties (3).
    assert '<div class="fw-bold" data-stat="touchdowns">4</div>' in html
    assert '<div class="fw-bold" data-stat="casualties">3</div>' in html


def test_leaders_of_a_season(client, small):
    one = rows_of(client.get(url(small, "stats", season="1", format="csv")))
    assert [(r["Player"], r["SPP"], r["Matches"]) for r in one] == [
        ("A1", "17", "2"),
        ("A2", "13", "1"),
        ("B1", "12", "2"),
        ("B2", "5", "2"),
    ]
    two = rows_of(client.get(url(small, "stats", season="2", format="csv")))
    # The confirmed but unprocessed match (A1's 5 touchdowns) counts nowhere.
    assert [(r["Player"], r["Touchdowns"], r["MVPs"], r["SPP"]) for r in two] == [("B1", "3", "1", "14")]
    assert client.get(url(small, "stats", season="9")).status_code == 404
    assert client.get(url(small, "stats", season="x")).status_code == 404


@pytest.mark.parametrize(
    "column,header,expected",
    [
        ("name", "Player", ["A1", "A2", "B1", "B2"]),
        ("team_name", "Team", ["B1", "B2", "A1", "A2"]),  # Gouged Eye before Reavers; default order kept
        ("matches", "Matches", ["B1", "A1", "B2", "A2"]),
        ("touchdowns", "Touchdowns", ["B1", "A1", "A2", "B2"]),
        ("casualties", "Casualties caused", ["A2", "B1", "A1", "B2"]),
        ("completions", "Completions", ["A1", "B1", "A2", "B2"]),
        ("interceptions", "Interceptions", ["A2", "B1", "A1", "B2"]),
        ("mvps", "MVPs", ["B1", "A1", "A2", "B2"]),
        ("spp", "SPP", ["B1", "A1", "A2", "B2"]),
    ],
)
def test_leaders_sort_by_each_column(client, small, column, header, expected):
    rows = rows_of(client.get(url(small, "stats", sort=column, format="csv")))
    assert [r["Player"] for r in rows] == expected
    page = client.get(url(small, "stats", sort=column)).content.decode()
    assert f'data-column="{column}" aria-sort=' in page
    shown = [p for p in ("A1", "A2", "B1", "B2") if f">{p}</a>" in page]
    assert sorted(shown, key=lambda p: page.index(f">{p}</a></td>")) == expected


def test_a_bad_sort_value_is_ignored_with_a_message(client, small):
    response = client.get(url(small, "stats", sort="password"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="sort-message"' in html and "cannot be sorted by “password”" in html
    rows = rows_of(client.get(url(small, "stats", sort="__class__", format="csv")))
    assert [r["Player"] for r in rows] == ["B1", "A1", "A2", "B2"]
    # On every table: a 200 with the message, never a 500.
    for name in ("stats_records", "stats_hall_of_fame", "stats_cemetery"):
        response = client.get(url(small, name, sort="d68';--"))
        assert response.status_code == 200
        assert 'id="sort-message"' in response.content.decode()


def test_records_by_hand(client, small):
    rows = rows_of(client.get(url(small, "stats_records", format="csv")))
    got = {}
    for r in rows:
        got.setdefault((r["Record"], r["In"]), []).append((r["Value"], r["Player"], r["Match or season"]))
    assert got[("Touchdowns", "One match")] == [("3", "B1", "Gouged Eye – Reavers")]
    # Shared: A1's 3 in season 1, B1's 3 in season 2.
    assert got[("Touchdowns", "One season")] == [("3", "A1", "Season 1"), ("3", "B1", "Season 2")]
    assert got[("Casualties caused", "One match")] == [("3", "A2", "Reavers – Gouged Eye")]
    assert got[("Casualties caused", "One season")] == [("3", "A2", "Season 1")]
    assert got[("Completions", "One match")] == [("1", "A1", "Reavers – Gouged Eye")]
    assert got[("Interceptions", "One season")] == [("1", "A2", "Season 1")]
    assert {v for v, _p, _w in got[("MVPs", "One match")]} == {"1"}
    # 14 SPP in one match twice: A1 in the first, B1 in the third.
    assert got[("SPP", "One match")] == [("14", "A1", "Reavers – Gouged Eye"), ("14", "B1", "Gouged Eye – Reavers")]
    assert got[("SPP", "One season")] == [("17", "A1", "Season 1")]
    by_value = rows_of(client.get(url(small, "stats_records", sort="value", format="csv")))
    assert by_value[0]["Value"] == "17"
    page = client.get(url(small, "stats_records"))
    assert page.status_code == 200 and 'id="records-table"' in page.content.decode()


def test_hall_of_fame_with_status(client, small):
    rows = rows_of(client.get(url(small, "stats_hall_of_fame", format="csv")))
    assert [(r["Player"], r["Team"], r["Status"], r["SPP"]) for r in rows] == [
        ("B1", "Gouged Eye", "Active", "26"),
        ("A1", "Reavers", "Active", "17"),
        ("A2", "Reavers", "Active", "13"),
        ("B2", "Gouged Eye", "Dead", "5"),
    ]
    by_status = rows_of(client.get(url(small, "stats_hall_of_fame", sort="status_label", format="csv")))
    assert [r["Player"] for r in by_status] == ["B1", "A1", "A2", "B2"]
    page = client.get(url(small, "stats_hall_of_fame"))
    assert page.status_code == 200 and 'id="hall-table"' in page.content.decode()


def test_cemetery_with_career_and_death(client, small):
    rows = rows_of(client.get(url(small, "stats_cemetery", format="csv")))
    assert rows == [
        {
            "Player": "B2",
            "Team": "Gouged Eye",
            "Matches": "2",
            "SPP": "5",
            "Touchdowns": "0",
            "Casualties caused": "0",
            "Died of": "DEAD",
            "D68": "63",
            "In the match": "Reavers – Gouged Eye",
            "Date": small.matches[1].played_on.isoformat(),
        }
    ]
    html = client.get(url(small, "stats_cemetery")).content.decode()
    assert reverse("matches:detail", args=[small.matches[1].pk]) in html


def test_a_processed_match_edited_later_changes_the_figures(client, small):
    """The figures come from the stored rows: rewriting a line and its effect (as a replay would)
    shows at once, the cached rows included (the league's version moves)."""
    from matches.models import MatchEffect, MatchPlayer

    assert rows_of(client.get(url(small, "stats", format="csv")))[0]["Touchdowns"] == "4"
    m3 = small.matches[2]
    MatchPlayer.objects.filter(match=m3, player=small.players["B1"]).update(touchdowns=1)
    MatchEffect.objects.filter(match=m3, kind="spp").delete()
    MatchEffect.objects.create(
        match=m3,
        step="spp",
        key="spp:x",
        kind="spp",
        team=small.teams["Gouged Eye"],
        player=small.players["B1"],
        data={"spp": 3},
    )
    m3.processed_at = m3.processed_at.replace(year=2027)
    m3.save(update_fields=["processed_at"])
    first = rows_of(client.get(url(small, "stats", format="csv")))[0]
    assert (first["Player"], first["Touchdowns"], first["SPP"]) == ("B1", "2", "20")


def test_headers_are_translated_in_the_csv(client, small):
    client.cookies["django_language"] = "fr"
    rows = rows_of(client.get(url(small, "stats", format="csv")))
    assert "Joueur" in rows[0] and "Équipe" in rows[0]


@pytest.mark.parametrize(
    "name,query",
    [
        ("stats", {}),
        ("stats", {"season": "1"}),
        ("stats_records", {}),
        ("stats_hall_of_fame", {}),
        ("stats_cemetery", {}),
    ],
)
def test_each_page_makes_the_same_number_of_queries_on_a_bigger_league(
    client, small, django_assert_num_queries, name, query
):
    address = url(small, name, **query)
    with CaptureQueriesContext(connection) as few:
        assert client.get(address).status_code == 200
    small.more(30)
    small.more_teams(10)  # 12 teams instead of 2
    small.kill("A2", small.matches[-1])
    cache.clear()
    with django_assert_num_queries(len(few)):
        assert client.get(address).status_code == 200
    # Once cached, only the league, its version and its seasons are read.
    with CaptureQueriesContext(connection) as warm:
        client.get(address)
    assert len(warm) < len(few)


def test_a_rename_a_firing_and_a_new_season_name_reach_the_cached_pages(
    client, small, django_capture_on_commit_callbacks
):
    from teams.services.roster import player_fire, player_rename

    leaders = url(small, "stats")
    assert ">B1</a>" in client.get(leaders).content.decode()
    b1 = small.players["B1"]
    with django_capture_on_commit_callbacks(execute=True):  # the renaming counter moves at commit
        player_rename(player=b1, name="Grishnak", number=b1.number, by=b1.team.coach)
    html = client.get(leaders).content.decode()
    assert ">Grishnak</a>" in html and ">B1</a>" not in html
    hall = url(small, "stats_hall_of_fame", format="csv")
    assert rows_of(client.get(hall))[1]["Status"] == "Active"
    player_fire(player=small.players["A1"], by=small.players["A1"].team.coach)
    assert rows_of(client.get(hall))[1]["Status"] == "Fired"
    records = url(small, "stats_records", format="csv")
    assert any(r["Match or season"] == "Season 1" for r in rows_of(client.get(records)))
    small.seasons[1].name = "The Long Winter"
    small.seasons[1].save()
    assert any(r["Match or season"] == "The Long Winter" for r in rows_of(client.get(records)))


def test_a_match_a_player_missed_is_not_counted_as_played(client, small):
    """His line is kept (he was on the roster, marked as missing the game): the matches column
    counts only the games he could play, or in which the sheet credits him."""
    from matches.models import MatchPlayer

    def moved(match) -> None:  # as a replay does: the figures kept are keyed by the processing times
        match.processed_at = match.processed_at.replace(year=match.processed_at.year + 1)
        match.save(update_fields=["processed_at"])

    def matches_of(name: str) -> str:
        rows = rows_of(client.get(url(small, "stats", format="csv")))
        return next(row["Matches"] for row in rows if row["Player"] == name)

    before = matches_of("B1")
    line = MatchPlayer.objects.filter(player=small.players["B1"]).order_by("match__sequence").last()
    figures = {f: getattr(line, f) for f in ("touchdowns", "casualties", "completions", "interceptions")}
    MatchPlayer.objects.filter(pk=line.pk).update(eligible=False)
    moved(line.match)
    assert matches_of("B1") == (before if any(figures.values()) else str(int(before) - 1))
    MatchPlayer.objects.filter(pk=line.pk).update(
        eligible=False, touchdowns=0, casualties=0, completions=0, interceptions=0
    )
    moved(line.match)
    assert matches_of("B1") == str(int(before) - 1)
