"""Forms of the pre-match page: petty cash declared side by side, the steps' fields and inducements.

They turn text into the services' input records and never write (see matches/forms/common.py).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.rules import (
    InducementOrder,
    Mercenary,
    Ruleset,
    collation_key,
    inducement_allowed,
    inducement_price,
    league_price_missing,
    mercenary_price,
    star_price,
)
from league.rules.catalogue.alliances import stars_for
from league.rules.types import PICKABLE_CATEGORIES
from matches.forms.common import MERCENARY_ROWS, NUMERIC, category_label, number
from matches.models import SIDES, Match
from matches.services import PrematchInput
from matches.services.card_gold import cards_replace_inducements
from matches.services.prematch import expected_squad
from matches.services.prematch_steps import PrematchStep, steps_for
from teams.hooks import team_benefits
from teams.models import Team

# An inducement the league excludes keeps its field, so that an order for it is refused with the
# reason (league.rules.prematch.induce: inducement_excluded) instead of being dropped; this says so beforehand.
EXCLUDED_HELP = gettext_lazy("Removed from the inducements by this league's settings.")
# An item the league prices (inducements.csv pricing "league") whose price the commissioner has not set.
PRICE_UNSET_HELP = gettext_lazy(
    "Not for sale yet: the commissioner has not set its price (the league's settings, inducements)."
)


def skill_choices(ruleset: Ruleset, lang: str) -> list[tuple[Any, Any]]:
    """Pickable skills grouped by category, e.g. [("General", [("block", "Block"), …]), …]."""
    groups = []
    for letter in PICKABLE_CATEGORIES:
        skills = sorted(
            (s for s in ruleset.skills.values() if s.category == letter), key=lambda s: collation_key(s.name(lang))
        )
        groups.append((category_label(ruleset, letter, lang), [(s.key, s.name(lang)) for s in skills]))
    return groups


def journeymen_limit(ruleset: Ruleset, team: Team) -> int:
    """Journeymen a team may induce: up to journeyman_fill_to players able to play (P36/L80)."""
    return max(ruleset.params.journeyman_fill_to - expected_squad(team, ruleset)[1], 0)


def limit_help(ruleset: Ruleset, price: int, limit: int | None, pricing: str) -> str:
    """An inducement's price and how many may be bought, in words (never "0 to None")."""
    values = {"price": intcomma(price), "max": limit, "players": ruleset.params.journeyman_fill_to}
    if pricing == "journeyman" and not limit:
        return _("%(price)s gp each, only while fewer than %(players)s players can play") % values
    if limit is None:
        return _("%(price)s gp each") % values
    return _("%(price)s gp each, 0 to %(max)s") % values


class PettyCashForm(forms.Form):
    """One side's petty cash declaration (the sides declare in turn: see petty_cash_declare)."""

    side = forms.ChoiceField(choices=SIDES, widget=forms.HiddenInput)
    amount = forms.IntegerField(label=gettext_lazy("Gold moved into petty cash"), min_value=0)

    def __init__(self, *args: Any, team: Team | None = None, step: int = 1, form_id: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The page shows it inside the pre-match form, which it cannot nest in: its inputs name
        # their own <form> (form_id), placed after the pre-match form.
        owner = {"form": form_id} if form_id else {}
        self.fields["amount"].widget = forms.NumberInput(
            attrs={**NUMERIC, "step": step, "min": 0, **({"max": team.treasury} if team else {}), **owner}
        )
        self.fields["side"].widget.attrs.update(owner)


class PrematchForm(forms.Form):
    """The pre-match record: the fields of the ruleset's steps that the recording coach fills (a
    table roll's dice: matches.prematch_steps), and each side's inducements (fields per side are
    named <side>_…). Petty cash is declared before, side by side (PettyCashForm): this form records
    the amounts declared."""

    def __init__(
        self,
        *args: Any,
        match: Match,
        ruleset: Ruleset,
        lang: str,
        sides: tuple[str, ...] = ("home", "away"),
        steps: bool = True,
        **kwargs: Any,
    ) -> None:
        """`sides`: whose inducement fields the form has (a side chooses its own: one side; the
        record of the pre-match: none); `steps`: whether it has the fields of the ruleset's
        pre-match steps (the weather's dice...), in the ruleset's order."""
        super().__init__(*args, **kwargs)
        self.match, self.ruleset, self.lang = match, ruleset, lang
        self.sides: dict[str, dict[str, Any]] = {}
        # step -> the names of its fields
        self.step_fields: dict[PrematchStep, list[str]] = {}
        for step in steps_for(ruleset) if steps else ():
            added = step.form_fields(ruleset, lang)
            self.fields.update(added)
            self.step_fields[step] = list(added)
        skills = [("", _("No extra skill"))] + skill_choices(ruleset, lang)
        for side, _label in SIDES:
            if side not in sides:
                continue
            team = match.team(side)
            team_list = ruleset.team(team.race)
            trophy_prices = team_benefits(match.league, team.pk).inducement_prices  # e.g. a trophy's cheaper wizard
            if cards_replace_inducements(ruleset):  # the cards' panel sells the only inducements
                self.sides[side] = {
                    "team": team,
                    "items": [],
                    "stars": None,
                    "mercs": [],
                    "trophy_prices": trophy_prices,
                }
                continue
            items, stars_field = [], None
            for item in ruleset.inducements.values():
                if not inducement_allowed(ruleset, item.key, team.race):
                    continue
                if item.pricing in ("fixed", "journeyman", "league"):  # a count at one price for this team
                    price = inducement_price(ruleset, item.key, team.race, trophy_prices)
                    name = f"{side}_item_{item.key}"
                    limit = item.max_count
                    if item.pricing == "journeyman":  # only up to a full team (the rulebook)
                        limit = journeymen_limit(ruleset, team)
                    self.fields[name] = number(item.name(lang), min=0, max="" if limit is None else limit)
                    help_text = limit_help(ruleset, price, limit, item.pricing)
                    if team.race in item.special_prices:
                        help_text += " · " + _("special price for this team")
                    if item.key in trophy_prices:
                        help_text += " · " + _("price for a trophy's holder")
                    if item.key in ruleset.params.excluded_inducements:
                        # Still a field, so that an order for it is refused with the reason, not dropped.
                        help_text = str(EXCLUDED_HELP)
                    elif league_price_missing(ruleset, item.key):  # refused with the reason too (D3)
                        help_text = str(PRICE_UNSET_HELP)
                    self.fields[name].help_text = help_text
                    items.append(name)
                elif item.pricing == "star_player":
                    stars_field = f"{side}_stars"
                    self.fields[stars_field] = forms.MultipleChoiceField(
                        label=_("Star players (at most %(max)s)") % {"max": item.max_count},
                        required=False,
                        widget=forms.CheckboxSelectMultiple,
                        choices=[
                            (s.key, f"{s.name(lang)} — {intcomma(star_price(ruleset, s.key))}")
                            for s in stars_for(ruleset, team.race, team.allies, lang)
                        ],
                    )
                    if item.key in ruleset.params.excluded_inducements:
                        self.fields[stars_field].help_text = EXCLUDED_HELP
            positions = [("", _("No mercenary"))] + [
                (p.key, f"{p.name(lang)} — {intcomma(mercenary_price(ruleset, p, False))}") for p in team_list.positions
            ]
            mercs = []
            mercenaries_excluded = any(
                i.pricing == "mercenary" and i.key in ruleset.params.excluded_inducements
                for i in ruleset.inducements.values()
            )
            for i in range(MERCENARY_ROWS):
                self.fields[f"{side}_merc_{i}_position"] = forms.ChoiceField(
                    label=_("Mercenary"), choices=positions, required=False
                )
                if mercenaries_excluded:
                    self.fields[f"{side}_merc_{i}_position"].help_text = EXCLUDED_HELP
                self.fields[f"{side}_merc_{i}_skill"] = forms.ChoiceField(
                    label=_("Extra skill (+%(price)s)")
                    % {"price": intcomma(ruleset.params.mercenary_extra_skill_cost)},
                    choices=skills,
                    required=False,
                )
                second = None
                if ruleset.params.mercenary_max_extra_skills >= 2:  # e.g. one or two extra skills
                    second = f"{side}_merc_{i}_skill2"
                    self.fields[second] = forms.ChoiceField(
                        label=_("Second extra skill (+%(price)s)")
                        % {"price": intcomma(ruleset.params.mercenary_extra_skill_cost)},
                        choices=skills,
                        required=False,
                    )
                mercs.append((f"{side}_merc_{i}_position", f"{side}_merc_{i}_skill", second))
            self.sides[side] = {
                "team": team,
                "items": items,
                "stars": stars_field,
                "mercs": mercs,
                "trophy_prices": trophy_prices,
            }

    def side_fields(self) -> list[dict[str, Any]]:
        """Bound fields per side, for the template."""
        return [
            {
                "side": side,
                "team": info["team"],
                "items": [self[n] for n in info["items"]],
                "stars": self[info["stars"]] if info["stars"] else None,
                "mercs": [(self[p], self[s], self[s2] if s2 else None) for p, s, s2 in info["mercs"]],
            }
            for side, info in self.sides.items()
        ]

    def step_parts(self) -> list[dict[str, Any]]:
        """The record form's part of each step that has one, for the template."""
        return [
            {
                "step": step.name,
                "template": step.record_template,
                "label": step.label(self.ruleset, self.lang),
                "fields": {name: self[name] for name in names},
                "bound": [self[name] for name in names],
            }
            for step, names in self.step_fields.items()
            if step.record_template and names  # a step whose part has no field in this ruleset shows none
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data  # Form.clean returns cleaned_data itself
        for step in self.step_fields:
            step.clean_form(self, data)
        return data

    def order(self, side: str) -> InducementOrder:
        """What the side buys, from the fields that are valid so far (an unbound form buys nothing)."""
        if side not in self.sides:
            return InducementOrder()
        data, info = getattr(self, "cleaned_data", {}), self.sides[side]
        items = {name.split("_item_", 1)[1]: data.get(name) or 0 for name in info["items"] if data.get(name)}
        stars = tuple(data.get(info["stars"]) or ()) if info["stars"] else ()
        mercs = tuple(
            Mercenary(data[p], data.get(s) or None, (data[s2],) if s2 and data.get(s2) else ())
            for p, s, s2 in info["mercs"]
            if data.get(p)
        )
        return InducementOrder(items=items, stars=stars, mercenaries=mercs)

    def to_input(self) -> PrematchInput:
        """The pre-match record: what was entered for each step (the weather's dice...); petty cash
        and inducements as each side declared them."""
        entered = {step.name: step.form_value(self.cleaned_data) for step in self.step_fields}
        return PrematchInput(
            steps={name: value for name, value in entered.items() if value is not None},
            petty_cash_declared=True,
            inducements_chosen=True,
        )


class InducementsForm(PrematchForm):
    """One side's inducements, chosen by its coach (or the commissioner) in turn (inducements_choose)."""

    side = forms.ChoiceField(choices=SIDES, widget=forms.HiddenInput)

    def __init__(self, *args: Any, side: str, **kwargs: Any) -> None:
        super().__init__(*args, sides=(side,), steps=False, **kwargs)
        self.fields["side"].initial = side
        self.chosen_side = side
