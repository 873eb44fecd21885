"""Celery tasks for teams: thin wrappers that load by id and call one service."""

from __future__ import annotations

from celery import shared_task
from django.db import transaction

from teams.models import Team
from teams.services import team_refresh_value


@shared_task(name="teams.refresh_team_value", acks_late=True)
def refresh_team_value(team_id: int) -> int:
    with transaction.atomic():
        team = Team.objects.select_for_update().get(pk=team_id)
        return team_refresh_value(team=team)
