"""Leagues the ratings tests play histories in, and how a change is told to the ratings."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime
from typing import Any

from django.db import transaction
from django.test import TestCase

from league.core.services import league_create, league_join
from matches.hooks import history_changed
from matches.models import Match
from matches.services.sequence import sequence_key
from teams.services import team_create
from tests.seasons.helpers import lineup

TEAMS = 4  # the last team has the first one's coach: their matches rate the teams only
NOW = datetime(2026, 10, 1, 20, tzinfo=UTC)
names = itertools.count()  # users and leagues of a test are new in each Hypothesis example


def new_league() -> tuple[Any, list[Any]]:
    from django.contrib.auth.models import User

    n = next(names)
    commissioner = User.objects.create_user(f"rate-boss-{n}")
    league = league_create(name=f"Rated {n}", ruleset="lrb6", commissioner=commissioner)
    coaches = [User.objects.create_user(f"rate-{n}-{k}") for k in range(TEAMS - 1)]
    for coach in coaches:
        league_join(league=league, user=coach)
    teams = [
        team_create(league=league, coach=coaches[k % len(coaches)], name=f"R{n} T{k}", race="human", players=lineup())
        for k in range(TEAMS)
    ]
    return league, teams


def told(*matches: Match) -> None:
    """The matches' history changed, told in one transaction as a post-match run or a replay tells
    it; the ratings' task runs once it commits."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        with transaction.atomic():
            for match in matches:
                history_changed.send(sender=Match, match_id=match.pk, league_id=match.league_id)


def place(match: Match, when: int) -> None:
    match.played_on = date(2026, 9, when)
    match.sequence = sequence_key(played_on=match.played_on, confirmed_at=match.confirmed_at, pk=match.pk)
