"""manage.py recompute_ratings: --check finds a stored rating that differs and exits 1; without
--check the league's entries are computed again and the check passes."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from league.ratings.models import RatingEntry
from league.ratings.services import stored_rows

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("recompute_ratings", *args, stdout=out)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue()
    return 0, out.getvalue()


def test_check_reports_a_wrong_entry_and_a_recompute_mends_it(league, make_season):
    make_season(4)  # six processed matches written directly: no run rated them
    code, out = run("--league", league.slug, "--check")
    assert code == 1 and "24 entries differ" in out  # 6 matches x (2 teams + 2 coaches), none stored

    code, out = run("--league", league.slug)
    assert code == 0 and "24 rating entries" in out
    good = stored_rows(league.pk)
    assert run("--league", league.slug, "--check") == (0, f"{league.slug}: ratings as computed from scratch\n")

    entry = RatingEntry.objects.filter(league=league).order_by("-sequence").first()
    RatingEntry.objects.filter(pk=entry.pk).update(after=entry.after + 1)
    code, out = run("--check")
    assert code == 1 and f"{league.slug}: 1 entries differ" in out and f"match {entry.match_id}" in out
    run()
    assert stored_rows(league.pk) == good


def test_an_unknown_league_is_named(league):
    with pytest.raises(CommandError, match="no-such"):
        call_command("recompute_ratings", "--league", "no-such", "--check")
