"""docs/examples import into the demo league, as the README's commands run them on a fresh clone."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from matches.importing import import_match
from matches.models import Match
from teams.selectors import ledger_balance

pytestmark = pytest.mark.django_db

EXAMPLES = sorted((Path(settings.BASE_DIR) / "docs" / "examples").glob("*.json"))


@pytest.fixture
def demo(django_capture_on_commit_callbacks):
    """The demo league as `make run` leaves it: its match processed."""
    from league.tooling.demo import load_demo

    with django_capture_on_commit_callbacks(execute=True):
        league = load_demo()
    assert league.matches.get(home__name="Reikland Reavers", away__name="Gouged Eye").status == Match.Status.PROCESSED
    return league


def test_there_are_examples():
    assert {path.stem for path in EXAMPLES} >= {"plain-match", "conceded-match"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_each_example_imports_into_a_fresh_demo_league(demo, path, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        result = import_match(json.loads(path.read_text(encoding="utf-8")), by=None)
    match = Match.objects.get(pk=result.match.pk)
    assert result.created and match.league == demo
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    for team in (match.home, match.away):
        team.refresh_from_db()
        assert ledger_balance(team) == team.treasury


@pytest.mark.parametrize("order", ["by name", "by date played"])
def test_the_readme_command_imports_them_all_one_after_the_other(demo, order, django_capture_on_commit_callbacks):
    # By name, as the shell expands docs/examples/*.json; by date, as the league played them.
    paths = EXAMPLES
    if order == "by date played":
        paths = sorted(EXAMPLES, key=lambda path: json.loads(path.read_text(encoding="utf-8"))["played_on"])
    assert order == "by name" or paths != EXAMPLES  # the two orders differ: both are tried
    out, err = StringIO(), StringIO()
    for path in paths:  # each import commits, and its sequence runs, before the next (as for real)
        with django_capture_on_commit_callbacks(execute=True):
            call_command("import_match", str(path), stdout=out, stderr=err)  # raises if refused
    assert err.getvalue() == "" and out.getvalue().count(": created match ") == len(EXAMPLES)
    statuses = list(demo.matches.filter(import_key__startswith="demo-league:").values_list("status", flat=True))
    assert statuses == [Match.Status.PROCESSED] * len(EXAMPLES), list(
        demo.matches.values_list("failure_reason", flat=True)
    )
