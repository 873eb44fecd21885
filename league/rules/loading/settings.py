"""The [settings.<key>] and [setting_groups] tables of ruleset.toml: what a commissioner may change.

Each setting names a parameter (its kind, default and checks come from [parameters] and
parameters.py) or, with league_field = true, a field of the league (kind and default given here).
The page, group and one-line explanations in English and French are data, so a ruleset's settings
page is described by its own file.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..parameters import GROUP_SPECS, PARAMETER_SPECS, Parameters
from .csvio import Problems

RULESET_FILE = "ruleset.toml"
# "multi": a list of keys, several of which may be ticked (the ruleset's inducements, offered by name).
# "numbers": key -> whole number, one field per key, each unset or its default when left empty (the
# league's champion prices, the secret weapons' penalty numbers).
KINDS = {bool: "bool", int: "int", str: "choice", tuple: "multi", dict: "numbers"}


LEAGUE_FIELD_MAX = 32767


@dataclass(frozen=True, slots=True)
class SettingChoice:
    value: str
    label_en: str
    label_fr: str
    default: int | None = None  # a "numbers" key's value when the league sets none (a list price)

    def label(self, lang: str) -> str:
        return self.label_fr if lang.startswith("fr") else self.label_en


@dataclass(frozen=True, slots=True)
class LeagueSetting:
    """One house-rule-able setting as the settings page shows it."""

    key: str
    kind: str  # "bool", "int", "choice", "multi" or "numbers"
    default: bool | int | str | tuple[str, ...] | dict[str, int]
    group: str
    page: str
    text_en: str
    text_fr: str
    choices: tuple[SettingChoice, ...] = ()
    league_field: bool = False  # stored on the League row, not as a HouseRule
    minimum: int = 0
    gp: bool = False  # a gold amount: a multiple of the ruleset's granularity
    maximum: int | None = None  # the most allowed, where the rulebook bounds the value (a card budget)

    def text(self, lang: str) -> str:
        return self.text_fr if lang.startswith("fr") else self.text_en


@dataclass(frozen=True, slots=True)
class SettingGroup:
    key: str
    name_en: str
    name_fr: str

    def name(self, lang: str) -> str:
        return self.name_fr if lang.startswith("fr") else self.name_en


def _line(text: str, pattern: str) -> int | None:
    match = re.search(pattern, text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else None


def _texts(raw: Mapping[str, object], names: tuple[str, ...]) -> list[str] | None:
    values = [raw.get(name) for name in names]
    return [v for v in values if isinstance(v, str) and v.strip()] if all(isinstance(v, str) for v in values) else None


def _groups(document: Mapping[str, object], text: str, problems: Problems) -> dict[str, SettingGroup]:
    table = document.get("setting_groups", {})
    where = _line(text, r"^[ \t]*\[setting_groups\]")
    groups: dict[str, SettingGroup] = {}
    if not isinstance(table, dict):
        problems.add(RULESET_FILE, where, "[setting_groups] must be a table")
        return groups
    for key, raw in table.items():
        texts = _texts(raw, ("en", "fr")) if isinstance(raw, dict) else None
        if not texts or len(texts) != 2:
            problems.add(
                RULESET_FILE,
                _line(text, rf"^[ \t]*{re.escape(key)}[ \t]*=") or where,
                f"setting group {key!r} needs 'en' and 'fr' names",
            )
            continue
        groups[key] = SettingGroup(key, texts[0], texts[1])
    return groups


def _choices(
    key: str, raw: Mapping[str, object], allowed: tuple[str, ...]
) -> tuple[tuple[SettingChoice, ...], str | None]:
    labels_en, labels_fr = raw.get("choices_en"), raw.get("choices_fr")
    if not isinstance(labels_en, dict) or not isinstance(labels_fr, dict):
        return (), f"[settings.{key}] needs choices_en and choices_fr tables wording {', '.join(allowed)}"
    for labels in (labels_en, labels_fr):
        if set(labels) != set(allowed) or not all(isinstance(v, str) and v for v in labels.values()):
            return (), f"[settings.{key}] choices must word exactly {', '.join(allowed)}, got {', '.join(labels)}"
    return tuple(SettingChoice(v, str(labels_en[v]), str(labels_fr[v])) for v in allowed), None


def _setting(
    key: str,
    raw: Mapping[str, object],
    params: Parameters,
    groups: Mapping[str, SettingGroup],
    key_names: Mapping[str, Mapping[str, tuple[str, str] | tuple[str, str, int]]],
    parameter_groups: Mapping[str, object] | None = None,
) -> LeagueSetting | str:
    """The setting, or why it is refused."""
    texts = _texts(raw, ("page", "en", "fr"))
    if not texts or len(texts) != 3:
        return f"[settings.{key}] needs text 'page', 'en' and 'fr'"
    group = raw.get("group")
    if not isinstance(group, str) or group not in groups:
        return f"[settings.{key}] group {group!r} is not one of [setting_groups] ({', '.join(groups)})"
    page, text_en, text_fr = texts
    if raw.get("league_field") is True:
        kind, default = raw.get("kind"), raw.get("default")
        if not (kind == "bool" and type(default) is bool) and not (kind == "int" and type(default) is int):
            return f"[settings.{key}] a league field needs kind 'bool' or 'int' and a default of that kind"
        assert isinstance(default, bool | int)
        # A whole number kept on the league's row fits a small positive column (a rating's K factor).
        whole = kind == "int"
        return LeagueSetting(
            key,
            str(kind),
            default,
            group,
            page,
            text_en,
            text_fr,
            league_field=True,
            minimum=1 if whole else 0,
            maximum=LEAGUE_FIELD_MAX if whole else None,
        )
    group_key, dot, name = key.partition(".")
    if dot:  # a parameter of an optional group the ruleset declares: "alliances.enabled"
        declared = (parameter_groups or {}).get(group_key)
        if declared is None or name not in GROUP_SPECS.get(group_key, {}):
            return f"[settings.{key}] is not a parameter of a group this ruleset declares"
        python_type, meta = GROUP_SPECS[group_key][name]
        value = getattr(declared, name)
        if "between" in meta:  # bounds the ruleset gives as two other numbers of the group
            meta = {**meta, "range": tuple(getattr(declared, bound) for bound in meta["between"])}
    elif key not in PARAMETER_SPECS:
        return f"[settings.{key}] is not a parameter (mark a league field with league_field = true)"
    else:
        python_type, meta = PARAMETER_SPECS[key]
        value = getattr(params, key)
    choices: tuple[SettingChoice, ...] = ()
    if "choices" in meta:
        choices, problem = _choices(key, raw, tuple(meta["choices"]))
        if problem:
            return problem
    if meta.get("keys"):  # worded by the names of the ruleset's own catalogue (inducements, SPP actions)
        named = key_names.get(str(meta["keys"]), {})
        choices = tuple(SettingChoice(k, *names) for k, names in named.items())
    return LeagueSetting(
        key,
        KINDS[python_type],
        value,
        group,
        page,
        text_en,
        text_fr,
        choices=choices,
        minimum=meta["range"][0] if "range" in meta else 1 if meta.get("positive") else 0,
        gp=bool(meta.get("gp")),
        maximum=meta["range"][1] if "range" in meta else None,
    )


def load_settings(
    document: Mapping[str, object],
    text: str,
    params: Parameters,
    problems: Problems,
    key_names: Mapping[str, Mapping[str, tuple[str, str] | tuple[str, str, int]]] | None = None,
    parameter_groups: Mapping[str, object] | None = None,
) -> tuple[tuple[LeagueSetting, ...], Mapping[str, SettingGroup]]:
    """(settings in the file's order, groups by key); every problem names its line.
    `key_names` (catalogue -> key -> English and French names) words a list of keys;
    `parameter_groups` are the optional groups declared, whose parameters a setting names as
    "<group>.<name>" (a quoted key: [settings."alliances.enabled"])."""
    groups = _groups(document, text, problems)
    table = document.get("settings", {})
    if not isinstance(table, dict):
        problems.add(RULESET_FILE, _line(text, r"^[ \t]*\[settings"), "[settings] must hold [settings.<key>] tables")
        return (), groups
    settings: list[LeagueSetting] = []
    for key, raw in table.items():
        where = _line(text, rf'^[ \t]*\[settings\.(?:{re.escape(key)}|"{re.escape(key)}")\]')
        result = (
            _setting(key, raw, params, groups, key_names or {}, parameter_groups)
            if isinstance(raw, dict)
            else f"[settings.{key}] must be a table"
        )
        if isinstance(result, str):
            problems.add(RULESET_FILE, where, result)
        else:
            settings.append(result)
    return tuple(settings), groups
