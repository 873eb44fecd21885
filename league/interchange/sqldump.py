"""A mysqldump/MariaDB dump read without a database server: its tables' rows as Python values.

Pure Python (no Django). A regular-expression tokenizer (`sqltext`) walks the text once; the rows
of an INSERT are read a whole row at a time (numbers only, or plain strings, numbers and NULL),
else one value at a time, else through the tokenizer for anything unusual. Only CREATE TABLE (for the column names) and INSERT/REPLACE are read; every
other statement (SET, LOCK TABLES, DROP, ALTER...) is skipped, and so are routines and triggers
written between `DELIMITER ;;` lines. Values: int, float, str, None for NULL; hexadecimal and
`_binary` literals become text when they are valid UTF-8; zero dates stay the string they are
(the decoder maps them to None). A file not all UTF-8 is read value by value. Each string is checked for double-encoded UTF-8 and repaired,
and every repair is reported (import-export-formats.md §5.7 and the Addendum).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from league.interchange import sqltext
from league.interchange.safe import (
    DUMP_LIMIT,
    UnsafeInput,
    check_size,
    decode_text,
    repair_mojibake,
)

Value = sqltext.Value


@dataclass(frozen=True)
class ValueRepair:
    table: str
    row: int  # the index of the row in Dump.tables[table]
    column: str
    before: str
    after: str


@dataclass
class Dump:
    tables: dict[str, list[dict[str, Value]]] = field(default_factory=dict)
    columns: dict[str, list[str]] = field(default_factory=dict)
    repairs: list[ValueRepair] = field(default_factory=list)
    server: str = "mysql"  # or "mariadb"
    warnings: list[str] = field(default_factory=list)  # English, for the logs and the dry run
    encoding: str = "utf-8"  # the file's as a whole; when not UTF-8, each value is read on its own


class _Reader:
    def __init__(self, text: str, dump: Dump, tables: set[str] | None) -> None:
        self.text = text
        self.dump = dump
        self.wanted = tables
        self.binary: list[int] = []  # the statements holding a binary value that is not text
        self.in_statement = False  # a DELIMITER command counts only between statements
        self.mixed = False  # the file is not all UTF-8: its undecoded bytes are kept as surrogates
        self.latin1 = 0  # the values read as Windows-1252
        self.pos = 0
        self.statement = 0
        self.statement_start = 0

    # -- tokens ---------------------------------------------------------------------------------
    def line(self, pos: int | None = None) -> int:
        return self.text.count("\n", 0, self.pos if pos is None else pos) + 1

    def next(self) -> tuple[str, str]:
        """The next meaningful token as (kind, text); ("eof", "") at the end."""
        text, match_at = self.text, sqltext.TOKEN.match
        while True:
            if self.pos >= len(text):
                return "eof", ""
            match = match_at(text, self.pos)
            assert match is not None  # `other` matches any character
            self.pos = match.end()
            kind = match.lastgroup or "other"
            if kind in ("ws", "comment"):
                if kind == "comment" and match.group().startswith("/*") and "M!" in match.group()[:4]:
                    self.dump.server = "mariadb"
                continue
            if kind == "other":
                if match.group() in "'\"`" or text.startswith("/*", match.start()):
                    raise UnsafeInput("sql_truncated", line=self.line(match.start()))
            if kind == "delimiter":
                if self.in_statement:  # a column named delimiter, say: a word like any other
                    self.pos = match.end("command")
                    return "word", match.group("command")
                if match.group("delim") != ";":
                    self.skip_routines()
                continue
            return kind, match.group()

    def skip_routines(self) -> None:
        end = sqltext.END_OF_ROUTINES.search(self.text, self.pos)
        self.dump.warnings.append(f"Routines and triggers skipped from line {self.line()}.")
        self.pos = end.end() if end else len(self.text)

    def error(self, token: str) -> UnsafeInput:
        if not token:
            return UnsafeInput("sql_truncated", line=self.line(self.statement_start))
        shown = token[:30]
        return UnsafeInput("sql_syntax", line=self.line(), statement=self.statement, token=shown)

    def skip_statement(self, kind: str, token: str) -> None:
        while kind != "eof" and token != ";":
            kind, token = self.next()
        if kind == "eof":
            raise UnsafeInput("sql_truncated", line=self.line(self.statement_start))

    def name(self, kind: str, token: str) -> str:
        """A name, backquoted or not."""
        if kind not in ("ident", "word"):
            raise self.error(token)
        name = token[1:-1].replace("``", "`") if kind == "ident" else token
        return name

    def qualified_name(self, kind: str, token: str) -> tuple[str, tuple[str, str]]:
        """A table name qualified by its database or not (its last part), and the token after it."""
        name = self.name(kind, token)
        following = self.next()
        while following[1] == ".":
            name = self.name(*self.next())
            following = self.next()
        return name, following

    # -- statements -----------------------------------------------------------------------------
    def run(self) -> None:
        while True:
            self.in_statement = False
            kind, token = self.next()
            self.in_statement = True
            if kind == "eof":
                return
            if token == ";":
                continue
            self.statement += 1
            self.statement_start = self.pos - len(token)
            keyword = token.upper() if kind == "word" else ""
            if keyword in ("INSERT", "REPLACE"):
                self.insert()
            elif keyword == "CREATE":
                self.create()
            else:
                self.skip_statement(kind, token)

    def create(self) -> None:
        kind, token = self.next()
        while token.upper() in ("OR", "REPLACE"):  # MariaDB's CREATE OR REPLACE TABLE
            kind, token = self.next()
        if token.upper() != "TABLE":  # a view, a routine, a temporary table: nothing to import
            self.skip_statement(kind, token)
            return
        kind, token = self.next()
        while token.upper() in ("IF", "NOT", "EXISTS"):
            kind, token = self.next()
        table, (kind, token) = self.qualified_name(kind, token)
        if token != "(":  # CREATE TABLE ... LIKE / AS SELECT: no columns to learn
            self.skip_statement(kind, token)
            return
        columns: list[str] = []
        depth, starts = 1, True
        while depth:
            kind, token = self.next()
            if kind == "eof":
                raise UnsafeInput("sql_truncated", line=self.line(self.statement_start))
            if token == "(":
                depth += 1
            elif token == ")":
                depth -= 1
            elif depth == 1 and token == ",":
                starts = True
                continue
            if (
                starts
                and depth == 1
                and (kind == "ident" or kind == "word" and token.upper() not in sqltext.NOT_A_COLUMN)
            ):
                columns.append(self.name(kind, token))
            starts = False
        if columns:
            self.dump.columns[table] = columns
        if self.wanted is None or table in self.wanted:
            self.dump.tables.setdefault(table, [])  # an empty table is there, unlike a missing one
        self.skip_statement(*self.next())

    def insert(self) -> None:
        kind, token = self.next()
        while kind == "word" and token.upper() in ("LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "INTO"):
            kind, token = self.next()
        table, (kind, token) = self.qualified_name(kind, token)
        columns: list[str] | None = None
        if token == "(":
            columns = []
            while token != ")":
                kind, token = self.next()
                if kind in ("ident", "word"):
                    columns.append(self.name(kind, token))
                elif token not in (",", ")"):
                    raise self.error(token)
            kind, token = self.next()
        if token.upper() not in ("VALUES", "VALUE"):
            raise self.error(token)
        if columns is None:
            columns = self.dump.columns.get(table)
            if columns is None:
                raise UnsafeInput("sql_no_columns", table=table, statement=self.statement, line=self.line())
        else:
            self.dump.columns.setdefault(table, columns)
        keep = self.wanted is None or table in self.wanted
        rows = self.dump.tables.setdefault(table, []) if keep else None
        self.rows(table, columns, rows)

    def rows(self, table: str, columns: list[str], rows: list[dict[str, Value]] | None) -> None:
        text, row_at, after_at = self.text, sqltext.ROW.match, sqltext.AFTER_ROW.match
        row_number = 0
        while True:
            row_number += 1
            values = self.numeric_row()
            if values is not None:
                ascii_only = True
            elif (match := row_at(text, self.pos)) is not None:
                # Integers and strings without escapes inline: the bulk of a dump, read without a call.
                values = [
                    int(i) if i else q if q and "\\" not in q and "''" not in q else sqltext.plain(q, i, n, z)
                    for q, i, n, z in sqltext.ITEM.findall(match.group(1))
                ]
                self.pos = match.end()
                ascii_only = match.group().isascii()
            else:
                kind, token = self.next()
                if token != "(":
                    raise self.error(token)
                start = self.pos
                values = self.values()
                ascii_only = text[start : self.pos].isascii()
            if len(values) != len(columns):
                raise UnsafeInput(
                    "sql_row_columns",
                    table=table,
                    statement=self.statement,
                    line=self.line(),
                    row=row_number,
                    got=len(values),
                    expected=len(columns),
                )
            if rows is not None:
                row = dict(zip(columns, values, strict=True))
                if not ascii_only:
                    self.repair(table, len(rows), row)
                rows.append(row)
            after = after_at(text, self.pos)
            if after is not None:
                self.pos = after.end()
                if after.group(1) == ";":
                    return
                continue
            kind, token = self.next()
            if token == ";":
                return
            if kind == "eof":
                raise UnsafeInput("sql_truncated", line=self.line(self.statement_start))
            if token != ",":
                # ON DUPLICATE KEY UPDATE ... : nothing more to read from this statement
                self.skip_statement(kind, token)
                return

    def numeric_row(self) -> list[Value] | None:
        """A row of numbers and NULLs only (most of OBBLM's tables), or None to read it otherwise."""
        match = sqltext.NUMERIC_ROW.match(self.text, self.pos)
        if match is None:
            return None
        try:
            values = [int(v) if v.isdigit() else sqltext.bare(v) for v in match.group(1).split(",")]
        except ValueError:
            return None
        self.pos = match.end()
        return values

    def values(self) -> list[Value]:
        """The values of one row, its opening parenthesis read; reads through its closing one."""
        values: list[Value] = []
        text, match_value = self.text, sqltext.VALUE.match
        while True:
            match = match_value(text, self.pos)
            if match is not None:
                self.pos = match.end()
                values.append(sqltext.plain(*sqltext.ITEM.match(match.group(1)).groups()))  # type: ignore[union-attr]
                if match.group(2) == ")":
                    return values
                continue
            value, separator = self.slow_value()
            values.append(value)
            if separator == ")":
                return values

    def slow_value(self) -> tuple[Value, str]:
        """One value through the tokenizer: signs, introducers, hex, comments, TRUE/FALSE..."""
        kind, token = self.next()
        sign = 1
        while token in ("-", "+"):
            sign = -sign if token == "-" else sign
            kind, token = self.next()
        if kind == "word" and (token.startswith("_") and token != "_" or token.upper() == "N"):
            kind, token = self.next()  # a character set introducer: _binary, _utf8mb4, _latin1
        value: Value
        if kind == "string":
            value = sqltext.string_value(token)
        elif kind == "number":
            value = sqltext.number_value(token)
            value = -value if sign < 0 else value
        elif kind == "hex":
            value = self.hex_text(token)
        elif kind == "bits":
            digits = token[2:] if token.startswith("0") else token[2:-1]
            value = int(digits or "0", 2)
        elif kind == "word" and token.upper() in ("NULL", "TRUE", "FALSE"):
            value = {"NULL": None, "TRUE": 1, "FALSE": 0}[token.upper()]
        else:
            raise self.error(token)
        kind, separator = self.next()
        if separator not in (",", ")"):
            if kind == "eof":
                raise UnsafeInput("sql_truncated", line=self.line(self.statement_start))
            raise self.error(separator)
        return value, separator

    def hex_text(self, token: str) -> str | None:
        text = sqltext.hex_value(token)
        if text is None:
            self.binary_value()
        return text

    def binary_value(self) -> None:
        # One warning for them all, written at the end: finding a line number costs a scan.
        if not self.binary:
            self.binary.append(self.line())
        self.binary.append(self.statement)

    def repair(self, table: str, index: int, row: dict[str, Value]) -> None:
        for column, value in row.items():
            if isinstance(value, str) and not value.isascii():
                if self.mixed and sqltext.UNDECODED.search(value):
                    row[column] = self.not_utf8(value)
                    continue
                repaired = repair_mojibake(value)
                if repaired is not None:
                    row[column] = repaired
                    self.dump.repairs.append(ValueRepair(table, index, column, value, repaired))

    def not_utf8(self, value: str) -> str | None:
        text = sqltext.not_utf8_value(value)
        if text is None:
            self.binary_value()
        else:
            self.latin1 += 1
        return text


_STATEMENT = re.compile(r"\b(?:INSERT|CREATE|REPLACE)\b", re.I)


def read_dump(data: bytes, *, limit: int = DUMP_LIMIT, tables: set[str] | None = None) -> Dump:
    """The rows of a mysqldump/MariaDB dump (of the `tables` named, or all), refusing unsafe input."""
    check_size(data, limit, "dump")
    decoded = decode_text(data)
    text = decoded.text
    # A dump that is not all UTF-8 is most often a UTF-8 one holding a binary column, or a Latin-1
    # one: its undecoded bytes are kept and each value holding some is read on its own.
    mixed = decoded.encoding in ("cp1252", "latin-1")
    if mixed:
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8", "surrogateescape")
    if not _STATEMENT.search(text):
        raise UnsafeInput("sql_not_dump")
    dump = Dump(encoding=decoded.encoding)
    head = text[:4096]
    if "MariaDB" in head or "/*M!" in head:
        dump.server = "mariadb"
    reader = _Reader(text, dump, tables)
    reader.mixed = mixed
    try:
        reader.run()
    except ValueError:  # a number Python will not read (thousands of digits)
        raise UnsafeInput("sql_bad_value", line=reader.line(), statement=reader.statement) from None
    if not dump.columns and not dump.tables:
        raise UnsafeInput("sql_not_dump")
    if reader.latin1:
        dump.warnings.append(f"{reader.latin1} value(s) that are not UTF-8 were read as Windows-1252.")
    if reader.binary:
        line, first, count = reader.binary[0], reader.binary[1], len(reader.binary) - 1
        dump.warnings.append(
            f"{count} binary value(s) that are not text were read as NULL (the first in statement {first},"
            f" line {line})."
        )
    if re.match(r"\s*-- (?:MySQL|MariaDB) dump", text[:1024]) and "-- Dump completed" not in text[-4096:]:
        dump.warnings.append("The dump has no 'Dump completed' line at its end: it may be incomplete.")
    return dump
