"""Table-roll pre-match steps: a 2D6 on a table the ruleset declares in data (the weather is one).

The ruleset's [pre_match_tables.<step>] gives the table, its label in both languages and whether
the match page shows the result's effect (league/rules/prematch/tables.py). The recording coach
enters the two dice rolled at the table or lets the server roll them; either way the dice are
stored (DiceRoll, purpose = the step's name) and the result's key is kept on the match
(Match.prematch_values[step]), so the history replays from its dice.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.rules import Ruleset, check_die, pre_match_table, roll_table, table_result
from matches.forms.common import check_d6, number
from matches.models import DiceRoll
from matches.selectors import outcome as read
from matches.services.prematch import server_dice
from matches.services.prematch_steps import PrematchContext, PrematchStep, register_kind

# A result the match also keeps in a column of its own: the weather's, which the import, the
# benchmark league and the matches recorded before Match.prematch_values read.
COLUMNS = {"weather": "weather"}


class TableRollStep(PrematchStep):
    record_template = "matches/prematch_steps/table_roll.html"
    facts_template = "matches/prematch_steps/table_roll_facts.html"

    def __init__(self, name: str) -> None:
        self.name = name

    def label(self, ruleset: Ruleset, lang: str) -> str:
        return pre_match_table(ruleset, self.name).name(lang)

    def form_fields(self, ruleset: Ruleset, lang: str) -> dict[str, Any]:
        return {
            f"{self.name}_source": forms.ChoiceField(
                label=self.label(ruleset, lang),
                widget=forms.RadioSelect,
                initial="server",
                choices=[
                    ("server", gettext_lazy("Let the server roll")),
                    ("entered", gettext_lazy("Rolled at the table")),
                ],
            ),
            f"{self.name}_1": number(gettext_lazy("First D6")),
            f"{self.name}_2": number(gettext_lazy("Second D6")),
        }

    def clean_form(self, form: Any, data: dict[str, Any]) -> None:
        if data.get(f"{self.name}_source") != "entered":
            return
        label = form.fields[f"{self.name}_source"].label
        for name, what in (
            (f"{self.name}_1", _("%(table)s, first D6") % {"table": label}),
            (f"{self.name}_2", _("%(table)s, second D6") % {"table": label}),
        ):
            if data.get(name) is None:
                form.add_error(
                    name, _("Enter both %(table)s dice, or let the server roll.") % {"table": str(label).lower()}
                )
            else:
                check_d6(form, name, what)

    def form_value(self, data: dict[str, Any]) -> Any:
        if data.get(f"{self.name}_source") != "entered":
            return None  # the server rolls
        return (data[f"{self.name}_1"], data[f"{self.name}_2"])

    def check(self, ctx: PrematchContext) -> None:
        given = ctx.data.given(self.name)
        if given is None:
            return
        try:
            if len(given) != 2:
                raise ValueError(_("Enter both %(table)s dice, or let the server roll.") % {"table": self.name})
            for value in given:
                check_die(value, 6, self.name)
        except (TypeError, ValueError) as exc:
            ctx.problems.append(str(exc))

    def record(self, ctx: PrematchContext) -> None:
        given = ctx.data.given(self.name)
        if given is None:
            values, source = list(roll_table(ctx.ruleset, self.name, ctx.dice or server_dice()).dice), "server"
        else:
            values, source = list(given), "entered"
        DiceRoll.objects.create(match=ctx.match, purpose=self.name, values=values, source=source)
        key = table_result(ctx.ruleset, self.name, sum(values)).key
        ctx.match.prematch_values = {**ctx.match.prematch_values, self.name: key}
        if self.name in COLUMNS:
            setattr(ctx.match, COLUMNS[self.name], key)
        ctx.audit[self.name] = key

    def facts(self, match: Any, ruleset: Ruleset, lang: str) -> dict[str, Any] | None:
        key = self.handed_on(match)
        if not key:
            return None
        table = pre_match_table(ruleset, self.name)
        entry = next((e for e in table.entries if e.key == key), None)
        roll = read.step_roll(match, self.name)
        return {
            "step": self.name,
            "label": table.name(lang),
            "result": entry.name(lang) if entry else key,
            "effect": entry.effect(lang) if entry and table.show_effect else "",
            "dice": " + ".join(str(v) for v in roll.values) if roll else "",
            "server": bool(roll and roll.source == DiceRoll.Source.SERVER),
        }

    def handed_on(self, match: Any) -> Any:
        """The result's key; a match recorded before the step store kept it in its column only."""
        value = match.prematch_values.get(self.name)
        if value is None and self.name in COLUMNS:
            value = getattr(match, COLUMNS[self.name]) or None
        return value


def table_step(ruleset: Ruleset, name: str) -> PrematchStep | None:
    return TableRollStep(name) if name in ruleset.pre_match_tables else None


register_kind(table_step)
