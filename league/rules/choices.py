"""The records of a choice pre-match step (`[pre_match_choices.<step>]` of a ruleset.toml), apart
from types.py so that each module keeps its length."""

from __future__ import annotations

from dataclasses import dataclass

from .types import _Named


@dataclass(frozen=True, slots=True)
class ChoiceOption(_Named):
    """One option of a choice pre-match step (a pitch, a pair of dice), with its effect in words."""

    key: str
    name_en: str
    name_fr: str
    effect_en: str = ""
    effect_fr: str = ""

    def effect(self, lang: str) -> str:
        return self.effect_fr if lang.startswith("fr") and self.effect_fr else self.effect_en


@dataclass(frozen=True, slots=True)
class PreMatchChoice(_Named):
    """A choice pre-match step: `[pre_match_choices.<step>]` of a ruleset.toml (seed 002 H:L80-85:
    the receiving team chooses the pitch). One side chooses one option; the chooser's role
    (`chooser`, e.g. "receiving") is worded in both languages, and the steps of one role are chosen
    by one side."""

    step: str
    name_en: str
    name_fr: str
    chooser: str
    chooser_en: str
    chooser_fr: str
    options: tuple[ChoiceOption, ...]
    default: str

    def chooser_name(self, lang: str) -> str:
        return self.chooser_fr if lang.startswith("fr") and self.chooser_fr else self.chooser_en

    def option(self, key: str) -> ChoiceOption | None:
        return next((o for o in self.options if o.key == key), None)
