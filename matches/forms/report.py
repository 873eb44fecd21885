"""The result sheet's form: score, per-player lines, casualties suffered, concession, dice and MVP.

It turns text into the services' input records and never writes (see matches/forms/common.py).
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from league.competitions.seasons.rounds import FIRST_DAY, LAST_DAY, check_days
from league.infra.inputs import column_max, posted_id
from league.rules import (
    BankParameters,
    Ruleset,
    concession_penalised,
    fan_factor_dice,
)
from league.rules.postmatch.card_gold import has_card_gold
from league.rules.postmatch.check import extra_actions
from matches.forms import report_steps
from matches.forms.bank_fields import bank_fields
from matches.forms.card_gold import card_gold_fields
from matches.forms.common import NUMERIC, check_d6, checkbox, number
from matches.forms.records import add_record_fields, clean_records, record_groups
from matches.forms.result_policy import add_result_policy_fields, result_policy_values
from matches.forms.sheet_rules import add_apothecary_ko_fields, apothecary_ko_values, gate_help
from matches.models import SIDES, Match, MatchCasualty, MatchPlayer
from matches.services import CasualtyLine, PlayerLine, ReportInput

PLAYER_COUNTS = (
    ("comp", "completions", gettext_lazy("Comp.")),
    ("td", "touchdowns", gettext_lazy("TD")),
    ("int", "interceptions", gettext_lazy("Int.")),
    ("cas", "casualties", gettext_lazy("Cas.")),
)
CASUALTY_FIELDS = ("d6", "d8", "d6b", "d8b", "apo_d6", "apo_d8", "regen")
COUNT, DIE = (MatchPlayer, "touchdowns"), (MatchCasualty, "d6")  # the columns bounding a count, a die


class ReportForm(forms.Form):
    """The result sheet: score, per-player lines, casualties suffered, concession, dice and MVP."""

    home_score = number(gettext_lazy("Home score"), required=True, column=(Match, "home_score"), min=0)
    away_score = number(gettext_lazy("Away score"), required=True, column=(Match, "away_score"), min=0)
    home_fame = number(gettext_lazy("FAME"), column=(Match, "home_fame"), min=0, max=2)
    away_fame = number(gettext_lazy("FAME"), column=(Match, "away_fame"), min=0, max=2)
    # Touchdowns no roster player can be credited with (services.scoring says which count).
    home_uncredited_touchdowns = number(
        gettext_lazy("Touchdowns with no roster scorer"), column=(Match, "home_uncredited_touchdowns"), min=0
    )
    away_uncredited_touchdowns = number(
        gettext_lazy("Touchdowns with no roster scorer"), column=(Match, "away_uncredited_touchdowns"), min=0
    )
    gate = forms.IntegerField(
        label=gettext_lazy("Gate (thousands of fans)"),
        required=False,
        min_value=0,
        max_value=column_max(Match, "gate"),
        widget=forms.NumberInput(attrs={**NUMERIC, "min": 0}),
    )
    played_on = forms.DateField(
        label=gettext_lazy("Played on"),
        required=False,
        initial=timezone.localdate,  # results are mostly entered on the day, at the table
        validators=[check_days],  # the app's sane range of dates (docs/decisions/seasons.md)
        widget=forms.DateInput(attrs={"type": "date", "class": "form-control", "min": FIRST_DAY, "max": LAST_DAY}),
    )
    conceded_by = forms.ChoiceField(label=gettext_lazy("Concession"), required=False, widget=forms.RadioSelect)
    concession_justified = forms.BooleanField(required=False)

    def __init__(
        self,
        *args: Any,
        match: Match,
        ruleset: Ruleset,
        lines: list[MatchPlayer],
        skills: dict[int, set[str]],
        require_mvp: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.match, self.ruleset, self.lines, self.require_mvp = match, ruleset, lines, require_mvp
        self.fields["gate"].help_text = gate_help(match, ruleset)
        self.mvp_chosen = ruleset.params.mvp_mode == "chosen"
        # The ruleset's own SPP actions beyond the fixed four, worded by its data (abbreviation).
        lang = (get_language() or "en")[:2]
        self.other_actions = [
            (action, ruleset.spp_action_names.get(action, ("", "", action, action))[3 if lang == "fr" else 2] or action)
            for action in extra_actions(ruleset)
        ]
        cast(forms.ChoiceField, self.fields["conceded_by"]).choices = [("", _("No concession"))] + [
            (side, _("%(team)s conceded") % {"team": match.team(side).name}) for side, _l in SIDES
        ]
        # A level score that may not stand (a play-off match, a ruleset without draws): overtime and shoot-out.
        self.ties_resolved = add_result_policy_fields(self, match, ruleset)
        add_record_fields(self, ruleset, lines)  # the ruleset's match-sheet records
        add_apothecary_ko_fields(self, match)  # an apothecary used on a KO'd player: its one use (spec A31)
        self.fields["concession_justified"].label = _(
            "Justified: conceded at a kick-off with %(max)s players or fewer able to play"
        ) % {"max": ruleset.params.justified_concession_max_players}
        for line in lines:
            off: dict[str, Any] = {} if line.eligible else {"disabled": True}
            for key, attr, label in PLAYER_COUNTS:
                self.fields[f"p{line.player_id}_{key}"] = number(label, column=(MatchPlayer, attr), min=0, **off)
            for action, action_label in self.other_actions:  # the ruleset's own SPP actions
                # Held in JSON, bounded as the four counts' columns are (their SPP add up in a column).
                self.fields[f"p{line.player_id}_x_{action}"] = number(action_label, column=COUNT, min=0, max=99, **off)
            for key in CASUALTY_FIELDS:
                self.fields[f"p{line.player_id}_{key}"] = number(key, column=DIE, min=1, max=8 if "8" in key else 6)
            self.fields[f"p{line.player_id}_apo"] = forms.BooleanField(
                label=_("Apothecary used"), required=False, widget=checkbox()
            )
            self.fields[f"p{line.player_id}_apo_keep"] = forms.BooleanField(
                label=_("Kept the apothecary's roll"), required=False, initial=True, widget=checkbox()
            )
            self.fields[f"p{line.player_id}_apo_after"] = forms.BooleanField(
                label=_("Treated after the match"), required=False, widget=checkbox()
            )
        for side, _label in SIDES:
            self.fields[f"winnings_{side}"] = number(_("Winnings D6"), min=1, max=6)
            self.fields[f"reroll_{side}"] = forms.ChoiceField(
                label=_("Winner's re-roll"), required=False, choices=[("", _("Not re-rolled")), ("yes", _("Re-rolled"))]
            )
            self.fields[f"reroll_die_{side}"] = number(_("Re-rolled D6"), min=1, max=6)
            for n in (1, 2, 3):
                self.fields[f"ff_{side}_{n}"] = number(_("D6 #%(n)s") % {"n": n}, min=1, max=6)
            if self.mvp_chosen:
                candidates = [("", _("Choose the MVP…"))] + [
                    (f"p{ln.player_id}", str(ln.player)) for ln in lines if ln.side == side and ln.eligible
                ]
                team = match.team(side).name
                self.fields[f"mvp_{side}_1"] = forms.ChoiceField(
                    label=_("MVP of %(team)s") % {"team": team}, choices=candidates, required=False
                )
                self.fields[f"mvp_{side}_2"] = forms.ChoiceField(
                    label=_("Second MVP of %(team)s (only after the opponent's unjustified concession)")
                    % {"team": team},
                    choices=candidates,
                    required=False,
                )
        self.bank = ruleset.group(BankParameters)
        if self.bank is not None:
            bank_fields(self)
        self.card_gold = has_card_gold(ruleset)  # special play cards sold: their gold, in the winnings
        self.fields.update(card_gold_fields(ruleset) if self.card_gold else {})
        self.skills = skills
        report_steps.step_fields(self)
        self.extra_lines = self._unknown_lines()

    def _unknown_lines(self) -> list[PlayerLine]:
        """Lines posted for players who are not in this match: handed to the service, which refuses them."""
        known = {line.player_id for line in self.lines}
        attrs = {key: attr for key, attr, _l in PLAYER_COUNTS}
        found: dict[int, dict[str, Any]] = {}
        for name, value in (self.data or {}).items():
            head, _sep, tail = name.partition("_")
            pk = posted_id(head[1:]) if head[:1] == "p" else None
            if pk is None or pk in known or tail not in attrs:
                continue
            try:
                found.setdefault(pk, {})[attrs[tail]] = int(value)
            except ValueError:
                continue
        return [PlayerLine(pid, **counts) for pid, counts in found.items()]

    def record_groups(self) -> list[dict[str, Any]]:
        return record_groups(self, self.ruleset)

    def sides(self) -> list[dict[str, Any]]:
        """Per side: its team, its players with their bound fields, its dice and MVP fields."""
        out = []
        for side, _label in SIDES:
            players = []
            for line in (ln for ln in self.lines if ln.side == side):
                p = f"p{line.player_id}"
                known = self.skills.get(line.player_id, set())
                try:
                    position = self.ruleset.team(line.player.roster or self.match.team(side).race).position(
                        line.player.position
                    )
                    position_name, champion = position.name(get_language() or "en"), position.champion
                except KeyError:
                    position_name, champion = line.player.position, False
                players.append(
                    {
                        "line": line,
                        "position": position_name,
                        "champion": champion,
                        "counts": [self[f"{p}_{k}"] for k, _a, _l in PLAYER_COUNTS]
                        + [self[f"{p}_x_{action}"] for action, _l in self.other_actions],
                        "cas": {k: self[f"{p}_{k}"] for k in (*CASUALTY_FIELDS, "apo", "apo_keep", "apo_after")},
                        "after_match": self.ruleset.params.apothecary_after_match or self[f"{p}_apo_after"].value(),
                        "decay": "decay" in known,
                        "regeneration": "regeneration" in known,
                        "hurt": any(self[f"{p}_{k}"].value() not in (None, "") for k in CASUALTY_FIELDS),
                        "active": self._shown(p),
                    }
                )
            out.append(
                {
                    "side": side,
                    "team": self.match.team(side),
                    "players": players,
                    "score": self[f"{side}_score"],
                    "uncredited": self[f"{side}_uncredited_touchdowns"],
                    "apothecary_ko": self[f"{side}_apothecary_ko"],
                    "fame": self[f"{side}_fame"],
                    "winnings": self[f"winnings_{side}"],
                    "reroll": self[f"reroll_{side}"],
                    "reroll_die": self[f"reroll_die_{side}"],
                    "ff": [self[f"ff_{side}_{n}"] for n in (1, 2, 3)],
                    "mvp": [self[f"mvp_{side}_{n}"] for n in (1, 2)] if self.mvp_chosen else [],
                    "bank": [self[name] for name in (f"bank_{side}", f"se_bank_{side}") if name in self.fields],
                    "card_gold": self[f"card_gold_{side}"] if self.card_gold else None,
                    "steps": report_steps.side_fields(self, side),
                }
            )
        return out

    def _shown(self, prefix: str) -> bool:
        """A player the sheet shows from the start: something entered (a count, a die, the
        apothecary) or an error to read; the others wait behind "add a player's event"."""
        for name in (n for n in self.fields if n.startswith(prefix + "_") and not n.endswith("_apo_keep")):
            if self[name].errors or self[name].value() not in (None, "", 0, "0", False):
                return True
        return False

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data  # Form.clean returns cleaned_data itself
        self.lines_out: list[PlayerLine] = list(self.extra_lines)
        self.casualties_out: list[CasualtyLine] = []
        self.dice_out: dict[str, list[int]] = {}
        self.decisions_out: dict[str, Any] = {}
        for line in self.lines:
            self._clean_player(line)
        self.records_out = clean_records(self, self.ruleset, self.lines)
        home, away, conceded = data.get("home_score"), data.get("away_score"), data.get("conceded_by") or ""
        if home is None or away is None:
            return data
        if conceded:
            outcomes = {side: "loss" if side == conceded else "win" for side, _l in SIDES}
        else:
            outcomes = {"home": "win" if home > away else "loss" if home < away else "draw"}
            outcomes["away"] = {"win": "loss", "loss": "win", "draw": "draw"}[outcomes["home"]]
        penalised = concession_penalised(
            self.ruleset, conceded=bool(conceded), justified=bool(data.get("concession_justified"))
        )
        for side, _label in SIDES:
            self._clean_side(side, outcomes[side], conceded == side, penalised)
        return data

    def _clean_player(self, line: MatchPlayer) -> None:
        data, p, who = self.cleaned_data, f"p{line.player_id}", str(line.player)
        counts = {attr: data.get(f"{p}_{key}") or 0 for key, attr, _l in PLAYER_COUNTS}
        actions = {action: data.get(f"{p}_x_{action}") or 0 for action, _l in self.other_actions}
        actions = {action: count for action, count in actions.items() if count}
        if any(counts.values()) or actions:
            self.lines_out.append(PlayerLine(line.player_id, **counts, actions=actions))
        dice: dict[str, Any] = {k: data.get(f"{p}_{k}") for k in CASUALTY_FIELDS}
        if dice["d6"] is None and dice["d8"] is None:
            if any(v is not None for v in dice.values()) or data.get(f"{p}_apo"):
                self.add_error(None, _("%(player)s: enter the casualty roll (D6 and D8) first.") % {"player": who})
            return
        pairs = (
            ("d6", "d8", _("the casualty roll")),
            ("d6b", "d8b", _("the Decay roll")),
            ("apo_d6", "apo_d8", _("the apothecary's roll")),
        )
        for a, b, what in pairs:
            if (dice[a] is None) != (dice[b] is None):
                self.add_error(
                    None, _("%(player)s: give both the D6 and the D8 of %(what)s.") % {"player": who, "what": what}
                )
                return
        used = bool(data.get(f"{p}_apo"))
        if used and dice["apo_d6"] is None:
            self.add_error(None, _("%(player)s: the apothecary was used: enter its D6 and D8.") % {"player": who})
            return
        if (
            dice["regen"] is not None
            and check_d6(self, f"{p}_regen", _("%(player)s, regeneration") % {"player": who}) is None
        ):
            return
        self.casualties_out.append(
            CasualtyLine(
                line.player_id,
                d6=dice["d6"],
                d8=dice["d8"],
                second_d6=dice["d6b"],
                second_d8=dice["d8b"],
                apothecary_used=used and dice["apo_d6"] is not None,
                apothecary_d6=dice["apo_d6"] if used else None,
                apothecary_d8=dice["apo_d8"] if used else None,
                apothecary_kept_reroll=used and bool(data.get(f"{p}_apo_keep")),
                # Ticked without the apothecary's roll: the rules engine's check says what is missing.
                apothecary_after_match=bool(data.get(f"{p}_apo_after")),
                regeneration_roll=dice["regen"],
            )
        )

    def _clean_side(self, side: str, outcome: str, conceded: bool, penalised: bool) -> None:
        data, team = self.cleaned_data, self.match.team(side).name
        winnings = check_d6(self, f"winnings_{side}", _("%(team)s, winnings") % {"team": team})
        reroll = data.get(f"reroll_{side}") == "yes"
        die = check_d6(self, f"reroll_die_{side}", _("%(team)s, re-rolled winnings") % {"team": team})
        if winnings is not None:
            if conceded and not penalised:
                self.add_error(
                    f"winnings_{side}",
                    _("A team that conceded with good reason earns no winnings: leave its die empty."),
                )
            else:
                self.dice_out[f"winnings:{side}"] = [winnings]
        if reroll or die is not None:
            if outcome != "win":
                self.add_error(f"reroll_{side}", _("Only the winner may re-roll its winnings die."))
            elif winnings is None:
                self.add_error(
                    f"reroll_{side}", _("Enter the first winnings die before the re-roll, or leave both to the server.")
                )
            elif not reroll:
                self.add_error(f"reroll_die_{side}", _("A re-rolled die was entered but no re-roll was chosen."))
        if outcome == "win" and winnings is not None and f"winnings:{side}" in self.dice_out:
            self.decisions_out[f"winnings_reroll:{side}"] = reroll
            if reroll and die is not None:
                self.dice_out[f"winnings_reroll:{side}"] = [die]
        rolled = [check_d6(self, f"ff_{side}_{n}", _("%(team)s, fan factor") % {"team": team}) for n in (1, 2, 3)]
        ff = [v for v in rolled if v is not None]
        if ff:
            needed = fan_factor_dice(outcome, self.ruleset)
            if conceded and penalised:
                self.add_error(None, _("%(team)s conceded: it loses 1 fan factor without rolling.") % {"team": team})
            elif len(ff) != needed:
                self.add_error(
                    None,
                    _("%(team)s rolls %(n)s dice for the fan factor: enter all of them or none.")
                    % {"team": team, "n": needed},
                )
            else:
                self.dice_out[f"ff:{side}"] = ff
        report_steps.clean_side(self, side)
        for prefix in ("bank", "se_bank", "card_gold"):  # an amount (int): the engine takes it as a decision
            if data.get(f"{prefix}_{side}") is not None:
                self.decisions_out[f"{prefix}:{side}"] = data[f"{prefix}_{side}"]
        if self.mvp_chosen:
            awards = self.ruleset.params.mvps_per_team
            if penalised:
                awards = 0 if conceded else 2 * awards
            for n in range(1, awards + 1):
                pick = data.get(f"mvp_{side}_{n}")
                if pick:
                    self.decisions_out[f"mvp:{side}:{n}"] = pick
                elif self.require_mvp:
                    self.add_error(f"mvp_{side}_{n}", _("Choose the MVP of %(team)s.") % {"team": team})

    def to_report(self) -> ReportInput:
        data = self.cleaned_data
        return ReportInput(
            home_score=data["home_score"],
            away_score=data["away_score"],
            home_fame=data.get("home_fame") or 0,
            away_fame=data.get("away_fame") or 0,
            home_uncredited_touchdowns=data.get("home_uncredited_touchdowns") or 0,
            away_uncredited_touchdowns=data.get("away_uncredited_touchdowns") or 0,
            gate=data.get("gate"),
            conceded_by=data.get("conceded_by") or "",
            concession_justified=bool(data.get("conceded_by")) and bool(data.get("concession_justified")),
            lines=tuple(self.lines_out),
            casualties=tuple(self.casualties_out),
            dice=self.dice_out,
            decisions=self.decisions_out,
            played_on=data.get("played_on"),
            records=list(self.records_out),
            **result_policy_values(self),
            **apothecary_ko_values(self),
        )
