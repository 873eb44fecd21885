"""Bump a league's cache revision (league.models.Revision) inside the writer's transaction.

A writer that changes names or byes calls `revision_bump(league_id)`: the next page read in any
process computes a new version and so a new cache key; a rolled-back write bumps nothing.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import F

from league.core.models import Revision


def revision_bump(league_id: int) -> None:
    if Revision.objects.filter(league_id=league_id).update(number=F("number") + 1):
        return
    try:
        # The first bump of a league creates its row; a concurrent first bump makes the insert
        # fail, and then the row exists and the update counts.
        with transaction.atomic():
            Revision.objects.create(league_id=league_id, number=1)
    except IntegrityError:
        Revision.objects.filter(league_id=league_id).update(number=F("number") + 1)
