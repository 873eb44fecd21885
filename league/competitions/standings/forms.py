"""The standings settings form and the words of the standings: tie-breakers and points schemes as
the reader reads them (the engine's keys are never shown)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.competitions.standings.table import scheme_to_mapping
from league.rules import Ruleset
from league.rules.standings import PRESETS, TIE_BREAKERS

TIE_BREAKER_LABELS = {
    "points": gettext_lazy("Points"),
    "td_diff": gettext_lazy("Touchdown difference"),
    "cas_diff": gettext_lazy("Casualty difference"),
    "head_to_head": gettext_lazy("Head-to-head"),
    "td_for": gettext_lazy("Touchdowns scored"),
    "fewest_conceded": gettext_lazy("Fewest touchdowns conceded"),
    "cas_for": gettext_lazy("Casualties caused"),
    "team_value": gettext_lazy("Team value"),
    "rating": gettext_lazy("Rating (ELO)"),
    "lots": gettext_lazy("Drawing of lots"),
    "commissioner": gettext_lazy("The commissioner's decision"),
}
TIE_BREAKER_HELP = {
    "points": gettext_lazy("more points ranks higher"),
    "td_diff": gettext_lazy("touchdowns scored minus conceded"),
    "cas_diff": gettext_lazy("casualties caused minus suffered"),
    "head_to_head": gettext_lazy(
        "points per game in the games between the tied teams only; skipped when two of them never met"
    ),
    "td_for": gettext_lazy("more touchdowns scored ranks higher"),
    "fewest_conceded": gettext_lazy("fewer touchdowns conceded ranks higher"),
    "cas_for": gettext_lazy("more casualties caused ranks higher"),
    "team_value": gettext_lazy("the higher team value today ranks higher"),
    "rating": gettext_lazy("the higher ELO rating today ranks higher"),
    "lots": gettext_lazy("the commissioner draws a D6 for each tied team on this page; higher ranks higher"),
    "commissioner": gettext_lazy("the commissioner orders the tied teams himself on this page"),
}
PRESET_LABELS = {
    "w3d1l0": gettext_lazy("Win 3, draw 1, loss 0"),
    "w5d3l1": gettext_lazy("Win 5, draw 3, loss 1"),
}
CUSTOM = "custom"
TIE_BREAKER_SLOTS = len(TIE_BREAKERS)


def tie_breaker_label(key: str) -> str:
    return str(TIE_BREAKER_LABELS.get(key, key))


def presets(ruleset: Ruleset) -> dict[str, dict[str, Any]]:
    """The ready-made schemes: the ruleset's own, then the engine's generic ones (as mappings)."""
    found = {key: scheme_to_mapping(scheme) for key, scheme in ruleset.standings_schemes.items()}
    for key, scheme in PRESETS.items():
        if key != CUSTOM:
            found.setdefault(key, scheme_to_mapping(scheme))
    return found


def describe_scheme(scheme: Mapping[str, Any]) -> list[str]:
    """The scheme in sentences, one per line."""
    lines = [
        _("Win %(win)s, draw %(draw)s, loss %(loss)s.")
        % {"win": scheme.get("win"), "draw": scheme.get("draw"), "loss": scheme.get("loss")}
    ]
    if scheme.get("concession_counts_as_loss", True):
        lines.append(
            _("A team that concedes gets %(points)s and the match counts as a loss.")
            % {"points": scheme.get("concede", scheme.get("loss"))}
        )
    else:
        lines.append(
            _("A team that concedes gets %(points)s; the match is not counted as a loss (it is shown apart).")
            % {"points": scheme.get("concede", scheme.get("loss"))}
        )
    lines.append(_("A bye: %(points)s.") % {"points": scheme.get("bye", 0)})
    if (scheme.get("forfeit_win"), scheme.get("forfeit_loss")) != (scheme.get("win"), scheme.get("loss")):
        lines.append(
            _("A result awarded without a match: %(win)s to the winner, %(loss)s to the loser.")
            % {"win": scheme.get("forfeit_win"), "loss": scheme.get("forfeit_loss")}
        )
    for bonus in scheme.get("bonuses") or []:
        lines.append(describe_bonus(bonus))
    return lines


def describe_bonus(bonus: Mapping[str, Any]) -> str:
    values = {"points": bonus.get("points"), "threshold": bonus.get("threshold")}
    if bonus.get("comparator") == ">=" and bonus.get("applies_to", "any") == "any":
        if bonus.get("metric") == "td_for":
            return _("Bonus: +%(points)s for %(threshold)s or more touchdowns in a match.") % values
        if bonus.get("metric") == "cas_for":
            return _("Bonus: +%(points)s for %(threshold)s or more casualties caused in a match.") % values
    metric = {
        "td_for": _("touchdowns scored"),
        "td_against": _("touchdowns conceded"),
        "cas_for": _("casualties caused"),
        "cas_against": _("casualties suffered"),
        "td_margin": _("touchdown margin"),
    }.get(str(bonus.get("metric")), str(bonus.get("metric")))
    outcome = {"any": "", "win": _(" (in a win)"), "draw": _(" (in a draw)"), "loss": _(" (in a loss)")}
    return _("Bonus: +%(points)s when %(metric)s %(comparator)s %(threshold)s%(outcome)s.") % {
        **values,
        "metric": metric,
        "comparator": bonus.get("comparator"),
        "outcome": outcome.get(str(bonus.get("applies_to", "any")), ""),
    }


def _number(label: str, low: int, high: int) -> forms.IntegerField:
    # Not required: a ready-made scheme ignores them; clean() asks for them with "custom".
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=low,
        max_value=high,
        widget=forms.NumberInput(attrs={"class": "form-control form-control-sm"}),
    )


class StandingsSettingsForm(forms.Form):
    """A ready-made scheme or the custom points, and the ordered tie-breakers (empty slots ignored)."""

    def __init__(self, *args: Any, ruleset: Ruleset, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.presets = presets(ruleset)
        choices = [(key, PRESET_LABELS.get(key, key)) for key in self.presets]
        choices.append((CUSTOM, _("Custom: the points below")))
        self.fields["preset"] = forms.ChoiceField(
            label=_("Points scheme"), choices=choices, widget=forms.RadioSelect(attrs={"class": "form-check-input"})
        )
        self.fields["win"] = _number(_("Win"), -99, 99)
        self.fields["draw"] = _number(_("Draw"), -99, 99)
        self.fields["loss"] = _number(_("Loss"), -99, 99)
        self.fields["bye"] = _number(_("Bye"), -99, 99)
        self.fields["concede"] = _number(_("A team that concedes"), -99, 99)
        self.fields["concession_counts_as_loss"] = forms.BooleanField(
            label=_("A concession counts as a loss"),
            required=False,
            widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
        )
        self.fields["td_bonus"] = _number(_("Bonus points for touchdowns (0: none)"), 0, 99)
        self.fields["td_bonus_threshold"] = _number(_("Touchdowns needed in a match"), 1, 99)
        self.fields["cas_bonus"] = _number(_("Bonus points for casualties (0: none)"), 0, 99)
        self.fields["cas_bonus_threshold"] = _number(_("Casualties caused needed in a match"), 1, 99)
        keys = [("", "—")] + [(key, TIE_BREAKER_LABELS[key]) for key in TIE_BREAKERS]
        for slot in range(1, TIE_BREAKER_SLOTS + 1):
            self.fields[f"tie_breaker_{slot}"] = forms.ChoiceField(
                label=_("Tie-breaker %(n)s") % {"n": slot},
                choices=keys,
                required=False,
                widget=forms.Select(attrs={"class": "form-select form-select-sm"}),
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data  # Form.clean returns cleaned_data itself
        if data.get("preset") == CUSTOM:
            for name in ("win", "draw", "loss"):
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, _("Give the points of a custom scheme."))
            defaults = {"bye": 0, "td_bonus": 0, "cas_bonus": 0, "td_bonus_threshold": 3, "cas_bonus_threshold": 3}
            for name, value in defaults.items():
                if data.get(name) is None:
                    data[name] = value
            if data.get("concede") is None:
                data["concede"] = data.get("loss")
        return data

    @staticmethod
    def initial_from(settings: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
        """The form's values for the settings in force."""
        scheme = settings["scheme"]
        found = presets(ruleset)
        preset = next((key for key, mapping in found.items() if mapping == scheme), CUSTOM)
        initial: dict[str, Any] = {
            "preset": preset,
            **{name: scheme.get(name, 0) for name in ("win", "draw", "loss", "bye")},
            "concede": scheme.get("concede", scheme.get("loss", 0)),
            "concession_counts_as_loss": scheme.get("concession_counts_as_loss", True),
            "td_bonus": 0,
            "td_bonus_threshold": 3,
            "cas_bonus": 0,
            "cas_bonus_threshold": 3,
        }
        for bonus in scheme.get("bonuses") or []:
            if bonus.get("comparator") == ">=" and bonus.get("metric") in ("td_for", "cas_for"):
                prefix = "td" if bonus["metric"] == "td_for" else "cas"
                initial[f"{prefix}_bonus"] = bonus.get("points", 0)
                initial[f"{prefix}_bonus_threshold"] = bonus.get("threshold", 3)
        for slot, key in enumerate(settings["tie_breakers"], start=1):
            initial[f"tie_breaker_{slot}"] = key
        return initial

    def scheme(self) -> dict[str, Any]:
        """The chosen scheme as the engine's mapping (after is_valid)."""
        data = self.cleaned_data
        if data["preset"] != CUSTOM:
            return dict(self.presets[data["preset"]])
        bonuses = []
        for prefix, metric in (("td", "td_for"), ("cas", "cas_for")):
            if data[f"{prefix}_bonus"]:
                threshold = data[f"{prefix}_bonus_threshold"]
                bonuses.append(
                    {
                        "key": f"{prefix}_{threshold}_plus",
                        "metric": metric,
                        "comparator": ">=",
                        "threshold": threshold,
                        "points": data[f"{prefix}_bonus"],
                        "applies_to": "any",
                    }
                )
        return {
            "key": CUSTOM,
            "win": data["win"],
            "draw": data["draw"],
            "loss": data["loss"],
            "forfeit_win": data["win"],
            "forfeit_loss": data["loss"],
            "bye": data["bye"],
            "concede": data["concede"],
            "concession_counts_as_loss": data["concession_counts_as_loss"],
            "bonuses": bonuses,
        }

    def tie_breakers(self) -> list[str]:
        """The chosen keys in slot order, empty slots left out (after is_valid)."""
        picked = (self.cleaned_data.get(f"tie_breaker_{slot}") for slot in range(1, TIE_BREAKER_SLOTS + 1))
        return [key for key in picked if key]
