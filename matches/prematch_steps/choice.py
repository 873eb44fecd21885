"""Choice pre-match steps: one side picks one option the ruleset declares in data (a house rule:
the receiving team chooses the pitch and the pair of dice).

The ruleset's [pre_match_choices.<step>] gives the options in both languages with their effects, the
default and who chooses (a role such as "the receiving team", league/rules/loading/prematch_choices.py).
The record form asks which side holds the role (once for all the steps of one role: the same
team chooses them all) and the option; the match keeps both (Match.prematch_values[step] =
{"option": key, "side": side}), the match page shows them with the option's effect, and the
post-match sequence is handed the option's key (run.report.prematch[step]), as a table roll's.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.rules import Ruleset
from league.rules.choices import PreMatchChoice
from matches.models import SIDES
from matches.services.prematch_steps import PrematchContext, PrematchStep, register_kind


def side_field(choice: PreMatchChoice) -> str:
    """The record form's field naming the side that holds the choice's role (shared by its steps)."""
    return f"chooser_{choice.chooser}"


class ChoiceStep(PrematchStep):
    record_template = "matches/prematch_steps/choice.html"
    facts_template = "matches/prematch_steps/choice_facts.html"

    def __init__(self, name: str) -> None:
        self.name = name
        self.side_key = ""  # the form's field for the chooser's side (form_fields sets it)

    def choice(self, ruleset: Ruleset) -> PreMatchChoice:
        return ruleset.pre_match_choices[self.name]

    def label(self, ruleset: Ruleset, lang: str) -> str:
        return self.choice(ruleset).name(lang)

    def _first_of_role(self, ruleset: Ruleset) -> bool:
        role = self.choice(ruleset).chooser
        listed = [s for s in ruleset.pre_match_steps if s in ruleset.pre_match_choices]
        return next(s for s in listed if ruleset.pre_match_choices[s].chooser == role) == self.name

    def form_fields(self, ruleset: Ruleset, lang: str) -> dict[str, Any]:
        choice = self.choice(ruleset)
        self.side_key = side_field(choice)
        fields: dict[str, Any] = {}
        if self._first_of_role(ruleset):  # one question per role: the same team chooses all its steps
            fields[side_field(choice)] = forms.ChoiceField(
                label=choice.chooser_name(lang), widget=forms.RadioSelect, choices=list(SIDES)
            )
        fields[self.name] = forms.ChoiceField(
            label=choice.name(lang),
            widget=forms.RadioSelect,
            initial=choice.default,
            choices=[
                (o.key, f"{o.name(lang)} — {o.effect(lang)}" if o.effect(lang) else o.name(lang))
                for o in choice.options
            ],
        )
        return fields

    def form_value(self, data: dict[str, Any]) -> Any:
        return {"option": data.get(self.name), "side": data.get(self.side_key)}

    def check(self, ctx: PrematchContext) -> None:
        choice = self.choice(ctx.ruleset)
        given = ctx.data.given(self.name)
        if not isinstance(given, dict) or given.get("side") not in ("home", "away"):
            ctx.problems.append(
                _("%(step)s: say which team chose (%(chooser)s).")
                % {"step": self.label(ctx.ruleset, _lang()), "chooser": choice.chooser_name(_lang()).lower()}
            )
            return
        if choice.option(str(given.get("option"))) is None:
            ctx.problems.append(
                _("%(step)s: %(option)s is not one of the options (%(options)s).")
                % {
                    "step": self.label(ctx.ruleset, _lang()),
                    "option": given.get("option"),
                    "options": ", ".join(o.key for o in choice.options),
                }
            )
            return
        chosen_by = ctx.shared.setdefault("choosers", {})
        if chosen_by.setdefault(choice.chooser, given["side"]) != given["side"]:
            ctx.problems.append(
                _("%(step)s: %(chooser)s is one team, the one that chose the other steps of its role.")
                % {"step": self.label(ctx.ruleset, _lang()), "chooser": choice.chooser_name(_lang())}
            )

    def record(self, ctx: PrematchContext) -> None:
        given = ctx.data.given(self.name)
        value = {"option": given["option"], "side": given["side"]}
        ctx.match.prematch_values = {**ctx.match.prematch_values, self.name: value}
        ctx.audit[self.name] = value

    def facts(self, match: Any, ruleset: Ruleset, lang: str) -> dict[str, Any] | None:
        value = match.prematch_values.get(self.name)
        if not isinstance(value, dict):
            return None
        choice = self.choice(ruleset)
        option = choice.option(value.get("option", ""))
        side = value.get("side")
        return {
            "step": self.name,
            "label": choice.name(lang),
            "result": option.name(lang) if option else value.get("option"),
            "effect": option.effect(lang) if option else "",
            "team": match.team(side).name if side in ("home", "away") else "",
            "chooser": choice.chooser_name(lang),
        }

    def handed_on(self, match: Any) -> Any:
        """The option's key, as a table roll hands on its result's."""
        value = match.prematch_values.get(self.name)
        return value.get("option") if isinstance(value, dict) else None


def _lang() -> str:
    return get_language() or "en"


def choice_step(ruleset: Ruleset, name: str) -> PrematchStep | None:
    return ChoiceStep(name) if name in ruleset.pre_match_choices else None


register_kind(choice_step)
