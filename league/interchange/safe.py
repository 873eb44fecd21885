"""The gate every handed-in file goes through: sizes, encodings, XML without entities, sane JSON.

Pure Python (no Django): the importers and the management command share it. Every refusal is an
`UnsafeInput` carrying a code and parameters; its English message is built from the pattern in
`MESSAGES`, and `league.interchange.messages` holds the same patterns marked for translation so a
page shows the refusal in the user's language.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element, ParseError

# defusedxml ships no type hints; its ElementTree returns the standard library's elements.
from defusedxml import (  # type: ignore[import-untyped]
    DTDForbidden,
    EntitiesForbidden,
    ExternalReferenceForbidden,
)
from defusedxml import ElementTree as SafeElementTree

# Defaults; the Django settings layer passes its own limits to the callers.
DUMP_LIMIT = 64 * 1024 * 1024
DOCUMENT_LIMIT = 5 * 1024 * 1024  # an XML or JSON document
JSON_MAX_DEPTH = 64
# A text file has next to no control characters besides tab, CR and LF; more than this share of
# them (or any NUL byte) means a binary file.
CONTROL_SHARE = 0.01

MESSAGES: dict[str, str] = {
    "too_large": "The file is too large (%(size_mb)s MB); at most %(limit_mb)s MB is accepted.",
    "binary": "This is not a text file: it holds binary data.",
    "xml_dtd": "The XML document declares a DTD, which is refused.",
    "xml_entities": "The XML document declares entities, which are refused.",
    "xml_external": "The XML document refers to an external resource, which is refused.",
    "xml_malformed": "The XML document is malformed (line %(line)s, column %(column)s).",
    "json_malformed": "The JSON document is malformed (line %(line)s, column %(column)s).",
    "json_too_deep": "The JSON document is nested more than %(limit)s levels deep.",
    "json_bad_value": "The JSON document holds a value that cannot be read (a number too long, NaN or Infinity).",
    "sql_not_dump": "This is not an SQL dump: it has no CREATE TABLE or INSERT statement.",
    "sql_truncated": "The SQL dump is cut short at line %(line)s (an unterminated string, comment or statement).",
    "sql_row_columns": (
        "Table %(table)s, statement %(statement)s (line %(line)s): row %(row)s has %(got)s values"
        " for %(expected)s columns."
    ),
    "sql_no_columns": (
        "Table %(table)s, statement %(statement)s (line %(line)s): its columns are unknown"
        " (no CREATE TABLE and no column list)."
    ),
    "sql_bad_value": "The SQL dump holds a value that cannot be read at line %(line)s (statement %(statement)s).",
    "sql_syntax": "The SQL dump cannot be read at line %(line)s (statement %(statement)s): unexpected %(token)s.",
}


class UnsafeInput(Exception):
    """A handed-in file refused before anything is read from it into the league."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(MESSAGES[code] % params)


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.1f}"


def check_size(data: bytes, limit: int, what: str) -> None:
    """Refuse `data` over `limit` bytes; `what` ("dump", "xml", "json") is kept for the logs."""
    if len(data) > limit:
        raise UnsafeInput("too_large", size_mb=_mb(len(data)), limit_mb=_mb(limit), what=what)


@dataclass(frozen=True)
class DecodedText:
    text: str
    encoding: str  # "utf-8", "utf-16", "cp1252" or "latin-1"
    repairs: tuple[str, ...] = field(default=())  # what was done besides decoding, in English


# Bytes 0-31 except tab, LF, CR (and form feed, which old text editors leave behind).
_CONTROLS = bytes(b for b in range(32) if b not in (9, 10, 12, 13))
_NOT_CONTROLS = bytes(b for b in range(256) if b not in _CONTROLS)


def looks_binary(data: bytes, share: float = CONTROL_SHARE) -> bool:
    """A NUL byte, or more than `share` of control characters (tab, CR, LF, FF aside)."""
    if b"\x00" in data:
        return True
    controls = len(data.translate(None, _NOT_CONTROLS))
    return bool(controls) and controls > share * len(data)


def _refuse_binary(data: bytes) -> None:
    if looks_binary(data):
        raise UnsafeInput("binary")


def decode_text(data: bytes) -> DecodedText:
    """Bytes to text: a BOM first, then UTF-8, then Windows-1252, then Latin-1; binary refused."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            raise UnsafeInput("binary") from None
        _refuse_binary(text.encode("utf-8"))
        return DecodedText(text, "utf-16", ("byte order mark removed",))
    _refuse_binary(data)
    repairs: tuple[str, ...] = ()
    if data.startswith(b"\xef\xbb\xbf"):
        data, repairs = data[3:], ("byte order mark removed",)
    try:
        return DecodedText(data.decode("utf-8"), "utf-8", repairs)
    except UnicodeDecodeError:
        pass
    try:
        return DecodedText(data.decode("cp1252"), "cp1252", (*repairs, "not UTF-8: read as Windows-1252"))
    except UnicodeDecodeError:
        return DecodedText(data.decode("latin-1"), "latin-1", (*repairs, "not UTF-8: read as Latin-1"))


def _mysql_latin1(text: str) -> bytes | None:
    """The bytes MySQL's "latin1" (Windows-1252 whose 5 holes are the C1 controls) shows as `text`."""
    try:
        return text.encode("cp1252")
    except UnicodeEncodeError:
        pass
    out = bytearray()
    for char in text:
        try:
            out += char.encode("cp1252")
        except UnicodeEncodeError:
            if ord(char) > 0xFF:
                return None
            out.append(ord(char))
    return bytes(out)


# A UTF-8 lead byte read as Latin-1 (Â..ô) followed by a continuation byte read as Latin-1/cp1252.
_MOJIBAKE_HINT = re.compile(
    "[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013-\u203a\u20ac\u2122]"
)


def repair_mojibake(value: str) -> str | None:
    """The text double-encoded UTF-8 (UTF-8 bytes read as Latin-1/cp1252) stood for, or None.

    OBBLM wrote UTF-8 over a latin1 connection into latin1 columns, so a dump shows "JÃ¶rg" for
    "Jörg" (import-export-formats.md §5.7 and the Addendum). Repaired only when every character
    maps back to a byte and those bytes are valid UTF-8: a genuine "Ã" (or "Jörg" beside "JÃ¶rg")
    fails that round trip and is left alone. Repeated for text that went through it twice.
    """
    if value.isascii() or not _MOJIBAKE_HINT.search(value):
        return None
    current = value
    for _ in range(3):
        raw = _mysql_latin1(current)
        if raw is None:
            break
        try:
            decoded = raw.decode("utf-8")
        except UnicodeDecodeError:
            break
        if decoded == current:
            break
        current = decoded
        if current.isascii() or not _MOJIBAKE_HINT.search(current):
            break
    return current if current != value else None


def parse_xml(data: bytes, limit: int = DOCUMENT_LIMIT) -> Element:
    """The root of an XML document; DTDs, entities and external references refused before use."""
    check_size(data, limit, "xml")
    try:
        root: Element = SafeElementTree.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DTDForbidden:
        raise UnsafeInput("xml_dtd") from None
    except EntitiesForbidden:
        raise UnsafeInput("xml_entities") from None
    except ExternalReferenceForbidden:
        raise UnsafeInput("xml_external") from None
    except ParseError as error:
        line, column = error.position
        raise UnsafeInput("xml_malformed", line=line, column=column) from None
    return root


def _json_depth(value: object, limit: int) -> None:
    """Refuse a document nested deeper than `limit`; walked without recursion."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
        for child in children:
            if isinstance(child, dict | list):
                if depth + 1 > limit:
                    raise UnsafeInput("json_too_deep", limit=limit)
                stack.append((child, depth + 1))


def _refuse_constant(name: str) -> object:
    raise ValueError(name)


def load_json(data: bytes, limit: int = DOCUMENT_LIMIT, max_depth: int = JSON_MAX_DEPTH) -> object:
    """A JSON document read within a size and a nesting limit; NaN and Infinity refused."""
    check_size(data, limit, "json")
    text = decode_text(data).text
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise UnsafeInput("json_malformed", line=error.lineno, column=error.colno) from None
    except RecursionError:  # the parser's own guard, far deeper than any limit set here
        raise UnsafeInput("json_too_deep", limit=max_depth) from None
    except ValueError:
        raise UnsafeInput("json_bad_value") from None
    if isinstance(value, dict | list):
        _json_depth(value, max_depth)
    return value
