"""The result sheet's fields for the ruleset's match-sheet records (league.rules.match_records):
one field per record (per team when the record is kept per team), typed as a coach writes it at
the table: rolls "7, 12" or "#8 4+5, #3 6" (a player's roster number, then the dice), players
"#3, #7", a count, or notes one per line; a record grouped by kick-off takes each kick-off's
entries after its number, "1: #8 4, #3 6; 2: #8 1". The service checks the entries
(matches.services.records)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.rules import Ruleset
from league.rules.match_records import MatchRecord
from matches.forms.common import NUMERIC
from matches.models import SIDES, MatchPlayer

_GROUP = re.compile(r"^(\d{1,3})\s*:\s*")  # "2: ": the kick-off the entries from here on were made before
_ENTRY = re.compile(r"^(?:#?(\d{1,3})\s+|#(\d{1,3})\s*)?(\d{1,2}(?:\s*[+ ]\s*\d{1,2})*)?$")


def record_fields(ruleset: Ruleset) -> list[tuple[str, MatchRecord, str]]:
    """(field name, record, side or "") for every record of the ruleset, in the data's order."""
    out = []
    for record in ruleset.match_records.values():
        if record.per == "team":
            out += [(f"rec_{record.key}_{side}", record, side) for side, _l in SIDES]
        else:
            out.append((f"rec_{record.key}", record, ""))
    return out


def _help(record: MatchRecord) -> str:
    if record.grouped_by and record.kind == "roll" and record.player:
        return _(
            "Each kick-off's number, then its rolls: the player's number and the dice (%(dice)s), "
            "e.g. “1: #8 4, #3 6; 2: #8 1”."
        ) % {"dice": record.dice}
    if record.grouped_by:
        return _("Each kick-off's number, then its entries, e.g. “1: #3, #7; 2: #3”.")
    if record.kind == "roll" and record.player:
        return _("One roll per entry: the player's number, then the dice (%(dice)s), e.g. “#8 4+5, #3 6”.") % {
            "dice": record.dice
        }
    if record.kind == "roll":
        return _("The dice (%(dice)s) of each roll, in order, e.g. “7, 12” or “3+4, 6+6”.") % {"dice": record.dice}
    if record.kind == "player":
        return _("The players' numbers, e.g. “#3, #7”.")
    return ""


def add_record_fields(form: forms.Form, ruleset: Ruleset, lines: Sequence[MatchPlayer]) -> None:
    lang = get_language() or "en"
    stored = form.initial.get("records")
    for name, record, side in record_fields(ruleset):
        label = record.name(lang) if not side else f"{record.name(lang)} · {form.match.team(side).name}"  # type: ignore[attr-defined]
        if record.kind == "count":
            field: forms.Field = forms.IntegerField(
                label=label, required=False, min_value=0, max_value=99, widget=forms.NumberInput(attrs=NUMERIC)
            )
        else:
            widget = forms.Textarea(attrs={"rows": 2, "class": "form-control"}) if record.kind == "note" else None
            field = forms.CharField(
                label=label,
                required=False,
                max_length=600,
                help_text=_help(record),
                widget=widget or forms.TextInput(attrs={"class": "form-control", "autocomplete": "off"}),
            )
        form.fields[name] = field
        if isinstance(stored, list):
            form.initial[name] = records_text(record, side, stored, lines)


def record_groups(form: forms.Form, ruleset: Ruleset) -> list[dict[str, Any]]:
    """The ruleset's match-sheet records, each with its bound fields (one, or one per team)."""
    lang = get_language() or "en"
    fields = record_fields(ruleset)
    return [
        {
            "record": r,
            "name": r.name(lang),
            "when": r.when(lang),
            "fields": [form[n] for n, rec, _s in fields if rec is r],
        }
        for r in ruleset.match_records.values()
    ]


def records_text(record: MatchRecord, side: str, stored: Iterable[Any], lines: Sequence[MatchPlayer]) -> Any:
    """Stored entries of one record and side as its field shows them."""
    numbers = {line.player_id: line.player.number for line in lines}
    mine = [e for e in stored if isinstance(e, dict) and e.get("record") == record.key and e.get("side", "") == side]
    if record.kind == "count":
        return mine[0].get("count") if mine else None
    if record.kind == "note":
        return "\n".join(str(e.get("note", "")) for e in mine)
    parts: list[str] = []
    groups: list[str] = []
    group: object = None
    for entry in mine:
        who = f"#{numbers.get(entry['player'], '?')}" if "player" in entry else ""
        dice = "+".join(str(d) for d in entry.get("dice", []))
        text = " ".join(p for p in (who, dice) if p)
        if record.grouped_by and entry.get(record.grouped_by) != group:  # a new kick-off: "; 2: ..."
            group = entry.get(record.grouped_by)
            if parts:
                groups.append(", ".join(parts))
            parts, text = [], f"{group}: {text}"
        parts.append(text)
    return "; ".join([*groups, ", ".join(parts)] if parts else groups)


def clean_records(form: forms.Form, ruleset: Ruleset, lines: Sequence[MatchPlayer]) -> list[dict[str, Any]]:
    """The entries typed on the sheet; a field that cannot be read gets an error."""
    by_number = {(line.side, line.player.number): line.player_id for line in lines}
    entries: list[dict[str, Any]] = []
    for name, record, side in record_fields(ruleset):
        raw = form.cleaned_data.get(name)
        base: dict[str, Any] = {"record": record.key, **({"side": side} if side else {})}
        if record.kind == "count":
            if raw:
                entries.append({**base, "count": raw})
            continue
        if record.kind == "note":
            entries += [{**base, "note": note.strip()} for note in str(raw or "").splitlines() if note.strip()]
            continue
        group = 1  # entries before any "<kick-off>:" are the first kick-off's
        for chunk in (c.strip() for c in re.split(r"[,;\n]", str(raw or "")) if c.strip()):
            starts = _GROUP.match(chunk) if record.grouped_by else None
            if starts:
                group, chunk = int(starts.group(1)), chunk[starts.end() :]
            entry = _entry(record, side, chunk, by_number)
            if entry is not None and record.grouped_by:
                entry[record.grouped_by] = group
            if entry is None:
                form.add_error(
                    name, _("“%(entry)s” cannot be read: %(help)s") % {"entry": chunk, "help": _help(record)}
                )
                break
            entries.append({**base, **entry})
    return entries


def _entry(record: MatchRecord, side: str, chunk: str, by_number: dict[tuple[str, int], int]) -> dict[str, Any] | None:
    found = _ENTRY.match(chunk)
    if not found:
        return None
    number, dice = found.group(1) or found.group(2), found.group(3)
    entry: dict[str, Any] = {}
    if record.kind == "player" or record.player:
        if number is None:
            if record.kind != "player" or dice is None:
                return None
            number, dice = dice, None  # "7": a roster number
        entry["player"] = by_number.get((side, int(number)), -int(number))  # unknown: refused by the service
    elif number is not None:
        return None
    if record.kind == "roll":
        if dice is None:
            return None
        entry["dice"] = [int(d) for d in re.split(r"\s*[+ ]\s*", dice)]
    elif dice is not None:
        return None
    return entry
