"""Rules the result sheet states beside its usual fields.

- An apothecary used on a KO'd player (the rulebook: he stays on the pitch Stunned, or
  goes to the Reserves). No die is rolled for it: the sheet keeps how many of the side's
  apothecaries were so used, and each counts as that apothecary's one use of the match, so it
  re-rolls no casualty afterwards (spec A31; matches.services.apothecary refuses the excess).
- The gate of a semi-final or a final, multiplied by the ruleset's playoff_gate_multiplier."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from league.rules import Ruleset, holder_benefits
from matches.forms.common import number
from matches.models import SIDES, Match
from teams.hooks import held_keys


def add_apothecary_ko_fields(form: forms.Form, match: Match) -> None:
    """One count per side (a ReportForm's __init__)."""
    for side, _label in SIDES:
        name = f"{side}_apothecary_ko"
        form.fields[name] = number(
            _("Apothecary used on a KO'd player, %(team)s") % {"team": match.team(side).name},
            column=(Match, name),
            min=0,
            max=9,
        )


def apothecary_ko_values(form: forms.Form) -> dict[str, Any]:
    """The ReportInput values of these fields."""
    return {f"{side}_apothecary_ko": form.cleaned_data.get(f"{side}_apothecary_ko") or 0 for side, _l in SIDES}


def playoff_gate_note(ruleset: Ruleset) -> str:
    """The gate of a semi-final or a final, multiplied by the ruleset's playoff_gate_multiplier (the
    rulebook's semi-finals and final): the sheet records the gate the match drew, so it says what to enter. The fans
    of each side, and so FAME, are those rolled: only the gate is multiplied."""
    return _(
        "A semi-final or a final: the gate is multiplied by %(n)s. Enter both teams' fans as rolled, times %(n)s; "
        "FAME compares the fans as rolled."
    ) % {"n": ruleset.params.playoff_gate_multiplier}


def gate_help(match: Match, ruleset: Ruleset) -> str:
    """What the trophy holders add to their gate roll or fan factor (ruleset data): the
    gate is counted at the table, so the sheet reminds whoever enters it."""
    held = held_keys([match.home_id, match.away_id])
    notes = [playoff_gate_note(ruleset)] if match.is_final_stage and ruleset.params.playoff_gate_multiplier > 1 else []
    for team in (match.home, match.away):
        b = holder_benefits(ruleset.trophies, held.get(team.pk, []))
        if b.gate_roll_bonus:
            notes.append(
                _("%(team)s holds a trophy: +%(n)s on its gate roll.") % {"team": team.name, "n": b.gate_roll_bonus}
            )
        if b.fan_factor_bonus:
            notes.append(
                _("%(team)s holds a trophy: +%(n)s fan factor for its fans.")
                % {"team": team.name, "n": b.fan_factor_bonus}
            )
    return " ".join(notes)
