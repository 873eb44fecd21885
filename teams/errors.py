"""Rule violations turned into sentences in the user's language.

The rules engine reports codes with parameters; this is the one place that words them.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.formats import number_format
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from league.rules import Ruleset
from league.rules.catalogue.team_building import Violation, capped_positions


class TeamRuleError(Exception):
    """A write refused by the rules; `messages` are ready to show to the user."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(messages))
        self.messages = messages


def gp(amount: object) -> str:
    """Gold as the reader writes numbers: 1,000,000 in English, 1 000 000 in French."""
    if not isinstance(amount, int):
        return str(amount)
    return number_format(amount, force_grouping=True)


# A position whose characteristics the ruleset's source lost (the league's roster catalogue).
PROFILE_UNKNOWN = gettext_lazy(
    "%(position)s: this position's profile is unknown; the commissioner must complete it in the league's "
    "roster catalogue before anyone hires one."
)


def violation_message(ruleset: Ruleset, team_key: str, v: Violation) -> str:
    p = dict(v.params)
    language = get_language() or "en"
    roster = str(p.get("roster") or team_key)  # an alliance team's position names its roster
    if "position" in p and roster in ruleset.teams:
        team = ruleset.team(roster)
        known = {pos.key: pos for pos in team.roster_positions}
        if p["position"] in known:
            p["position"] = known[str(p["position"])].name(language)
            if p.get("roster"):
                p["position"] = f"{p['position']} ({team.name(language)})"
    if v.code == "group_cap" and team_key in ruleset.teams:
        capped = capped_positions(ruleset, team_key)
        p["positions"] = ", ".join(pos.name(language) for pos in ruleset.team(team_key).positions if pos.key in capped)
    for name in ("team", "other"):  # team lists by their names in the reader's language
        if name in p and str(p[name]) in ruleset.teams:
            p[name] = ruleset.team(str(p[name])).name(language)
    # Worded here, at call time, in the active language; counts pick their plural form.
    plural = {
        "position_max": (
            ngettext(
                "%(position)s: at most %(max)s player per team (you chose %(count)s).",
                "%(position)s: at most %(max)s players per team (you chose %(count)s).",
                _number(p.get("max")),
            )
        ),
        "too_few_players": ngettext(
            "A team needs at least %(min)s player (you have %(count)s).",
            "A team needs at least %(min)s players (you have %(count)s).",
            _number(p.get("min")),
        ),
        "too_many_players": ngettext(
            "A team may have at most %(max)s player (you have %(count)s).",
            "A team may have at most %(max)s players (you have %(count)s).",
            _number(p.get("max")),
        ),
        "group_cap": ngettext(
            "At most %(max)s player of these positions per team: %(positions)s (you have %(count)s).",
            "At most %(max)s players of these positions per team: %(positions)s (you have %(count)s).",
            _number(p.get("max")),
        ),
        "alliance_roster_max": ngettext(
            "%(team)s: at most %(max)s player from this roster (you chose %(count)s).",
            "%(team)s: at most %(max)s players from this roster (you chose %(count)s).",
            _number(p.get("max")),
        ),
        "reroll_max": ngettext(
            "A team may have at most %(max)s team re-roll (you chose %(count)s).",
            "A team may have at most %(max)s team re-rolls (you chose %(count)s).",
            _number(p.get("max")),
        ),
    }
    messages = {
        "unknown_team": _("“%(team)s” is not a team of this ruleset."),
        "unknown_position": _("“%(position)s” is not a position of this team."),
        "profile_unknown": PROFILE_UNKNOWN,
        "negative_count": _("%(position)s: the number of players cannot be negative."),
        "fan_factor_max": _("Fan factor bought at creation must be between 0 and %(max)s (you chose %(count)s)."),
        "fan_factor_min": _("A new team needs a fan factor of at least %(min)s (you chose %(count)s)."),
        "fan_factor_free": _(
            "This league plays the free fan factor rule: every team starts with a fan factor of %(free)s for "
            "free, and none can be bought (you chose %(count)s)."
        ),
        "negative_staff": _("Staff numbers cannot be negative."),
        "apothecary_forbidden": _("This team may not hire an apothecary."),
        "alliance_unavailable": _("This league does not offer alliance teams."),
        "alliance_rosters": _("An alliance team has exactly %(count)s rosters: choose both the second and the third."),
        "alliance_duplicate": _("%(team)s is chosen twice: the three rosters of an alliance must be different."),
        "alliance_not_allied": _("%(team)s and %(other)s are not allied: the three rosters must all be allied."),
        "over_budget": _("This team costs %(cost)s gp, over the %(budget)s gp budget."),
        **plural,
    }
    template = messages.get(v.code, v.code)
    for money in ("cost", "budget"):
        if money in p:
            p[money] = gp(p[money])
    return str(template) % p


def _number(value: object) -> int:
    """The count that chooses a plural form (a parameter the engine may leave out)."""
    try:
        return int(value)  # type: ignore[call-overload,no-any-return]
    except (TypeError, ValueError):
        return 0


def violation_messages(ruleset: Ruleset, team_key: str, violations: Iterable[Violation]) -> list[str]:
    return [violation_message(ruleset, team_key, v) for v in violations]
