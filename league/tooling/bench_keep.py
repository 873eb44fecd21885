"""A built bench database kept, and reused (`manage.py bench_league --keep` / `--reuse`).

Building the big league takes minutes; measuring the replay again after a change of the code does
not need a new one. `--keep` copies the database, once both leagues are built and before anything
is measured, into "<name>_built" (PostgreSQL's CREATE DATABASE ... TEMPLATE); `--reuse` starts from
a fresh copy of it instead of building, so every run measures the same untouched leagues. What the
command needs of the built leagues (their keys and sizes) is the kept database's comment, not a row:
nothing is added to what the pages and the replay read. The copy is migrated after each reuse, so a
migration added since is applied (its data as a new database would have it).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import connections

KEYS = ("league", "season", "coach", "commissioner", "team", "player", "match", "first_match")
SIZES = ("teams", "players", "matches", "lines", "seconds")


def kept_name(db: Mapping[str, Any]) -> str:
    return f"{db['NAME']}_built"


def keep(db: Mapping[str, Any], built: dict[str, Any]) -> str:
    """Copy the configured database (the leagues in `built`, by name) into its kept copy, replaced."""
    from matches.management.bench_support import _admin_connection

    described = {
        name: {**{key: getattr(b, key).pk for key in KEYS}, **{key: getattr(b, key) for key in SIZES}}
        for name, b in built.items()
    }
    target = kept_name(db)
    connections.close_all()  # a template has no other session
    with _admin_connection(db) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{target}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{target}" TEMPLATE "{db["NAME"]}"')
        conn.execute(f"COMMENT ON DATABASE \"{target}\" IS '{json.dumps(described)}'")
    return target


def reuse(db: Mapping[str, Any]) -> dict[str, Any]:
    """Make the configured database a fresh copy of the kept one; the leagues it holds, by name."""
    from matches.management.bench_support import _admin_connection

    source = kept_name(db)
    with _admin_connection(db) as conn:
        row = conn.execute(
            "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s", [source]
        ).fetchone()
        if row is None or not row[0]:
            raise CommandError(f"No kept database {source}: run once with --keep.")
        conn.execute(f'DROP DATABASE IF EXISTS "{db["NAME"]}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{db["NAME"]}" TEMPLATE "{source}"')
    return {name: _built(keys) for name, keys in json.loads(row[0]).items()}


def _built(keys: dict[str, Any]) -> Any:
    from league.competitions.seasons.models import Season
    from league.core.models import League
    from league.tooling.bench_league import Built
    from matches.models import Match
    from teams.models import Player, Team

    models: dict[str, Any] = {
        "league": League,
        "season": Season,
        "coach": get_user_model(),
        "commissioner": get_user_model(),
        "team": Team,
        "player": Player,
        "match": Match,
        "first_match": Match,
    }
    found = {key: models[key].objects.get(pk=keys[key]) for key in KEYS}
    return Built(**found, **{key: keys[key] for key in SIZES})
