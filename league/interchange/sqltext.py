"""The words of a mysqldump/MariaDB dump: its tokens and the values of its literals.

Pure Python (no Django); `league.interchange.sqldump` reads the statements. MySQL's string
escapes (\\' \\\\ \\n \\0 \\Z and the others, and a doubled quote) follow the MySQL manual,
"String Literals": `\\%` and `\\_` keep their backslash, any other escaped character stands for itself.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from league.interchange.safe import looks_binary

Value = int | float | str | None

# A DELIMITER line (a command of the mysql client, at the start of a line) comes first, so the
# whitespace stops at each line's end.
TOKEN = re.compile(
    r"""
    (?P<delimiter>(?<![^\n])[ \t]*(?P<command>DELIMITER)[ \t]+(?P<delim>\S+)[^\n]*)
    |(?P<ws>[^\S\n]*\n|[^\S\n]+)
    |(?P<comment>--(?=\s|$)[^\n]*|\#[^\n]*|/\*.*?\*/)
    |(?P<string>'[^'\\]*(?:(?:\\.|'')[^'\\]*)*'|"[^"\\]*(?:(?:\\.|"")[^"\\]*)*")
    |(?P<ident>`[^`]*(?:``[^`]*)*`)
    |(?P<hex>0x[0-9A-Fa-f]*|[Xx]'[0-9A-Fa-f]*')
    |(?P<bits>0b[01]+|[Bb]'[01]*')
    |(?P<number>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?(?![\w$]))
    |(?P<word>[\w$]+)
    |(?P<punct>[(),;.])
    |(?P<other>.)
    """,
    re.X | re.S | re.I,
)
END_OF_ROUTINES = re.compile(r"(?im)^[ \t]*DELIMITER[ \t]+;[^\n]*$")
# The fast path for the bulk of a dump: a whole row of plain values (strings, numbers, NULL) is
# matched at once, then its values are picked out in one pass.
PLAIN = r"""(?:'[^'\\]*(?:(?:\\.|'')[^'\\]*)*'|-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|NULL)"""
ROW = re.compile(rf"\s*\(((?:{PLAIN}\s*,\s*)*{PLAIN}\s*)\)", re.S)
ITEM = re.compile(
    r"""\s*(?:'([^'\\]*(?:(?:\\.|'')[^'\\]*)*)'|(-?\d+)(?![\d.eE])|(-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)|(NULL))\s*(?:,|$)""",
    re.S,
)
NUMERIC_ROW = re.compile(r"\s*\(([-\d.,eENUL \t\r\n]*)\)")
AFTER_ROW = re.compile(r"\s*([,;])")
# One plain value and what follows it, for a row the fast path could not take whole.
VALUE = re.compile(rf"\s*({PLAIN})\s*([,)])", re.S)
ESCAPES = {"0": "\0", "b": "\b", "n": "\n", "r": "\r", "t": "\t", "Z": "\x1a", "%": "\\%", "_": "\\_"}
PARTS = {q: re.compile(rf"(\\.|{q}{q})", re.S) for q in "'\""}
# The bytes of a file that were not UTF-8 (decoded with "surrogateescape").
UNDECODED = re.compile("[\udc80-\udcff]")
NOT_A_COLUMN = {"PRIMARY", "KEY", "INDEX", "UNIQUE", "CONSTRAINT", "FOREIGN", "FULLTEXT", "SPATIAL", "CHECK", "PERIOD"}


def unquote(body: str, quote: str = "'") -> str:
    """The value of a string written between `quote`s: its escapes and doubled quotes undone."""
    if "\\" not in body and quote * 2 not in body:
        return body
    parts = PARTS[quote].split(body)  # text, separator, text, separator... (a capturing split)
    for i in range(1, len(parts), 2):
        parts[i] = quote if parts[i] == quote * 2 else ESCAPES.get(parts[i][1], parts[i][1])
    return "".join(parts)


def string_value(token: str) -> str:
    return unquote(token[1:-1], token[0])


def plain(quoted: str | None, integer: str | None, number: str | None, null: str | None) -> Value:
    """A value picked out by `ITEM` (findall gives "" for the groups that did not match)."""
    if integer:
        return int(integer)
    if number:
        return number_value(number)
    if null:
        return None
    assert quoted is not None
    return unquote(quoted)


def bare(text: str) -> Value:
    """A number or NULL of a row without strings."""
    text = text.strip()
    return None if text == "NULL" else number_value(text)


def number_value(text: str) -> int | float:
    if text.lstrip("-").isdigit():
        return int(text)
    try:
        number = Decimal(text)
    except InvalidOperation:
        return float(text)
    return int(number) if number == number.to_integral_value() else float(number)


def hex_value(token: str) -> str | None:
    """The text a 0x.. or X'..' literal holds, or None when its bytes are not UTF-8 text."""
    digits = token[2:] if token[0] == "0" else token[2:-1]
    try:
        return bytes.fromhex(digits.zfill(len(digits) + len(digits) % 2)).decode("utf-8")
    except UnicodeDecodeError:
        return None


def not_utf8_value(value: str) -> str | None:
    """A value of a file not all UTF-8: a Latin-1 column dumped as such, or None for a binary one."""
    raw = value.encode("utf-8", "surrogateescape")
    if looks_binary(raw, share=0.1):
        return None
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        return raw.decode("latin-1")
