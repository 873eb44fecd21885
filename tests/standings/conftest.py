from __future__ import annotations

import re

import pytest

ROW = re.compile(
    r'<tr data-team="(?P<team>\d+)" data-position="(?P<position>[^"]+)" data-points="(?P<points>-?\d+)"'
    r' data-figures="(?P<figures>[^"]+)"'
)


def table_of(response, names: dict[int, str]) -> list[tuple[str, str, int]]:
    """(position, team name, points) of each row of the page's table, in order."""
    html = response.content.decode()
    return [(m["position"], names[int(m["team"])], int(m["points"])) for m in ROW.finditer(html)]


def figures_of(response, names: dict[int, str]) -> dict[str, tuple[int, ...]]:
    """Per team: played, W, D, L, TD for, TD against, CAS for, CAS against, bonus, conceded, byes."""
    html = response.content.decode()
    return {names[int(m["team"])]: tuple(int(x) for x in m["figures"].split()) for m in ROW.finditer(html)}


@pytest.fixture
def commissioner_client(client, commissioner):
    client.force_login(commissioner)
    return client
