"""The refusals of `league.interchange.safe` in the user's language.

`safe` stays pure Python, so its English patterns are repeated here, marked for translation; a test
checks both lists hold the same patterns. A page shows `message(error)`.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from league.interchange.safe import UnsafeInput

TRANSLATED: dict[str, Promise] = {
    "too_large": _("The file is too large (%(size_mb)s MB); at most %(limit_mb)s MB is accepted."),
    "binary": _("This is not a text file: it holds binary data."),
    "xml_dtd": _("The XML document declares a DTD, which is refused."),
    "xml_entities": _("The XML document declares entities, which are refused."),
    "xml_external": _("The XML document refers to an external resource, which is refused."),
    "xml_malformed": _("The XML document is malformed (line %(line)s, column %(column)s)."),
    "json_malformed": _("The JSON document is malformed (line %(line)s, column %(column)s)."),
    "json_too_deep": _("The JSON document is nested more than %(limit)s levels deep."),
    "json_bad_value": _("The JSON document holds a value that cannot be read (a number too long, NaN or Infinity)."),
    "sql_not_dump": _("This is not an SQL dump: it has no CREATE TABLE or INSERT statement."),
    "sql_truncated": _("The SQL dump is cut short at line %(line)s (an unterminated string, comment or statement)."),
    "sql_row_columns": _(
        "Table %(table)s, statement %(statement)s (line %(line)s): row %(row)s has %(got)s values"
        " for %(expected)s columns."
    ),
    "sql_no_columns": _(
        "Table %(table)s, statement %(statement)s (line %(line)s): its columns are unknown"
        " (no CREATE TABLE and no column list)."
    ),
    "sql_bad_value": _("The SQL dump holds a value that cannot be read at line %(line)s (statement %(statement)s)."),
    "sql_syntax": _("The SQL dump cannot be read at line %(line)s (statement %(statement)s): unexpected %(token)s."),
}


def message(error: UnsafeInput) -> str:
    """The refusal in the active language."""
    return str(TRANSLATED[error.code]) % error.params
