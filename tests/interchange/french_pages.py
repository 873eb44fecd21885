"""The OBBLM import pages requested in French (tests/web/test_french_pages.py): the upload page, a
checked dump's dry run (made once in the world, from the hand-decoded league with French names),
its progress partial, and the start refused for want of the confirmation."""

from __future__ import annotations

from django.urls import reverse

from tests.web.french_world import Page, World, slug


def checked_run(w: World) -> int:
    """A dry run of the hand-decoded league into the world's league, made once."""
    if "obblm_run" not in w.extra:
        from league.core.selectors import league_ruleset
        from league.interchange.models import ImportRun
        from league.interchange.obblm.mapping import Load
        from league.interchange.obblm.plan import plan
        from league.interchange.snapshot import TourRow
        from tests.interchange.obblm_builders import S, snapshot

        snap = snapshot(tours=[TourRow(S("tours", 1), "Saison de la Reikland", "round_robin")])
        load = Load(league=w.league, ruleset=league_ruleset(w.league), snapshot=snap, by=w.league.commissioner)
        load.refresh()
        run = ImportRun.objects.create(
            league=w.league, file_name="vieille-ligue.sql", data=b"--", dry_report=plan(load)
        )
        w.extra["obblm_run"] = run.pk
    run_id: int = w.extra["obblm_run"]
    return run_id


def run_url(name: str):
    return lambda w: reverse(name, args=[slug(w), checked_run(w)])


PAGES = [
    Page("league:import_obblm", "commissioner", lambda w: reverse("league:import_obblm", args=[slug(w)])),
    Page("league:import_obblm_run", "commissioner", run_url("league:import_obblm_run"), note="a dry run"),
    Page("league:import_obblm_progress", "commissioner", run_url("league:import_obblm_progress")),
    Page(
        "league:import_obblm_start",
        "commissioner",
        run_url("league:import_obblm_start"),
        data=lambda w: {},
        status=400,
        note="not confirmed",
    ),
]
