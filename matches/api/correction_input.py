"""A correction's body checked as the correction page checks it (matches.api.corrections).

Two steps, each naming the field at fault in the request's language (a 400 with the API's error
shape, league.infra.api_errors): first each value's JSON type (a whole number where the sheet counts,
a date where it dates, no key the inputs do not have, no player given twice), which a form, made for
posted text, would read leniently ("2" as 2); then the merged inputs posted through the page's own
sheet (matches.views.correction_sheet), so that the bounds are the page's: scores and gate within
their columns, casualty dice of their sizes, SPP action counts, die faces, the day played, the
reason's length, the players of the match. Nothing reaches the services or the database unchecked.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.settings import api_settings

from league.infra.inputs import BIG_MAX, BIG_MIN
from matches.forms.correction import VoidForm, die_field
from matches.forms.report import CASUALTY_FIELDS, PLAYER_COUNTS
from matches.models import Match
from matches.services.report_input import CasualtyLine, PlayerLine
from matches.views.correction_sheet import correction_form, correction_initial, posted_sheet
from matches.views.report import CASUALTY_COLUMNS

KEY_MAX = 80  # a die's purpose and a decision's key (DiceRoll.purpose, Decision.key)
LIST_MAX = 200  # entries of a list: more than any match has players, casualties or records
RESULT_TYPES = {
    "gate": "int?",
    "conceded_by": "str",
    "shootout_winner": "str",
    "concession_justified": "bool",
    "overtime": "bool",
    "shootout_dice": "pairs",
    "records": "entries",
    "cards_played": "entries",
}
LINE_TYPES = {"player_id": "int", **{f: "int" for f in PlayerLine.__dataclass_fields__ if f != "player_id"}}
LINE_TYPES["actions"] = "counts"
CASUALTY_TYPES = {
    name: "bool" if name.startswith(("apothecary_used", "apothecary_kept", "apothecary_after")) else "int?"
    for name in CasualtyLine.__dataclass_fields__
} | {"victim_id": "int", "d6": "int", "d8": "int"}
# The sheet's fields by the casualty column they fill (ReportForm._clean_player).
CASUALTY_SHEET = {**{key: CASUALTY_COLUMNS[key] for key in CASUALTY_FIELDS}, "apo": "apothecary_used"} | {
    "apo_keep": "apothecary_kept_reroll",
    "apo_after": "apothecary_after_match",
}


class _Problems:
    """Field errors nested like the input, as DRF's ValidationError carries them (lists by index)."""

    def __init__(self) -> None:
        self.fields: dict[str, Any] = {}

    def add(self, path: tuple[Any, ...], message: str) -> None:
        node = self.fields
        for part in path[:-1]:
            node = node.setdefault(str(part), {})
        node.setdefault(str(path[-1]), []).append(message)

    def raise_any(self) -> None:
        if self.fields:
            raise serializers.ValidationError(self.fields)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and BIG_MIN <= value <= BIG_MAX


def _type_problem(value: Any, kind: str) -> str | None:
    """What is wrong with the value's JSON type, or None."""
    if kind.endswith("?") and value is None:
        return None
    kind = kind.rstrip("?")
    if kind == "int" and not _whole(value):
        return _("a whole number is expected.")
    if kind == "bool" and not isinstance(value, bool):
        return _("true or false is expected.")
    if kind == "str" and not isinstance(value, str):
        return _("a text is expected.")
    if kind == "counts" and not (isinstance(value, dict) and all(_whole(v) for v in value.values())):
        return _("an object of whole numbers by action is expected.")
    if kind == "pairs" and not (
        isinstance(value, list)
        and len(value) <= LIST_MAX
        and all(isinstance(p, list) and len(p) == 2 and all(_whole(d) for d in p) for p in value)
    ):
        return _("a list of [home, away] pairs of dice is expected.")
    if kind == "entries" and not (
        isinstance(value, list) and len(value) <= LIST_MAX and all(_entry_ok(e) for e in value)
    ):
        return _("a list of objects is expected, each value a text, a whole number or a list of whole numbers.")
    return None


def _entry_ok(entry: Any) -> bool:
    """A record or a card played: {"record"|"card": text, ...} of texts, numbers and lists of numbers."""
    return isinstance(entry, dict) and all(
        isinstance(v, str) or _whole(v) or (isinstance(v, list) and all(_whole(n) for n in v)) for v in entry.values()
    )


def _rows(problems: _Problems, name: str, rows: list[Any], types: dict[str, str], who: str) -> None:
    """Each line or casualty: an object of known entries of the right types, one per player."""
    seen: set[int] = set()
    if len(rows) > LIST_MAX:
        problems.add(("inputs", name), _("at most %(n)s entries.") % {"n": LIST_MAX})
        return
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            problems.add(("inputs", name, index), _("a JSON object is expected."))
            continue
        unknown = sorted(set(row) - set(types))
        if unknown:
            problems.add(("inputs", name, index), _("unknown entries %(names)s.") % {"names": ", ".join(unknown)})
        for field, kind in types.items():
            if field not in row:
                if not kind.endswith("?") and field in (who, "d6", "d8"):
                    problems.add(("inputs", name, index, field), _("This field is required."))
                continue
            problem = _type_problem(row[field], kind)
            if problem:
                problems.add(("inputs", name, index, field), problem)
        if _whole(row.get(who)):
            if row[who] in seen:
                problems.add(("inputs", name, index, who), _("this player is given twice."))
            seen.add(row[who])


def shape_problems(inputs: dict[str, Any]) -> None:
    """Refuses (ValidationError) a value of the wrong JSON type in the merged inputs, naming it."""
    problems = _Problems()
    for name, value in inputs["result"].items():
        problem = _type_problem(value, RESULT_TYPES.get(name, "int"))
        if problem:
            problems.add(("inputs", "result", name), problem)
    played_on = inputs.get("played_on")
    if played_on is not None:
        try:
            date.fromisoformat(played_on if isinstance(played_on, str) and len(played_on) == 10 else "")
        except ValueError:
            problems.add(("inputs", "played_on"), _("a date (YYYY-MM-DD) is expected."))
    _rows(problems, "lines", inputs["lines"], LINE_TYPES, "player_id")
    _rows(problems, "casualties", inputs["casualties"], CASUALTY_TYPES, "victim_id")
    for key, values in inputs["dice"].items():
        if len(key) > KEY_MAX:
            problems.add(("inputs", "dice"), _("a key of at most %(n)s characters is expected.") % {"n": KEY_MAX})
        elif not (isinstance(values, list) and len(values) <= LIST_MAX and all(_whole(v) for v in values)):
            problems.add(("inputs", "dice", key), _("a list of dice (whole numbers) is expected."))
    for key in inputs["decisions"]:
        if len(key) > KEY_MAX:
            problems.add(("inputs", "decisions"), _("a key of at most %(n)s characters is expected.") % {"n": KEY_MAX})
    problems.raise_any()


def _paths(inputs: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """Each sheet field's place in the body, to name it in a refusal as the body names it."""
    paths: dict[str, tuple[Any, ...]] = {name: ("inputs", "result", name) for name in inputs["result"]}
    paths |= {"played_on": ("inputs", "played_on"), "reason": ("reason",)}
    for index, line in enumerate(inputs["lines"]):
        p = f"p{line['player_id']}"
        paths |= {f"{p}_{key}": ("inputs", "lines", index, attr) for key, attr, _l in PLAYER_COUNTS}
        paths |= {f"{p}_x_{a}": ("inputs", "lines", index, "actions", a) for a in line.get("actions") or {}}
    for index, cas in enumerate(inputs["casualties"]):
        p = f"p{cas['victim_id']}"
        paths |= {f"{p}_{key}": ("inputs", "casualties", index, column) for key, column in CASUALTY_SHEET.items()}
    paths |= {die_field(key): ("inputs", "dice", key) for key in inputs["dice"]}
    for key in inputs["decisions"]:
        parts = key.split(":")
        field = f"mvp_{parts[1]}_{parts[2]}" if parts[0] == "mvp" and len(parts) == 3 else key.replace(":", "_")
        paths[field] = ("inputs", "decisions", key)
    return paths


def sheet_problems(match: Match, inputs: dict[str, Any], reason: str) -> None:
    """Refuses (ValidationError) what the correction page would refuse of the same values, with its words."""
    shown = correction_form(match, inputs, initial=correction_initial(inputs, reason))
    posted = posted_sheet(shown) | {"reason": reason}
    form = correction_form(match, inputs, posted, initial=dict(shown.initial))
    problems = _Problems()
    playing = {line.player_id for line in form.lines}
    for name, who in (("lines", "player_id"), ("casualties", "victim_id")):
        for index, row in enumerate(inputs[name]):
            if row[who] not in playing:
                problems.add(
                    ("inputs", name, index, who),
                    _("Player #%(id)s did not take part in this match.") % {"id": row[who]},
                )
    if not form.is_valid():
        paths = _paths(inputs)
        for name, messages in form.errors.items():
            path = paths.get(name, ("inputs",)) if name != "__all__" else (api_settings.NON_FIELD_ERRORS_KEY,)
            if name.startswith(("rec_", "card__")):
                path = ("inputs", "result", "records" if name.startswith("rec_") else "cards_played")
            for message in messages:
                problems.add(path, str(message))
    problems.raise_any()


def void_reason_problems(reason: str) -> None:
    """A void's reason, as the void form checks it (said, and not longer than the page takes)."""
    form = VoidForm({"reason": reason})
    if not form.is_valid():
        raise serializers.ValidationError({"reason": [str(m) for m in form.errors["reason"]]})
