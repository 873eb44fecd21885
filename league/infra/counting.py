"""Count what a piece of work costs the database: its SQL statements and the transactions it
commits that wrote something (each statement that writes outside a transaction is one). The tasks
log both (matches/tasks.py, league/core/outbox.py) and `manage.py bench_postgame` reads them back;
a test bounds the post-match sequence's (tests/tasks/test_postgame_commits.py)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db import connection, transaction

_WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)


@contextmanager
def counted() -> Iterator[dict[str, int]]:
    """{"queries": statements, "commits": committed transactions that wrote}, filled as the block runs
    (after-commit callbacks run inside it count too)."""
    counts = {"queries": 0, "commits": 0}

    def committed() -> None:
        counts["commits"] += 1

    def count(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]) -> Any:
        counts["queries"] += 1
        result = execute(sql, params, many, context)
        if isinstance(sql, str) and _WRITE.match(sql):
            conn = context["connection"]
            if not conn.in_atomic_block:
                counts["commits"] += 1
            elif not any(entry[1] is committed for entry in conn.run_on_commit):  # once per transaction
                transaction.on_commit(committed)
        return result

    with connection.execute_wrapper(count):
        yield counts
