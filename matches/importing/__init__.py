"""Importing match reports written in the JSON format of docs/match-report.md.

import_match() is the one entry point; the upload page, the API and the management command only
decode the text (parse_report) and call it.
"""

from matches.importing.schema import parse_report, report_schema, schema_problems
from matches.importing.service import ImportResult, import_key, import_match

__all__ = ["ImportResult", "import_key", "import_match", "parse_report", "report_schema", "schema_problems"]
