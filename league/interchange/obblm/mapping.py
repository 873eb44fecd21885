"""The natural keys of a load: which dump rows of this league are written already, and as what.

Every stage reads the league's map once (one query), skips the rows it holds and records the
objects it writes in the same transaction as them; so a stage killed half-way left nothing, and a
stage run again (a resumed run, or a done import run again) writes nothing twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import models

from league.core.models import League
from league.interchange.models import ImportedObject
from league.interchange.snapshot import LeagueSnapshot
from league.rules import Ruleset

SOURCE_KIND = "obblm"


@dataclass
class Load:
    """What every stage needs: the target league and its ruleset, the snapshot, and the map so far."""

    league: League
    ruleset: Ruleset
    snapshot: LeagueSnapshot
    by: User  # who schedules the imported matches (the commissioner)
    run_id: int | None = None
    site_url: str = ""
    mapped: dict[str, int] = field(default_factory=dict)

    def refresh(self) -> None:
        self.mapped = mapped_keys(self.league)

    def id_of(self, key: str) -> int:
        return self.mapped[key]

    def record(self, key: str, obj: models.Model) -> None:
        record(self.league, key, obj, run_id=self.run_id)
        assert obj.pk is not None
        self.mapped[key] = int(obj.pk)


def mapped_keys(league: League) -> dict[str, int]:
    rows = ImportedObject.objects.filter(league=league, source_kind=SOURCE_KIND).values_list("source_key", "object_id")
    return {key: int(object_id) for key, object_id in rows}


def record(league: League, key: str, obj: Any, *, run_id: int | None) -> None:
    ImportedObject.objects.create(
        league=league,
        run_id=run_id,
        source_kind=SOURCE_KIND,
        source_key=key,
        content_type=ContentType.objects.get_for_model(type(obj)),
        object_id=obj.pk,
    )
