"""The correction sheet (matches.forms.correction.CorrectionForm) built for a match and the inputs it
starts from, shared by the correction page (matches.views.corrections) and the corrections API
(matches.api.corrections): the API posts its merged inputs through the very form the page posts, so
both refuse the same values with the same words (scores and gate within their columns, casualty dice
of their sizes, SPP action counts, die faces, the day played, the reason's length)."""

from __future__ import annotations

from datetime import date
from typing import Any

from matches.forms import report_steps
from matches.forms.correction import CorrectionForm, die_field
from matches.forms.report import PLAYER_COUNTS
from matches.models import Match
from matches.selectors import report as read
from matches.selectors.card_plays import bought_cards
from matches.selectors.corrections import dice_labels
from matches.services.common import match_ruleset
from matches.views.report import CASUALTY_COLUMNS, player_skills


def correction_initial(inputs: dict[str, Any], reason: str = "") -> dict[str, Any]:
    """A correction's inputs (inputs_of's format) and its reason as the sheet's values."""
    initial: dict[str, Any] = dict(inputs["result"])
    # No day entered stays empty: the field's own default (today) would move the match in play order.
    played_on = inputs.get("played_on")
    initial["played_on"] = date.fromisoformat(played_on) if played_on else None
    for line in inputs["lines"]:
        p = f"p{line['player_id']}"
        initial.update({f"{p}_{key}": line[attr] for key, attr, _l in PLAYER_COUNTS if line.get(attr)})
        initial.update({f"{p}_x_{action}": n for action, n in (line.get("actions") or {}).items()})
    for cas in inputs["casualties"]:
        p = f"p{cas['victim_id']}"
        initial.update({f"{p}_{key}": cas.get(column) for key, column in CASUALTY_COLUMNS.items()})
        initial[f"{p}_apo"], initial[f"{p}_apo_keep"] = cas.get("apothecary_used"), cas.get("apothecary_kept_reroll")
        initial[f"{p}_apo_after"] = cas.get("apothecary_after_match", False)  # absent from older corrections
    for key, value in inputs["decisions"].items():
        parts = key.split(":")
        if parts[0] == "mvp" and len(parts) == 3:
            initial[f"mvp_{parts[1]}_{parts[2]}"] = value
        elif parts[0] in ("bank", "se_bank", "card_gold") and len(parts) == 2:
            initial[f"{parts[0]}_{parts[1]}"] = value
        else:
            report_steps.initial_from(key, value, initial)
    initial.update({die_field(key): ", ".join(str(v) for v in values) for key, values in inputs["dice"].items()})
    if reason:
        initial["reason"] = reason
    return initial


def correction_form(
    match: Match, inputs: dict[str, Any], data: dict[str, Any] | None = None, initial: dict[str, Any] | None = None
) -> CorrectionForm:
    """The sheet for `match` starting from `inputs`: bound to `data` when given, else prefilled with `initial`."""
    ruleset = match_ruleset(match)
    lines = read.sheet_lines(match)
    return CorrectionForm(
        data,
        initial=initial,
        match=match,
        ruleset=ruleset,
        lines=lines,
        skills=player_skills(ruleset, match, lines),
        inputs=inputs,
        dice_labels=dice_labels(match, inputs["dice"]),
        cards=bought_cards(match),
    )


def posted_sheet(form: CorrectionForm) -> dict[str, Any]:
    """What a browser posts back from the sheet as shown (an unbound form): every field's value,
    as the fields built their initial from the inputs (records as text, the cards' boxes...)."""
    values = {name: form[name].value() for name in form.fields}
    return {name: value for name, value in values.items() if value is not None and value is not False}
