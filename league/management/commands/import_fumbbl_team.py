"""manage.py import_fumbbl_team TEAM.json [--roster ROSTER.json] --league SLUG --coach USERNAME [--dry-run]"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.interchange.fumbbl.parse import MAX_BYTES
from league.interchange.fumbbl.services import (
    FumbblImportRefused,
    fumbbl_import,
    fumbbl_preview,
    league_and_coach,
    problem_text,
)


def _read(path: str) -> bytes:
    file = Path(path)
    if not file.is_file():
        raise CommandError(f"No file {path}.")
    with file.open("rb") as f:
        return f.read(MAX_BYTES + 1)  # a larger file is refused by the reader, unread beyond this


class Command(BaseCommand):
    help = "Create a team in a league from a FUMBBL team file (and roster file), or say every reason it cannot."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("team_file", help="the saved answer of fumbbl.com/api/team/get/<id>")
        parser.add_argument("--roster", help="the saved answer of fumbbl.com/api/roster/get/<id>")
        parser.add_argument("--league", required=True, help="the league's slug")
        parser.add_argument("--coach", required=True, help="the username of the coach who will own the team")
        parser.add_argument("--dry-run", action="store_true", help="show what would be created, write nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        team_data = _read(options["team_file"])
        roster_data = _read(options["roster"]) if options["roster"] else None
        found = league_and_coach(options["league"], options["coach"])
        if isinstance(found, str):
            raise CommandError(found)
        league, coach = found
        try:
            if options["dry_run"]:
                preview = fumbbl_preview(league, team_data, roster_data)
                if preview.problems:
                    raise FumbblImportRefused(preview.problems)
                for p in preview.mapped.players:
                    skills = ", ".join(s or k for k, s in p.advancements)
                    self.stdout.write(f"#{p.number} {p.name} ({p.position}) {skills} · SPP {p.spp}")
                self.stdout.write(self.style.SUCCESS(f"Dry run: {preview.mapped.source.name} can be imported."))
                return
            team = fumbbl_import(league=league, coach=coach, team_data=team_data, roster_data=roster_data, by=coach)
        except FumbblImportRefused as refusal:
            raise CommandError("\n".join(["Refused:", *(f"- {problem_text(p)}" for p in refusal.problems)])) from None
        self.stdout.write(self.style.SUCCESS(f"{team.name} imported into {league.name} (team {team.pk})."))
