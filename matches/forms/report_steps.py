"""The result sheet's fields for the post-match steps a ruleset may list beyond the usual ones:
the healing spell's choice (league/rules/postmatch/healing.py). Each field is shown only where the
ruleset lists its step, and each answer becomes the coach's decision under the engine's key."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from matches.models import SIDES

HEALING_STEP = "healing_spell"


def step_fields(form: Any) -> None:
    """Add the fields of the steps the ruleset lists (a ReportForm's __init__)."""
    if HEALING_STEP not in form.ruleset.post_match_steps or not form.ruleset.params.healing_spell:
        return
    for side, _label in SIDES:
        choices = [("", _("Nobody"))]
        for line in (ln for ln in form.lines if ln.side == side):
            choices.append((f"p{line.player_id}:1", str(line.player)))
            if "decay" in form.skills.get(line.player_id, set()):
                choices.append((f"p{line.player_id}:2", _("%(player)s, the Decay roll") % {"player": line.player}))
        form.fields[f"healing_{side}"] = forms.ChoiceField(
            label=_("Healed by the spell, %(team)s") % {"team": form.match.team(side).name},
            help_text=_("This player ignores the effects of one injury or death suffered in this match."),
            choices=choices,
            required=False,
        )


def side_fields(form: Any, side: str) -> list[forms.BoundField]:
    """The side's step fields, for the sheet's template."""
    return [form[name] for name in (f"healing_{side}",) if name in form.fields]


def clean_side(form: Any, side: str) -> None:
    """The side's answers as decisions (a ReportForm's clean)."""
    pick = form.cleaned_data.get(f"healing_{side}")
    if pick:
        form.decisions_out[f"healing:{side}"] = pick


def initial_from(key: str, value: Any, initial: dict[str, Any]) -> None:
    """A stored decision back into the sheet's fields (the result sheet, a correction)."""
    prefix, _sep, side = key.partition(":")
    if prefix == "healing" and side in ("home", "away"):
        initial[f"healing_{side}"] = value


def managed(form: Any) -> set[str]:
    """The decision prefixes the form's step fields hold (a correction replaces them as typed)."""
    return {"healing"} if "healing_home" in form.fields else set()
