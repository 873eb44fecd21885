"""PostgreSQL for the tests (tests/settings.py): Django's backend whose flush deletes rows instead
of truncating tables.

A transactional test (`transaction=True`, the real Celery worker, the live server of the browser
tests) ends with a flush of every table. Django's is one `TRUNCATE` of the 67 tables: new files for
each table and index, the old ones unlinked at commit, 1 to 2 s on this machine's cluster while
other work writes to its disk. `DELETE FROM` each table, in one transaction, takes about 20 ms on
tables a test filled with a few hundred rows, and leaves them as empty. The foreign keys Django
creates are DEFERRABLE INITIALLY DEFERRED: they are checked at the commit, once every table is
empty, so the order of the tables does not matter. Sequences are not reset, as `TRUNCATE` without
RESTART IDENTITY does not; a flush that asks for it (or for CASCADE) keeps Django's statement.
"""

from __future__ import annotations

from django.db.backends.postgresql import base


class DatabaseOperations(base.DatabaseOperations):
    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or allow_cascade or not tables:
            return super().sql_flush(style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
        return [f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))};" for table in tables]


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
