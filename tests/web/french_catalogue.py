"""Reading the French catalogue and a page's visible text, for tests/web/test_french_pages.py."""

from __future__ import annotations

import ast
import html
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

PO = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES" / "django.po"

# English msgids that may show on a French page all the same: msgid -> why. Keep it short.
ALLOWED_ENGLISH: dict[str, str] = {
    "ruleset": "a field of the JSON match-report format, named as it is spelt in import refusals",
}


# --- the catalogue ---


@dataclass(frozen=True)
class Entry:
    msgid: str
    plural: str | None
    translations: tuple[str, ...]
    fuzzy: bool
    context: str | None = None

    def english_and_french(self) -> list[tuple[str, str]]:
        pairs = [(self.msgid, self.translations[0] if self.translations else "")]
        if self.plural is not None:
            pairs.append((self.plural, self.translations[1] if len(self.translations) > 1 else ""))
        return pairs


def _unquote(text: str) -> str:
    return ast.literal_eval(f'"{text}"')


def catalogue(path: Path = PO) -> list[Entry]:
    """The entries of a .po file (plurals and contexts included; obsolete #~ entries left out)."""
    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        current, fuzzy = None, False
        for line in block.splitlines():
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            if line.startswith("#"):
                continue
            keyword = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) "(.*)"$', line)
            if keyword:
                current = keyword.group(1)
                fields[current] = _unquote(keyword.group(2))
            elif line.startswith('"') and current:
                fields[current] += _unquote(line[1:-1])
        if fields.get("msgid"):
            if "msgid_plural" in fields:
                forms = tuple(fields.get(f"msgstr[{n}]", "") for n in range(2))
            else:
                forms = (fields.get("msgstr", ""),)
            entries.append(Entry(fields["msgid"], fields.get("msgid_plural"), forms, fuzzy, fields.get("msgctxt")))
    return entries


PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\{.*?\}\}")
TAG = re.compile(r"<[^>]+>")


class Wording:
    """An English wording's regex, searched only in a text that holds its longest literal part:
    a substring test costs a hundredth of the regex, and most texts hold few of the 300 wordings."""

    def __init__(self, regex: re.Pattern[str], needle: str) -> None:
        self.regex, self.needle = regex, needle

    def search(self, text: str) -> re.Match[str] | None:
        return self.regex.search(text) if self.needle in text else None


def english_patterns() -> list[tuple[str, Wording]]:
    """A regex per English wording to look for: placeholders match anything short, tags nothing."""
    found = []
    for entry in catalogue():
        for english, french in entry.english_and_french():
            if not french or french == english or english in ALLOWED_ENGLISH:
                continue
            text = " ".join(html.unescape(TAG.sub(" ", english)).split())
            literals = PLACEHOLDER.split(text)
            if sum(ch.isalpha() for part in literals for ch in part) < 4:
                continue  # "MA", "TD", "%(label)s: %(value)s": too short to tell a language by
            body = r".{0,80}?".join(re.escape(part) for part in literals)
            start = r"(?<![\w])" if text[:1].isalnum() else ""
            end = r"(?![\w])" if text[-1:].isalnum() else ""
            found.append((english, Wording(re.compile(start + body + end), max(literals, key=len))))
    return found


# --- what a page shows ---


class VisibleText(HTMLParser):
    """Text a reader sees: text nodes, and the attributes a browser shows (titles, placeholders,
    labels of buttons). Scripts, styles and code samples (<code>, <pre>, <textarea>) are left out."""

    HIDDEN = {"script", "style", "code", "pre", "textarea"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self.hidden += 1
        values = dict(attrs)
        for name in ("title", "placeholder", "aria-label", "alt"):
            if values.get(name):
                self.parts.append(str(values[name]))
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.parts.append(str(values["value"]))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def visible_text(page: str, user_data: list[str]) -> str:
    parser = VisibleText()
    parser.feed(page)
    text = " ".join(" ".join(parser.parts).split())
    # Names typed by people (teams, players, the demo league's English name) are not the catalogue's.
    for name in sorted(user_data, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "·", text)
    return text


# A word (or a closing quote or bracket) glued to a colon: French wants a (non-breaking) space.
GLUED_COLON = re.compile(r"[\w»)\]]:(?=\s|$)")
