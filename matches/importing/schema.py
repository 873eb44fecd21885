"""Reading a match report: the JSON text, then its shape against docs/match-report.schema.json.

The schema in docs/ is the one the importer enforces, so the published format and the checks
can never drift apart. jsonschema's own messages are English; each error is reworded here
(translatable) and prefixed with its JSON path, so the reporter can find the faulty value.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from jsonschema import Draft202012Validator, ValidationError

from league.infra.inputs import InputError, InvalidJson, load_json
from matches.services.common import MatchError

SCHEMA_PATH = Path(settings.BASE_DIR) / "docs" / "match-report.schema.json"
# A real report is a few kB; the cap keeps a stray upload from tying up a worker.
MAX_REPORT_BYTES = 512 * 1024


@cache
def report_schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


@cache
def _validator() -> Draft202012Validator:
    schema = report_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def parse_report(raw: str | bytes) -> Any:
    """The decoded JSON, or MatchError with the reasons (league.infra.inputs refuses what no input may carry)."""
    if len(raw) > MAX_REPORT_BYTES:
        raise MatchError([_("The report is too large (at most %(max)s kB).") % {"max": MAX_REPORT_BYTES // 1024}])
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise MatchError([_("The report is not UTF-8 text.")]) from None
    try:
        return load_json(raw)
    except InvalidJson as exc:
        error = exc.error
        raise MatchError(
            [
                _("The report is not valid JSON: %(error)s (line %(line)s, column %(column)s).")
                % {"error": error.msg, "line": error.lineno, "column": error.colno}
            ]
        ) from None
    except InputError as exc:  # too deep, a number too large, a NUL character...
        raise MatchError(exc.messages) from None


def _type_words(types: str | list[str]) -> str:
    words = {
        "integer": _("a whole number"),
        "string": _("text"),
        "boolean": _("true or false"),
        "object": _("an object"),
        "array": _("a list"),
        "null": _("null"),
        "number": _("a number"),
    }
    names = [types] if isinstance(types, str) else list(types)
    return _(" or ").join(str(words.get(name, name)) for name in names)


def _quoted(names: list[str]) -> str:
    return ", ".join(f"“{name}”" for name in names)


def _wording(error: ValidationError) -> list[str]:
    """What is wrong with one value, in the user's language (several lines for several extra fields)."""
    kind, limit, value = error.validator, error.validator_value, error.instance
    if "propertyNames" in error.schema_path:
        return [_("“%(name)s” is not a known key here.") % {"name": value}]
    if kind == "required":
        missing = next((name for name in limit if error.message.startswith(repr(name))), limit[0])
        return [_("“%(name)s” is missing.") % {"name": missing}]
    if kind == "additionalProperties" and isinstance(value, dict):
        known = set(error.schema.get("properties", {}))
        return [_("unknown field “%(name)s”.") % {"name": name} for name in sorted(set(value) - known)]
    if kind in ("oneOf", "anyOf"):
        options = [option.get("required") for option in limit]
        if all(isinstance(o, list) and len(o) == 1 for o in options):
            return [_("give exactly one of %(names)s.") % {"names": _quoted([o[0] for o in options])}]
        return [_("does not match any allowed form.")]
    simple = {
        "type": lambda: _("must be %(type)s.") % {"type": _type_words(limit)},
        "minimum": lambda: _("must be at least %(limit)s.") % {"limit": limit},
        "maximum": lambda: _("must be at most %(limit)s.") % {"limit": limit},
        "minLength": lambda: (
            _("must not be empty.") if limit == 1 else _("must have at least %(limit)s characters.") % {"limit": limit}
        ),
        "maxLength": lambda: _("must have at most %(limit)s characters.") % {"limit": limit},
        "minItems": lambda: _("must have at least %(limit)s values.") % {"limit": limit},
        "maxItems": lambda: _("must have at most %(limit)s values.") % {"limit": limit},
        "pattern": lambda: _("“%(value)s” is not in the expected form.") % {"value": value},
        "const": lambda: _("must be %(value)s.") % {"value": json.dumps(limit)},
        "enum": lambda: _("must be one of %(values)s.") % {"values": ", ".join(json.dumps(v) for v in limit)},
        "format": lambda: (
            _("must be a date written YYYY-MM-DD.")
            if limit == "date"
            else _("is not a valid %(format)s.") % {"format": limit}
        ),
        "uniqueItems": lambda: _("has the same value twice."),
    }
    return [simple[kind]() if kind in simple else error.message]


def schema_problems(data: Any) -> list[str]:
    """Every schema error, in document order, each as "<JSON path>: <what is wrong>"."""

    def order(error: ValidationError) -> tuple:
        # List indexes sort as numbers, so [10] comes after [2].
        return ([(0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in error.path], str(error.validator))

    errors = sorted(_validator().iter_errors(data), key=order)
    return [
        _("%(path)s: %(message)s") % {"path": error.json_path, "message": message}
        for error in errors
        for message in _wording(error)
    ]


@cache
def _part_validator(part: str) -> Draft202012Validator:
    """A validator for one part of a report as an API endpoint takes it: `part` is a $defs entry
    (inducements, prematch) or "sheet" (the post-match half of a report: result to decisions)."""
    schema = report_schema()
    if part == "sheet":
        names = ("played_on", "result", "records", "cards_played", "players", "casualties", "dice", "decisions")
        body: dict[str, Any] = {
            "type": "object",
            "required": ["result"],
            "additionalProperties": False,
            "properties": {name: schema["properties"][name] for name in names},
        }
    else:
        body = {"$ref": f"#/$defs/{part}"}
    return Draft202012Validator({**body, "$defs": schema["$defs"]}, format_checker=Draft202012Validator.FORMAT_CHECKER)


def part_problems(data: Any, part: str, path: str = "$") -> list[str]:
    """schema_problems for one part of a report (the match flow's API endpoints), each error's JSON
    path starting at `path` (where the part sits in the request's body)."""
    errors = sorted(_part_validator(part).iter_errors(data), key=lambda e: [str(p) for p in e.path])
    return [
        _("%(path)s: %(message)s") % {"path": path + error.json_path[1:], "message": message}
        for error in errors
        for message in _wording(error)
    ]
