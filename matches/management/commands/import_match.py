"""python manage.py import_match FILE...: import match reports as the system.

Reports imported here have no user behind them, so they are trusted: each valid one is confirmed
and its post-match sequence queued. Each file is reported on its own and never stops the others
(unreadable, not JSON, refused, even an unexpected error); the exit code is 1 when any was refused
or failed, so a script can tell.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from matches.importing import import_match, parse_report
from matches.services import MatchError

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    # Lazy: translated when the parser is built (create_parser below); the stubs want a str.
    help: str = gettext_lazy(  # type: ignore[assignment]
        "Import match reports (JSON files, see docs/match-report.md); valid ones are confirmed at once."
    )

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        self.help = str(self.help)  # argparse needs a real str: translate it now
        return super().create_parser(prog_name, subcommand, **kwargs)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help=_("A match report in JSON."))

    def handle(self, *args: Any, files: list[str], **options: Any) -> None:
        refused = 0
        for name in files:
            try:
                result = import_match(parse_report(Path(name).read_bytes()), by=None)
            except OSError as exc:
                refused += 1
                self.stderr.write(
                    _("%(file)s: refused: the file cannot be read (%(error)s).")
                    % {"file": name, "error": exc.strerror or exc}
                )
            except MatchError as exc:
                refused += 1
                self.stderr.write(_("%(file)s: refused:") % {"file": name})
                for message in exc.messages:
                    self.stderr.write(f"  - {message}")
            except Exception as exc:  # a bug must not cost the other files their import
                refused += 1
                logger.exception("import_match: %s failed", name)
                self.stderr.write(
                    _("%(file)s: failed: unexpected error (%(error)s); nothing of it was imported.")
                    % {"file": name, "error": f"{type(exc).__name__}: {exc}"}
                )
            else:
                match = result.match
                words = {"file": name, "id": match.pk, "match": match, "url": match.get_absolute_url()}
                if result.created:
                    self.stdout.write(
                        self.style.SUCCESS(_("%(file)s: created match %(id)s, %(match)s (%(url)s).") % words)
                    )
                else:
                    self.stdout.write(_("%(file)s: already imported as match %(id)s, %(match)s (%(url)s).") % words)
        if refused:
            raise CommandError(
                ngettext(
                    "%(refused)s of %(total)s reports refused.", "%(refused)s of %(total)s reports refused.", refused
                )
                % {"refused": refused, "total": len(files)},
                returncode=1,
            )
