"""Words the effects' descriptions share with the match and player pages: a player, dice, a
casualty, an improvement's choice and an SPP action, in the reader's language."""

from __future__ import annotations

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from league.rules import SKILL_REMOVED, Ruleset, table_roll_outcome
from teams.models import Player

ACTIONS = {
    "completion": gettext_lazy("completion"),
    "touchdown": gettext_lazy("touchdown"),
    "interception": gettext_lazy("interception"),
    "casualty": gettext_lazy("casualty (block)"),
}
STAT_NAMES = {"ma": gettext_lazy("MA"), "st": gettext_lazy("ST"), "ag": gettext_lazy("AG"), "av": gettext_lazy("AV")}


def lang() -> str:
    return get_language() or "en"


def player_label(player: Player | None) -> str:
    return str(player) if player else _("an induced player")


def dice_text(values: list[int] | tuple[int, ...]) -> str:
    return " + ".join(str(v) for v in values)


def casualty_name(ruleset: Ruleset, key: str | None) -> str:
    """The cause of an injury: a casualty, or a row of a table roll (an ageing roll's outcome)."""
    for result in ruleset.casualty_table.values():
        if result.key == key:
            return result.name(lang())
    outcome = table_roll_outcome(ruleset, key)
    return outcome.name(lang()) if outcome else key or ""


def choice_label(ruleset: Ruleset, choice: str, skill: str = "") -> str:
    """“Block” for a skill, “+1 MA” for a characteristic (choice is a key or a value key),
    “Bone-head removed” for a skill removed on a double (skill_removed, or remove:<skill>)."""
    if choice == SKILL_REMOVED or choice.startswith("remove:"):
        key = skill or choice.removeprefix("remove:")
        name = ruleset.skills[key].name(lang()) if key in ruleset.skills else key
        return _("%(skill)s removed") % {"skill": name}
    if skill or choice in ruleset.skills:
        key = skill or choice
        return ruleset.skills[key].name(lang()) if key in ruleset.skills else key
    stat = choice.removesuffix("_increase")
    return f"+1 {STAT_NAMES.get(stat, stat.upper())}"


def action_name(ruleset: Ruleset, key: str) -> str:
    """An SPP action in the reader's language: the site's wording of the usual four, the ruleset's
    name (spp_actions.csv) of its own actions, such as a chest opened, never the bare key."""
    if key in ACTIONS:
        return str(ACTIONS[key])
    name_en, name_fr, _abbr_en, _abbr_fr = ruleset.spp_action_names.get(key, ("", "", "", ""))
    return (name_fr if lang().startswith("fr") and name_fr else name_en) or key
