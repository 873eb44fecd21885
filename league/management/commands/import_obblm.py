"""python manage.py import_obblm FILE --league SLUG [--version V] [--dry-run] [--resume]

Loads a MySQL dump of an OBBLM/NAFLM league into an existing league of this site (its commissioner
created it first, with a ruleset the dump can be decoded into). Without --dry-run the dump is
checked first and the run refused (exit code 1, every reason printed) while a row cannot be brought
over; then the stages run here, in this process, and the report is printed. --resume runs the
league's last failed import again from the first stage with work left (FILE is then not needed).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.core.models import League
from league.interchange.models import ImportRun
from league.interchange.runs import VERSIONS, ImportRefused, run_check, run_execute, run_start
from league.interchange.selectors import report_lines


class Command(BaseCommand):
    help = "Import an OBBLM/NAFLM league (a MySQL dump) into an existing league."

    def add_arguments(self, parser: CommandParser) -> None:
        # --version names the dump's version here (the usage the import documents), not Django's.
        parser._optionals.conflict_handler = "resolve"
        parser.add_argument("file", nargs="?", help="the MySQL dump (.sql)")
        parser.add_argument("--league", required=True, help="the slug of the league to import into")
        parser.add_argument(
            "--version",
            dest="dump_version",
            choices=VERSIONS,
            default="",
            help="the dump's version (default: detected)",
        )
        parser.add_argument("--dry-run", action="store_true", help="report what would be created; write nothing")
        parser.add_argument("--resume", action="store_true", help="run the league's last failed import again")
        parser.add_argument("--site-url", default="", help="the site's address, for the coaches' invitation links")

    def handle(self, *args: Any, **options: Any) -> None:
        league = League.objects.filter(slug=options["league"]).first()
        if league is None:
            raise CommandError(f"No league “{options['league']}”: create it first (with the dump's ruleset).")
        site = options["site_url"] or f"http://{(settings.ALLOWED_HOSTS or ['localhost'])[0]}"
        try:
            run = self._resumed(league) if options["resume"] else self._checked(league, options, site)
            if run is None:
                return
            run_start(run=run, by=None, queue=False)
        except ImportRefused as refused:
            raise CommandError("\n".join(refused.problems)) from refused
        run_execute(run.pk)
        run.refresh_from_db()
        if run.state != ImportRun.State.DONE:
            raise CommandError(
                f"The import stopped at the stage “{run.stage}”: {run.error}\nRun it again with --resume."
            )
        self.stdout.write("\n".join(report_lines(run.report, final=True)))
        self.stdout.write(self.style.SUCCESS(f"Imported into {league.slug}."))

    def _resumed(self, league: League) -> ImportRun:
        run = ImportRun.objects.filter(league=league, state=ImportRun.State.FAILED).first()
        if run is None:
            raise CommandError("This league has no failed import to resume.")
        self.stdout.write(f"Resuming the import of {run.file_name} at the stage “{run.stage}”.")
        return run

    def _checked(self, league: League, options: dict[str, Any], site: str) -> ImportRun | None:
        if not options["file"]:
            raise CommandError("Name the dump to import (or --resume).")
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"No file {path}.")
        run = run_check(
            league=league,
            by=None,
            file_name=path.name,
            data=path.read_bytes(),
            version=options["dump_version"],
            site_url=site,
            keep=not options["dry_run"],
        )
        self.stdout.write("\n".join(report_lines(run.dry_report, final=False)))
        if options["dry_run"]:
            self.stdout.write("Dry run: nothing was written.")
            return None
        return run
