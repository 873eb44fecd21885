"""People of the league with the mail preferences the notification tests need."""

from __future__ import annotations

import pytest

from league.accounts.models import Profile
from league.core.events import Event, publish
from league.core.services import league_join


def prefer(user, *, mode: str = "at_once", language: str = "en", confirmed: bool = True) -> None:
    user.email = f"{user.username}@example.org"
    user.save(update_fields=["email"])
    Profile.objects.update_or_create(
        user=user, defaults={"mail_mode": mode, "language": language, "email_confirmed": confirmed}
    )


@pytest.fixture
def bob_in(league, coach_bob):
    league_join(league=league, user=coach_bob)
    return coach_bob


@pytest.fixture
def tell(django_capture_on_commit_callbacks, league):
    """Publish an event as a service does, delivered on commit."""

    def publish_one(kind: str, recipients, *, actor=None, path: str = "/matches/", **params) -> None:
        event = Event(
            kind,
            league.pk,
            recipients=tuple(u.pk for u in recipients),
            params=params or {"home": "Reavers", "away": "Raiders", "home_score": 2, "away_score": 1},
            path=path,
            actor_id=actor.pk if actor else None,
        )
        with django_capture_on_commit_callbacks(execute=True):
            publish(event)

    return publish_one
