"""The statistics tables' columns, their server-side sorting (`?sort=<column>`, a whitelist) and
their CSV export (`?format=csv`): one definition per table, so the page and its file agree."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.rules import collation_key


@dataclass(frozen=True)
class Column:
    key: str
    label: Any  # a lazy translation: the reader's language when shown
    numeric: bool = True  # numbers sort highest first, text in the reader's alphabetical order
    sortable: bool = True


PLAYER = Column("name", gettext_lazy("Player"), numeric=False)
TEAM = Column("team_name", gettext_lazy("Team"), numeric=False)
MATCHES = Column("matches", gettext_lazy("Matches"))
TOUCHDOWNS = Column("touchdowns", gettext_lazy("Touchdowns"))
CASUALTIES = Column("casualties", gettext_lazy("Casualties caused"))
COMPLETIONS = Column("completions", gettext_lazy("Completions"))
INTERCEPTIONS = Column("interceptions", gettext_lazy("Interceptions"))
MVPS = Column("mvps", gettext_lazy("MVPs"))
SPP = Column("spp", gettext_lazy("SPP"))
STATUS = Column("status_label", gettext_lazy("Status"), numeric=False)

LEADERS = (PLAYER, TEAM, MATCHES, TOUCHDOWNS, CASUALTIES, COMPLETIONS, INTERCEPTIONS, MVPS, SPP)
HALL_OF_FAME = (PLAYER, TEAM, STATUS, MATCHES, TOUCHDOWNS, CASUALTIES, COMPLETIONS, INTERCEPTIONS, MVPS, SPP)
RECORDS = (
    Column("stat_label", gettext_lazy("Record"), numeric=False),
    Column("scope_label", gettext_lazy("In"), numeric=False),
    Column("value", gettext_lazy("Value")),
    PLAYER,
    TEAM,
    Column("where", gettext_lazy("Match or season"), numeric=False),
    Column("when", gettext_lazy("Date"), numeric=False),
)
CEMETERY = (
    PLAYER,
    TEAM,
    MATCHES,
    SPP,
    TOUCHDOWNS,
    CASUALTIES,
    Column("how", gettext_lazy("Died of"), numeric=False),
    Column("d68", gettext_lazy("D68"), sortable=False),
    Column("where", gettext_lazy("In the match"), numeric=False),
    Column("when", gettext_lazy("Date"), numeric=False),
)


def sort_rows(
    request: HttpRequest, rows: list[dict[str, Any]], columns: tuple[Column, ...]
) -> tuple[list[dict[str, Any]], str, str]:
    """The rows in the order `?sort=` asks (the default order kept for ties), the column sorted on
    ("" for the default order) and a message when the asked column is not one of the table's:
    it is then ignored, never an error page."""
    asked = request.GET.get("sort", "")
    if not asked:
        return rows, "", ""
    column = next((c for c in columns if c.key == asked and c.sortable), None)
    if column is None:
        message = _(
            "This table cannot be sorted by “%(asked)s”; the usual order is shown. "
            "A column's heading sorts the table by it."
        ) % {"asked": asked[:40]}
        return rows, "", message
    if column.numeric:
        ordered = sorted(rows, key=lambda r: -(r[column.key] or 0))
    else:
        ordered = sorted(rows, key=lambda r: collation_key(str(r[column.key] or "")))
    return ordered, column.key, ""


def wants_csv(request: HttpRequest) -> bool:
    return request.GET.get("format") == "csv"


def csv_response(filename: str, rows: list[dict[str, Any]], columns: tuple[Column, ...]) -> HttpResponse:
    """The table as a CSV file: UTF-8 with a byte-order mark (Excel then reads the accents right),
    the headers in the reader's language, one row per table row."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    writer = csv.writer(response)
    writer.writerow([str(c.label) for c in columns])
    for row in rows:
        writer.writerow(["" if row.get(c.key) is None else row.get(c.key) for c in columns])
    return response


def headers(request: HttpRequest, columns: tuple[Column, ...], sorted_on: str) -> list[dict[str, Any]]:
    """Each column's header: its label and, when sortable, the link that sorts by it (the other
    query parameters, the season, kept)."""
    out = []
    for column in columns:
        link = ""
        if column.sortable:
            query = request.GET.copy()
            query["sort"] = column.key
            query.pop("format", None)
            link = "?" + query.urlencode()
        out.append({"key": column.key, "label": column.label, "link": link, "sorted": column.key == sorted_on})
    return out


def csv_link(request: HttpRequest) -> str:
    query = request.GET.copy()
    query["format"] = "csv"
    return "?" + query.urlencode()
