"""Without CACHE_URL every process keeps its own cache (league.config.settings): a write made through
one process must still reach the pages another process serves. Two LocMem caches with their own
locations stand for two gunicorn workers; each renders the page before the write, so each holds
an entry that a lossy or cache-held version would keep serving."""

from __future__ import annotations

from django.test import override_settings

from tests.stats.test_stats_pages import url


def worker(name: str):
    """One worker's memory: its table cache and its kept pages (league/infra/page_cache.py)."""
    memory = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    return override_settings(
        CACHES={"default": {**memory, "LOCATION": name}, "pages": {**memory, "LOCATION": name + "-pages"}}
    )


def page(client, address: str) -> str:
    return client.get(address).content.decode()


def test_a_rename_in_one_process_reaches_the_other_processes_pages(client, small):
    from teams.services.roster import player_rename

    leaders = url(small, "stats")
    for name in ("worker-a", "worker-b"):
        with worker(name):
            assert ">B1</a>" in page(client, leaders)
    b1 = small.players["B1"]
    with worker("worker-a"):
        # Same length as the old name: a version made of name lengths cannot see it.
        player_rename(player=b1, name="Z9", number=b1.number, by=b1.team.coach)
    for name in ("worker-a", "worker-b"):
        with worker(name):
            html = page(client, leaders)
            assert ">Z9</a>" in html and ">B1</a>" not in html, name


def test_a_season_renamed_to_a_name_of_the_same_length_reaches_the_records(client, small):
    from tests.stats.test_stats_pages import rows_of

    records = url(small, "stats_records", format="csv")
    with worker("worker-b"):
        assert any(r["Match or season"] == "Season 1" for r in rows_of(client.get(records)))
    with worker("worker-a"):
        small.seasons[1].name = "Saison 1"[:8]  # "Season 1" and "Saison 1": eight letters each
        small.seasons[1].save()
    with worker("worker-b"):
        assert any(r["Match or season"] == "Saison 1" for r in rows_of(client.get(records)))
