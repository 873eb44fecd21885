"""Reading `[pre_match_choices.<step>]` of a ruleset.toml: the choice pre-match steps.

A choice step is one side picking one option before the kick-off (seed 002 H:L80-85: the receiving
team chooses the pitch and the pair of dice). Each declares its label in both languages, who
chooses (`chooser`, a role worded by `chooser_en`/`chooser_fr`: the steps of one role are chosen by
the same side), its options in both languages with their effect, and the default option:

    [pre_match_choices.pitch]
    name_en = "Pitch"
    name_fr = "Terrain"
    chooser = "receiving"
    chooser_en = "The receiving team"
    chooser_fr = "L'équipe qui reçoit"
    default = "grass"
    options = [
      { key = "grass", name_en = "Grass", name_fr = "Herbe", effect_en = "No effect.", effect_fr = "Aucun effet." },
    ]
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..choices import ChoiceOption, PreMatchChoice
from .csvio import Problems
from .strict import RULESET_FILE, key_line

TABLE = "pre_match_choices"
KEYS = frozenset({"name_en", "name_fr", "chooser", "chooser_en", "chooser_fr", "default", "options"})
OPTION_KEYS = frozenset({"key", "name_en", "name_fr", "effect_en", "effect_fr"})
NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def _texts(config: Mapping[str, object], *names: str) -> list[str] | None:
    values = [config.get(name) for name in names]
    return [str(v) for v in values] if all(isinstance(v, str) and v for v in values) else None


def _options(raw: object, header: str, where: int | None, problems: Problems) -> tuple[ChoiceOption, ...] | None:
    if not isinstance(raw, list) or not raw or not all(isinstance(o, dict) for o in raw):
        problems.add(RULESET_FILE, where, f"[{header}] options must be a list of tables (key, name_en, name_fr)")
        return None
    found: list[ChoiceOption] = []
    for option in raw:
        unknown = sorted(set(option) - OPTION_KEYS)
        names = _texts(option, "key", "name_en", "name_fr")
        effects = [option.get("effect_en", ""), option.get("effect_fr", "")]
        if unknown:
            problems.add(RULESET_FILE, where, f"[{header}] unknown option key(s) {', '.join(unknown)}")
        elif names is None or not NAME.match(names[0]) or not all(isinstance(e, str) for e in effects):
            problems.add(RULESET_FILE, where, f"[{header}] an option needs a key (a-z, 0-9, _), name_en and name_fr")
        elif any(o.key == names[0] for o in found):
            problems.add(RULESET_FILE, where, f"[{header}] option {names[0]!r} is given twice")
        else:
            found.append(ChoiceOption(names[0], names[1], names[2], str(effects[0]), str(effects[1])))
            continue
        return None
    return tuple(found)


def load_pre_match_choices(
    document: Mapping[str, object], text: str, problems: Problems, reserved: set[str]
) -> dict[str, PreMatchChoice]:
    """The declared choice steps, by name. A name a registered step or a table-roll step already
    has is refused: the step list could not tell them apart."""
    raw = document.get(TABLE, {})
    if not isinstance(raw, dict):
        problems.add(RULESET_FILE, key_line(text, TABLE, TABLE), f"[{TABLE}] must hold one table per step")
        return {}
    found: dict[str, PreMatchChoice] = {}
    for step, config in raw.items():
        header = f"{TABLE}.{step}"
        where = key_line(text, header, "options")
        if not isinstance(config, dict):
            problems.add(RULESET_FILE, where, f"[{header}] must be a table")
            continue
        unknown = sorted(set(config) - KEYS)
        if unknown:
            problems.add(RULESET_FILE, where, f"unknown key(s) {', '.join(unknown)} in [{header}]")
            continue
        if not NAME.match(step) or step in reserved:
            problems.add(RULESET_FILE, where, f"[{header}]: {step!r} is not a free step name (a-z, 0-9, _)")
            continue
        texts = _texts(config, "name_en", "name_fr", "chooser", "chooser_en", "chooser_fr", "default")
        if texts is None:
            problems.add(RULESET_FILE, where, f"[{header}] needs text {', '.join(sorted(KEYS - {'options'}))}")
            continue
        options = _options(config.get("options"), header, where, problems)
        if options is None:
            continue
        if not any(o.key == texts[5] for o in options):
            problems.add(
                RULESET_FILE, key_line(text, header, "default"), f"[{header}] default is not one of its options"
            )
            continue
        found[step] = PreMatchChoice(step, texts[0], texts[1], texts[2], texts[3], texts[4], options, texts[5])
    return found
