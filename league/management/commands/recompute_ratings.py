"""python manage.py recompute_ratings [--league SLUG] [--check]: every league's (or one league's)
ratings computed again from scratch (docs/ratings.md).

Without --check the stored entries are replaced by the computed ones. With --check nothing is
written: each league whose stored entries differ from the computation is reported with its first
differences, and the command exits with status 1.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.core.models import League
from league.ratings.services import differences, recompute_league

SHOWN = 10  # differences listed per league


class Command(BaseCommand):
    help = "Compute the coaches' and teams' ratings again from the matches in play order (--check: compare only)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--league", help="the slug of one league (default: every league)")
        parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a stored rating differs")

    def handle(self, *args: Any, **options: Any) -> None:
        leagues = League.objects.order_by("slug")
        if options["league"]:
            leagues = leagues.filter(slug=options["league"])
            if not leagues.exists():
                raise CommandError(f"no league with the slug {options['league']!r}")
        wrong = 0
        for league in leagues:
            if options["check"]:
                found = differences(league)
                if found:
                    wrong += 1
                    self.stdout.write(f"{league.slug}: {len(found)} entries differ")
                    for item in found[:SHOWN]:
                        self.stdout.write(
                            f"  {item['kind']} {item['subject']} match {item['match']}:"
                            f" stored {item['stored']}, computed {item['computed']}"
                        )
                else:
                    self.stdout.write(f"{league.slug}: ratings as computed from scratch")
            else:
                count = recompute_league(league)
                self.stdout.write(f"{league.slug}: {count} rating entries")
        if wrong:
            self.stdout.flush()
            sys.exit(1)
