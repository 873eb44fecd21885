"""The schema of the last release, with a league's data in it, migrates to today's keeping every row.

The league split into rooms moved no model out of its app (one app label, `league`), so the only
migrations since the last release add what the new mechanisms store: the pre-match steps' values
(matches 0013) and the coach decisions still to make (matches 0014). A database of the last
release is made here by migrating back to its leaf migrations, with the demo league in it; it is
then migrated forward, and every row of every table that both schemas have must come back the
same.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# The last release's leaf migrations (before the coach decisions and the pre-match steps' values).
LAST_RELEASE = [
    ("league", "0012_site_revision"),
    ("teams", "0004_ruleset_kinds_and_bank_account"),
    ("matches", "0012_match_inducements_chosen"),
]


def rows(tables: list[str]) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of each table, in primary key order, as the database holds it."""
    found = {}
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)} ORDER BY 1")
            found[table] = [tuple(row) for row in cursor.fetchall()]
    return found


@pytest.mark.django_db(transaction=True)
def test_the_last_release_with_a_league_in_it_migrates_keeping_every_row(django_capture_on_commit_callbacks):
    from league.tooling.demo import load_demo

    with django_capture_on_commit_callbacks(execute=True):
        load_demo()  # a league, its teams, a processed match with its dice, effects and ledger
    executor = MigrationExecutor(connection)
    executor.migrate(LAST_RELEASE)
    before_tables = set(connection.introspection.table_names())
    assert "matches_pendingdecision" not in before_tables  # the last release's schema indeed
    # Not compared: the migrations' own record, SQLite's statistics, and the pages' revision counter, which every
    # committed write bumps (league/infra/page_cache.py), migrations' included.
    # SQLite's own statistics (sqlite_*) are the engine's, not the site's.
    # The last release keyed a match's place in time by season and round first: as it stored them.
    with connection.cursor() as cursor:
        cursor.execute("UPDATE matches_match SET sequence = '000010001' || sequence WHERE sequence <> ''")
    kept = sorted(
        t
        for t in before_tables
        if t not in ("django_migrations", "league_siterevision") and not t.startswith("sqlite_")
    )
    before = rows(kept)
    assert before["matches_match"] and before["matches_diceroll"] and before["teams_treasuryentry"]

    executor = MigrationExecutor(connection)  # a fresh loader sees the rolled-back state
    executor.migrate(executor.loader.graph.leaf_nodes())

    assert "matches_pendingdecision" in connection.introspection.table_names()
    after = rows(kept)
    # The match table gained its pre-match values' column (the last one): every other value of
    # every row is the same, and no row of any table came or went...
    match_columns = [
        c.name for c in connection.introspection.get_table_description(connection.cursor(), "matches_match")
    ]
    added, sequence = match_columns.index("prematch_values"), match_columns.index("sequence")
    keys = {row[0]: row[sequence] for row in after["matches_match"]}
    # ...and its sequence became play order (matches 0015): the day played, confirmation, id.
    after["matches_match"] = [row[:sequence] + row[sequence + 1 : added] for row in after["matches_match"]]
    before["matches_match"] = [row[:sequence] + row[sequence + 1 :] for row in before["matches_match"]]
    # A player gained the match whose sequence added him (teams 0005), his free rookie's mark (teams
    # 0006), his roster in an alliance team (teams 0007) and the victim he was raised from (teams
    # 0009, the last column): empty, false, empty, empty.
    assert all(
        row[-4] is None and row[-3] in (False, 0) and row[-2] == "" and row[-1] is None for row in after["teams_player"]
    )
    after["teams_player"] = [row[:-4] for row in after["teams_player"]]
    # A team gained its college of magic (teams 0006), an alliance's second and third rosters
    # (teams 0007) and its assistant coaches' titles (teams 0008, the last column): empty for all.
    assert all(row[-4:-1] == ("", "", "") and row[-1] in ("[]", []) for row in after["teams_team"])
    after["teams_team"] = [row[:-4] for row in after["teams_team"]]
    # A league gained its setting letting coaches correct their matches together (league 0013), its
    # ratings' settings (league 0020) and whether a replay's new dice are asked of the coach (league
    # 0022, the last column): the defaults.
    league_columns = [
        c.name for c in connection.introspection.get_table_description(connection.cursor(), "league_league")
    ]
    assert league_columns[-5:] == [
        "coaches_correct",
        "rating_k",
        "rating_start",
        "swiss_by_rating",
        "replay_dice_asked",
    ]
    assert all(row[-5] in (False, 0) and row[-4:] == (20, 1500, False, False) for row in after["league_league"])
    after["league_league"] = [row[:-5] for row in after["league_league"]]
    # A casualty gained its apothecary's treatment after the match (matches 0018, the last column): false.
    assert all(row[-1] in (False, 0) for row in after["matches_matchcasualty"])
    after["matches_matchcasualty"] = [row[:-1] for row in after["matches_matchcasualty"]]
    # A match line gained whether he played as a journeyman (matches 0021, the last column): false.
    assert all(row[-1] in (False, 0) for row in after["matches_matchplayer"])
    after["matches_matchplayer"] = [row[:-1] for row in after["matches_matchplayer"]]
    # An inducement gained its mark for a star both sides induced (matches 0019), then an induced
    # player's skills for the match (0021, the last column): false, empty.
    # (The match's apothecaries used on a KO'd player, matches 0020, come after prematch_values.)
    assert all(row[-1] == "" and row[-2] in (False, 0) for row in after["matches_matchinducement"])
    after["matches_matchinducement"] = [row[:-2] for row in after["matches_matchinducement"]]
    assert after == before
    from matches.models import Match
    from matches.services.sequence import match_sequence

    confirmed = Match.objects.filter(confirmed_at__isnull=False).select_related("round")
    assert confirmed and all(keys[match.pk] == match_sequence(match) for match in confirmed)
