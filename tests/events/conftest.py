"""A listener registered for the test's duration: what the services published and the hub
delivered (after commit), in order."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from league.core import events
from league.core.events import Event


class Heard(list[Event]):
    def kinds(self) -> list[str]:
        return [event.kind for event in self]

    def one(self, kind: str) -> Event:
        found = [event for event in self if event.kind == kind]
        assert len(found) == 1, (kind, self.kinds())
        return found[0]


@pytest.fixture
def heard() -> Iterator[Heard]:
    collected = Heard()
    events.listen("test", collected.append)
    yield collected
    events.LISTENERS.pop("test", None)
