"""The sample dumps of docs/examples, read by the dump reader and decoded (shared by the tests)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from league.interchange.obblm.decode import decode_dump
from league.interchange.snapshot import LeagueSnapshot, Source
from league.interchange.sqldump import read_dump
from league.rules import load_ruleset

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@cache
def sample(name: str, ruleset: str = "lrb6", version: str | None = None) -> LeagueSnapshot:
    dump = read_dump((EXAMPLES / f"{name}.sql").read_bytes())
    return decode_dump(dump, version=version, ruleset=ruleset, ruleset_data=load_ruleset(ruleset))


def player(snapshot: LeagueSnapshot, name: str):
    return next(p for p in snapshot.players if p.name == name)


def P(pid: int) -> Source:
    return Source("players", pid)


def T(tid: int) -> Source:
    return Source("teams", tid)
