"""A cost lives only in the ruleset's data files: change it there and every use follows."""

from __future__ import annotations

import shutil

import pytest

from league.rules.loading import loader
from teams.services import PlayerOrder, team_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def edited_rules(tmp_path, monkeypatch):
    """A copy of the shipped data with the Human Blitzer at 100,000 instead of 90,000."""
    data = tmp_path / "data"
    shutil.copytree(loader.DATA_DIR, data)
    positions = data / "lrb6" / "positions.csv"
    lines = positions.read_text(encoding="utf-8").splitlines(keepends=True)
    edited = [ln.replace(",90000,", ",100000,", 1) if ln.startswith("human,blitzer,") else ln for ln in lines]
    assert edited != lines
    positions.write_text("".join(edited), encoding="utf-8")
    monkeypatch.setattr(loader, "DATA_DIR", data)
    yield
    loader.forget_rulesets(data)


def test_one_edit_in_the_data_changes_catalogue_creation_and_team_value(client, league, coach_alice, edited_rules):
    page = client.get("/rosters/lrb6/human/")
    assert "100,000" in page.text

    players = [PlayerOrder("lineman", f"L{i}") for i in range(9)] + [PlayerOrder("blitzer", f"B{i}") for i in range(2)]
    team = team_create(league=league, coach=coach_alice, name="Edited", race="human", players=players)
    assert team.team_value == 9 * 50_000 + 2 * 100_000
    assert team.treasury == 1_000_000 - team.team_value
