"""What no input may carry, wherever it comes in: the one guard for JSON bodies, query strings and forms.

PostgreSQL refuses a NUL character in text (SQLite would store it), a lone surrogate cannot be
encoded to UTF-8 by either database driver, Python refuses to convert an integer of more than 4,300
digits, a number past 64 bits fits no column, and JSON nested a few thousand deep exhausts the
recursion limit of the decoder (and of everything that walks the value afterwards). Each of these
was a 500 somewhere; here each is a refusal with a reason, before anything is read from or written
to the database. The import (matches.importing), the API's JSON parser (league.infra.api_errors) and the
request middleware (league.infra.middleware) all call this module.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator
from typing import Any

from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models import Field, Model
from django.utils.translation import gettext as _

# Deep enough for any document the app reads (a match report nests 5 levels), shallow enough
# that neither the decoder nor the validators that walk the value come near the recursion limit.
MAX_DEPTH = 32
# The widest integer column (BigIntegerField) holds a signed 64-bit value.
BIG_MIN, BIG_MAX = BaseDatabaseOperations.integer_field_ranges["BigIntegerField"]
_MAX_DIGITS = len(str(BIG_MAX))


class InputError(ValueError):
    """Input refused before use; `messages` say why, in the user's language."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(messages))
        self.messages = messages


class InvalidJson(InputError):
    """Not JSON at all (a syntax error): the caller may word it for what it expected."""

    def __init__(self, error: json.JSONDecodeError):
        self.error = error
        super().__init__(
            [
                _("The text is not valid JSON: %(error)s (line %(line)s, column %(column)s).")
                % {"error": error.msg, "line": error.lineno, "column": error.colno}
            ]
        )


def column_range(model: type[Model], field_name: str) -> tuple[int | None, int | None]:
    """The values an integer column holds on every database Django supports (PostgreSQL's bounds:
    SQLite would store more, and the same app must not accept on one what the other refuses)."""
    field: Field = model._meta.get_field(field_name)  # type: ignore[assignment]
    return BaseDatabaseOperations.integer_field_ranges.get(field.get_internal_type(), (None, None))


def column_max(model: type[Model], field_name: str) -> int | None:
    return column_range(model, field_name)[1]


def text_problem(value: str) -> str | None:
    """Why this text cannot be stored, or None."""
    if "\x00" in value:
        return _("contains a NUL character (\\u0000), which no text may hold.")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return _("contains an unpaired surrogate (\\ud800 to \\udfff), which is not a character.")
    return None


def integer_problem(value: int) -> str | None:
    if BIG_MIN <= value <= BIG_MAX:
        return None
    bits = abs(value).bit_length()
    # str() of a huge int is itself refused past 4,300 digits: then count them from the bit length.
    digits = len(str(abs(value))) if bits < 10_000 else int(bits * math.log10(2)) + 1
    return _("is too large (%(digits)s digits): numbers must lie between %(min)s and %(max)s.") % _limits(digits)


def too_large_message(digits: int) -> str:
    return _("A number of %(digits)s digits is too large: numbers must lie between %(min)s and %(max)s.") % _limits(
        digits
    )


def _limits(digits: int) -> dict[str, int]:
    return {"digits": digits, "min": BIG_MIN, "max": BIG_MAX}


def _path(parts: Iterable[str | int]) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts)


def value_problems(value: Any) -> list[str]:
    """Every problem of a decoded JSON value, as "<JSON path>: <reason>" (empty: the value is safe).

    Walks the value with a stack rather than recursion, so that a deep value is reported, not a
    RecursionError.
    """
    problems: list[str] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        if len(path) > MAX_DEPTH:
            problems.append(depth_message())
            break
        if isinstance(item, str):
            reason = text_problem(item)
        elif isinstance(item, bool):
            reason = None
        elif isinstance(item, int):
            reason = integer_problem(item)
        elif isinstance(item, float):
            reason = None if math.isfinite(item) else _("is not a finite number.")
        elif isinstance(item, dict):
            reason = None
            for key, child in reversed(list(item.items())):
                key_reason = text_problem(key) if isinstance(key, str) else None
                if key_reason:
                    problems.append(_at(_path(path), _("a key %(reason)s") % {"reason": key_reason}))
                    continue
                stack.append((child, (*path, str(key))))
        elif isinstance(item, list | tuple):
            reason = None
            stack.extend((child, (*path, i)) for i, child in reversed(list(enumerate(item))))
        else:
            reason = None
        if reason:
            problems.append(_at(_path(path), reason))
    return problems


def _at(path: str, message: str) -> str:
    return _("%(path)s: %(message)s") % {"path": path, "message": message}


def depth_message() -> str:
    return _("The JSON is nested too deeply (at most %(max)s levels).") % {"max": MAX_DEPTH}


class _TooLarge(Exception):
    def __init__(self, digits: str):
        self.digits = digits


def _parse_int(text: str) -> int:
    # Checked before int(): past 4,300 digits int() itself raises (CVE-2020-10735), and far
    # earlier than that no column could hold the value.
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise _TooLarge(text)
    return int(text)


def posted_id(value: object) -> int | None:
    """An id a form or a button posted, or None when it is not one: ASCII digits only, since
    str.isdigit() also accepts "²" or "٣", which int() refuses or reads as another number; at most
    as many digits as a 64-bit column holds."""
    text = str(value if value is not None else "").strip()
    if not text.isascii() or not text.isdigit() or len(text) >= _MAX_DIGITS:
        return None
    return int(text)


class _NotJson(Exception):
    def __init__(self, name: str):
        self.name = name


def _parse_constant(name: str) -> float:
    raise _NotJson(name)  # NaN, Infinity and -Infinity: Python writes them, JSON has no such values


def load_json(text: str | bytes) -> Any:
    """Decode JSON text that is safe to use: raise InputError with every reason otherwise."""
    try:
        value = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise InvalidJson(exc) from None
    except RecursionError:
        raise InputError([depth_message()]) from None
    except _TooLarge as exc:
        raise InputError([too_large_message(len(exc.digits.lstrip("-")))]) from None
    except _NotJson as exc:
        raise InputError(
            [_("The text is not valid JSON: %(name)s is not a JSON value.") % {"name": exc.name}]
        ) from None
    except UnicodeDecodeError:
        raise InputError([_("The text is not UTF-8.")]) from None
    problems = value_problems(value)
    if problems:
        raise InputError(problems)
    return value


def pairs_problems(pairs: Iterator[tuple[str, str]]) -> list[str]:
    """Problems of form or query-string fields: names and values (used by the middleware)."""
    problems = []
    for name, value in pairs:
        reason = text_problem(name) or text_problem(value)
        if reason:
            problems.append(_at(f"“{_printable(name)}”", reason))
    return problems


def _printable(text: str) -> str:
    return text.encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\u0000")
