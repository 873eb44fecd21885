"""Forms of the team pages. They only read and validate input; the services do every write.

Rules (position maxima, budget, 11–16 players…) are deliberately NOT validated here: the
services check them and word every broken rule at once, in the user's language, so the pages
and the API give the same answers. Forms only turn text into types.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Field, Layout, Row
from django import forms
from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils.translation import gettext_lazy as _

from league.rules import Position, Ruleset, TeamList, collation_key
from league.rules.catalogue import alliances
from league.rules.catalogue.team_building import fan_factor_for_sale, free_fan_factor
from teams.services import PlayerOrder, TeamOrder

# The service's own wording (and translation) rather than Django's "Select a valid choice".
UNKNOWN_POSITION = _("“%(position)s” is not a position of this team.")
MAX_ROWS = 30  # more than any roster may hold (16), fewer than a runaway form could post

Choices = list[tuple[str, str]]
# Choices that may be grouped (an alliance team's positions, one group a roster): Django's <optgroup>s.
GroupedChoices = list[tuple[str, Any]]
# A position of an alliance team's second or third roster is posted as "<roster>:<position>".
ROSTER_SEP = ":"


def race_choices(ruleset: Ruleset, lang: str) -> Choices:
    teams = sorted(ruleset.teams.values(), key=lambda t: collation_key(t.name(lang)))
    return [(t.key, t.name(lang)) for t in teams]


def position_choices(team_list: TeamList | None, lang: str, roster: str = "") -> Choices:
    """Position options labelled with their cost and maximum, e.g. “Blitzer — 90,000 (0–4)”;
    `roster`: an alliance team's second or third roster, whose values name it."""
    if team_list is None:
        return []
    prefix = f"{roster}{ROSTER_SEP}" if roster else ""
    return [
        (f"{prefix}{pos.key}", f"{position_label(pos, lang)} — {intcomma(pos.cost)} (0–{pos.max_count})")
        for pos in team_list.hire_positions
    ]


def team_position_choices(ruleset: Ruleset, race: str, allies: Sequence[str], lang: str) -> GroupedChoices:
    """The positions a team may buy: its race's, or for an alliance team one group per roster
    (with its cap), the allies' values naming their roster."""
    team_list = ruleset.teams.get(race)
    rosters = [a for a in allies if a in ruleset.teams]
    if team_list is None or not rosters:
        return list(position_choices(team_list, lang))
    caps = alliances.roster_caps(ruleset)
    grouped: GroupedChoices = []
    for n, key in enumerate([race, *rosters]):
        label = f"{ruleset.team(key).name(lang)} (0–{caps[n] if n < len(caps) else caps[-1]})"
        grouped.append((label, position_choices(ruleset.team(key), lang, key if n else "")))
    return grouped


def flat_choices(choices: GroupedChoices) -> Choices:
    return [pair for value, label in choices for pair in (label if isinstance(label, list) else [(value, label)])]


def split_position(value: str) -> tuple[str, str]:
    """(position key, roster) of a posted position: "skaven:gutter_runner" or "lineman"."""
    roster, sep, position = value.partition(ROSTER_SEP)
    return (position, roster) if sep else (value, "")


def join_position(position: str, roster: str) -> str:
    return f"{roster}{ROSTER_SEP}{position}" if roster else position


def position_label(pos: Position, lang: str) -> str:
    """A position's name, a champion (a star player on the roster) marked as one."""
    if pos.champion:
        return _("%(name)s (Champion)") % {"name": pos.name(lang)}
    return pos.name(lang)


class TeamOrderForm(forms.Form):
    """The head of the creation form: everything but the players."""

    name = forms.CharField(label=_("Team name"), max_length=80)
    race = forms.ChoiceField(label=_("Race"))
    rerolls = forms.IntegerField(label=_("Team re-rolls"), min_value=0, initial=0)
    fan_factor = forms.IntegerField(label=_("Fan factor"), min_value=0, initial=0)
    assistant_coaches = forms.IntegerField(label=_("Assistant coaches"), min_value=0, initial=0)
    cheerleaders = forms.IntegerField(label=_("Cheerleaders"), min_value=0, initial=0)
    apothecary = forms.BooleanField(label=_("Apothecary"), required=False)
    college = forms.CharField(
        label=_("College of magic"), max_length=80, required=False, help_text=_("The team's sponsor (free text).")
    )
    second_roster = forms.ChoiceField(label=_("Second roster (alliance)"), required=False)
    third_roster = forms.ChoiceField(label=_("Third roster (alliance)"), required=False)

    def __init__(
        self,
        *args: Any,
        ruleset: Ruleset,
        team_list: TeamList | None,
        lang: str,
        fields_url: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        p = ruleset.params
        cast(forms.ChoiceField, self.fields["race"]).choices = [("", _("Choose a race…")), *race_choices(ruleset, lang)]
        offered = alliances.alliance_rules(ruleset)
        if offered is None:
            del self.fields["second_roster"], self.fields["third_roster"]
        else:
            for name in ("second_roster", "third_roster"):
                cast(forms.ChoiceField, self.fields[name]).choices = [("", _("None")), *race_choices(ruleset, lang)]
            self.fields["second_roster"].help_text = _(
                "An alliance team: three rosters all allied with each other, up to %(first)s, %(second)s and "
                "%(third)s players from the first (the race), second and third. Leave both empty for a team of one race."
            ) % {
                "first": offered.first_roster_max,
                "second": offered.second_roster_max,
                "third": offered.third_roster_max,
            }
        allies = [str(self.initial.get(n) or self.data.get(n) or "") for n in ("second_roster", "third_roster")]
        alliance = offered is not None and team_list is not None and any(allies)
        # Changing the race (or a roster) re-renders the position choices and staff options (htmx).
        for name in ("race", "second_roster", "third_roster"):
            if name in self.fields:
                self.fields[name].widget.attrs.update(
                    {
                        "hx-post": fields_url,
                        "hx-trigger": "change",
                        "hx-target": "#order-body",
                        "hx-swap": "outerHTML",
                    }
                )
        # max attributes only guide the browser's spinner; the service states the rule if broken.
        self.fields["fan_factor"].widget.attrs["max"] = p.fan_factor_max_at_creation
        self.fields["fan_factor"].widget.attrs["min"] = p.fan_factor_min_at_creation
        self.fields["fan_factor"].help_text = _("%(price)s each, %(min)s to %(max)s") % {
            "price": intcomma(p.fan_factor_cost),
            "min": p.fan_factor_min_at_creation,
            "max": p.fan_factor_max_at_creation,
        }
        if not fan_factor_for_sale(ruleset):
            # The free fan factor rule: shown, never bought (a disabled field ignores what is posted).
            self.fields["fan_factor"].disabled = True
            self.initial["fan_factor"] = free_fan_factor(ruleset)
            self.fields["fan_factor"].help_text = _("Free: every team starts with it (league rule); not for sale.")
        self.fields["assistant_coaches"].help_text = _("%(price)s each") % {"price": intcomma(p.assistant_coach_cost)}
        self.fields["cheerleaders"].help_text = _("%(price)s each") % {"price": intcomma(p.cheerleader_cost)}
        self.fields["apothecary"].help_text = _("Costs %(price)s") % {"price": intcomma(p.apothecary_cost)}
        if team_list is not None:
            self.fields["rerolls"].widget.attrs["max"] = team_list.max_rerolls
            self.fields["rerolls"].help_text = _("%(price)s each at creation, 0 to %(max)s") % {
                "price": intcomma(alliances.reroll_cost(ruleset, team_list.key, allies if alliance else ())),
                "max": team_list.max_rerolls,
            }
            rosters = [a for a in allies if a in ruleset.teams] if alliance else []
            if alliance and alliances.has_necromancer(ruleset, team_list.key, rosters):
                self.fields["apothecary"].disabled = True
                self.fields["apothecary"].help_text = _(
                    "None of these rosters may have an apothecary: the team has the Necromancer instead."
                )
            elif not alliances.apothecary_allowed(ruleset, team_list.key, rosters):
                # Disabled: the posted value is ignored, so such a team never buys one.
                self.fields["apothecary"].disabled = True
                self.fields["apothecary"].help_text = _("This team may not hire an apothecary.")
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(
            Row(Column("name", css_class="col-md-7"), Column("race", css_class="col-md-5")),
            Row(
                Column(Field("rerolls", css_class="text-end"), css_class="col-6 col-md-3"),
                Column(Field("fan_factor", css_class="text-end"), css_class="col-6 col-md-3"),
                Column(Field("assistant_coaches", css_class="text-end"), css_class="col-6 col-md-3"),
                Column(Field("cheerleaders", css_class="text-end"), css_class="col-6 col-md-3"),
            ),
            "apothecary",
            *(["college"] if p.team_college else []),
            *(
                [Row(Column("second_roster", css_class="col-md-6"), Column("third_roster", css_class="col-md-6"))]
                if offered is not None
                else []
            ),
        )
        if not p.team_college:  # only where the ruleset asks for a college of magic
            del self.fields["college"]


class PositionField(forms.CharField):
    """A position key picked from a <select>; an unknown key is refused in the service's words."""

    widget = forms.Select

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.keys: set[str] = set()

    def set_choices(self, choices: GroupedChoices, blank: bool) -> None:
        self.keys = {key for key, _label in flat_choices(choices)}
        self.widget.choices = ([("", "—")] if blank else []) + choices

    def validate(self, value: str) -> None:
        super().validate(value)
        if value and value not in self.keys:
            raise forms.ValidationError(UNKNOWN_POSITION, code="unknown_position", params={"position": value})


class PlayerRowForm(forms.Form):
    """One bought player; a row with neither position nor name is ignored."""

    position = PositionField(label=_("Position"), required=False)
    number = forms.IntegerField(label=_("Number"), required=False, min_value=1, max_value=99)
    name = forms.CharField(label=_("Name"), required=False, max_length=80)

    def __init__(self, *args: Any, positions: GroupedChoices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(PositionField, self.fields["position"]).set_choices(positions, blank=True)
        # No header above the rows on a phone (_order_body.html): each input says what it is.
        self.fields["position"].widget.attrs.update(
            {"class": "form-select form-select-sm", "aria-label": _("Position")}
        )
        self.fields["number"].widget.attrs.update(
            {
                "class": "form-control form-control-sm text-end",
                "inputmode": "numeric",
                "placeholder": "#",
                "aria-label": _("Number"),
            }
        )
        self.fields["name"].widget.attrs.update(
            {"class": "form-control form-control-sm", "placeholder": _("Player name"), "aria-label": _("Name")}
        )


PlayerRowFormSet = forms.formset_factory(PlayerRowForm, extra=0, max_num=MAX_ROWS, absolute_max=MAX_ROWS)


# --- Reading a posted creation form without validating it (live preview, re-rendering) ---


def _int(value: object, default: int | None = 0) -> int | None:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return default


def read_order_data(data: Mapping[str, Any]) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """The raw head fields and player rows of a posted creation form, as typed."""
    head = {
        "name": str(data.get("name", "")),
        "race": str(data.get("race", "")),
        "second_roster": str(data.get("second_roster", "")),
        "third_roster": str(data.get("third_roster", "")),
        "apothecary": str(data.get("apothecary", "")).lower() in {"on", "true", "1"},
    }
    for key in ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders"):
        head[key] = str(data.get(key, "0"))
    head["college"] = str(data.get("college", ""))
    total = max(0, min(_int(data.get("players-TOTAL_FORMS"), 0) or 0, MAX_ROWS))
    rows = [
        {field: str(data.get(f"players-{i}-{field}", "")) for field in ("position", "number", "name")}
        for i in range(total)
    ]
    return head, rows


def order_from_data(
    head: Mapping[str, Any], rows: Sequence[Mapping[str, str]], apothecary_allowed: bool = True
) -> TeamOrder:
    """Best-effort order for the live preview: unreadable numbers count as 0 (or no shirt number)."""
    players = tuple(
        _player_order(row["position"].strip(), row["name"], _int(row["number"], None))
        for row in rows
        if row["position"].strip() or row["name"].strip()
    )
    return TeamOrder(
        name=str(head.get("name", "")),
        race=str(head.get("race", "")),
        allies=head_allies(head),
        players=players,
        rerolls=_int(head.get("rerolls")) or 0,
        fan_factor=_int(head.get("fan_factor")) or 0,
        assistant_coaches=_int(head.get("assistant_coaches")) or 0,
        cheerleaders=_int(head.get("cheerleaders")) or 0,
        apothecary=bool(head.get("apothecary")) and apothecary_allowed,
        college=str(head.get("college", "")),
    )


def _player_order(posted: str, name: str, number: int | None) -> PlayerOrder:
    position, roster = split_position(posted)
    return PlayerOrder(position=position, name=name, number=number, roster=roster)


def head_allies(head: Mapping[str, Any]) -> tuple[str, ...]:
    """The alliance rosters a creation form names: both, or () when neither is chosen (one alone
    is kept, and refused by the service in its own words)."""
    found = tuple(str(head.get(n) or "").strip() for n in ("second_roster", "third_roster"))
    return found if any(found) else ()


def order_from_forms(form: TeamOrderForm, formset: forms.BaseFormSet) -> TeamOrder:
    """The order of a validated creation form (call only when both are valid)."""
    cd = form.cleaned_data
    players = tuple(
        _player_order(f.cleaned_data["position"], f.cleaned_data["name"], f.cleaned_data["number"])
        for f in formset.forms
        if f.cleaned_data.get("position") or (f.cleaned_data.get("name") or "").strip()
    )
    return TeamOrder(
        name=cd["name"],
        race=cd["race"],
        allies=head_allies(cd),
        players=players,
        rerolls=cd["rerolls"],
        fan_factor=0 if form.fields["fan_factor"].disabled else cd["fan_factor"],  # points bought
        assistant_coaches=cd["assistant_coaches"],
        cheerleaders=cd["cheerleaders"],
        apothecary=cd["apothecary"],
        college=cd.get("college", ""),
    )


# --- Roster management on the team page ---


class PlayerHireForm(forms.Form):
    position = PositionField(label=_("Position"))
    number = forms.IntegerField(
        label=_("Number"), required=False, min_value=1, max_value=99, help_text=_("Empty: the first free number.")
    )
    name = forms.CharField(label=_("Name"), max_length=80)

    def __init__(self, *args: Any, positions: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(PositionField, self.fields["position"]).set_choices(positions, blank=False)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(
            Row(
                Column("position", css_class="col-sm-5"),
                Column("number", css_class="col-sm-2"),
                Column("name", css_class="col-sm-5"),
            ),
        )


class PlayerRenameForm(forms.Form):
    number = forms.IntegerField(label=_("Number"), min_value=1, max_value=99)
    name = forms.CharField(label=_("Name"), max_length=80)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(Row(Column("number", css_class="col-3"), Column("name", css_class="col-9")))


class ReverseEntryForm(forms.Form):
    memo = forms.CharField(label=_("Reason (optional)"), max_length=200, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
