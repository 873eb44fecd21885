"""A season's NAF report, checked against the schema before anyone gets it (the page and the API)."""

from __future__ import annotations

from league.competitions.seasons.models import Season
from league.interchange.naf.report import Report, build, to_xml, validation_errors
from league.interchange.naf.selectors import naf_games


class InvalidReport(Exception):
    """The report written does not validate against the schema: a bug of ours, never served."""

    def __init__(self, errors: list[str]):
        super().__init__("; ".join(errors))
        self.errors = errors


def season_report(season: Season, organiser: str) -> Report:
    return build(organiser, naf_games(season))


def checked_xml(report: Report) -> bytes:
    """The report's XML, or InvalidReport with the schema's reasons."""
    xml = to_xml(report)
    if errors := validation_errors(xml):
        raise InvalidReport(errors)
    return xml


def filename(season: Season) -> str:
    return f"naf-{season.league.slug}-season-{season.number}.xml"
