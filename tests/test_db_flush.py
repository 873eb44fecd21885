"""The tests' PostgreSQL backend (tests/db/postgresql/base.py) empties every table when a
transactional test ends, as Django's TRUNCATE did, whatever the order of their foreign keys."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_flush_after_a_transactional_test_leaves_every_table_empty(demo_league):
    if connection.vendor != "postgresql":
        pytest.skip("the SQLite test database keeps Django's own flush")
    tables = connection.introspection.django_table_names(only_existing=True, include_views=False)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND NOT condeferrable "
            "AND connamespace = 'public'::regnamespace"
        )
        assert cursor.fetchone()[0] == 0  # every foreign key checked at the commit, after the deletes
        filled = [t for t in tables if _rows(cursor, t)]
    assert len(filled) > 20  # the demo league wrote to most of them
    call_command("flush", verbosity=0, interactive=False, inhibit_post_migrate=True)
    with connection.cursor() as cursor:
        assert [t for t in tables if _rows(cursor, t)] == []


def _rows(cursor, table: str) -> int:
    cursor.execute(f"SELECT count(*) FROM {connection.ops.quote_name(table)}")
    return cursor.fetchone()[0]
