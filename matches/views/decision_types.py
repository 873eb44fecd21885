"""The kinds of coach decision the site offers (matches.decisions), registered in
MatchesConfig.ready(): the improvement choice, kept in its rolls (teams.ImprovementRoll), and the
builder of a kind kept as PendingDecision rows (`stored_decision_type`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from league.core.selectors import league_ruleset
from league.rules import IMPROVEMENT, SKILL_REMOVED, Ruleset, decision_options
from matches.decisions import DecisionType, Groups, StoredKind, register_decision_type
from matches.effects.words import choice_label
from matches.forms.common import category_label
from matches.selectors.common import improvement_roll_or_404, unchosen_rolls
from matches.selectors.decisions import pending_decision_or_404, stored_pending_for_match, stored_pending_for_team
from matches.services.common import match_ruleset
from matches.services.decisions import open_stored, stored_decision_choose
from matches.views.common import lang
from teams.selectors import pending_improvements
from teams.services import improvement_choose, roll_choices


def _improvement_groups(roll: Any, ruleset: Ruleset) -> Groups:
    """Skills by category (a double's categories marked), then the characteristics."""
    double = set(roll.options.get("double_categories", []))
    groups: Groups = []
    choices = roll_choices(roll)
    for letter, keys in choices.items():
        if letter in ("stats", "remove") or not keys:
            continue
        label = category_label(ruleset, letter, lang())
        if letter in double:
            label = _("%(category)s (double)") % {"category": label}
        groups.append((label, [(k, ruleset.skills[k].name(lang())) for k in keys]))
    stats = choices.get("stats", ())
    if stats:
        groups.append((_("Characteristics"), [(s, choice_label(ruleset, f"{s}_increase")) for s in stats]))
    removable = choices.get("remove", ())
    if removable:  # a double of a position whose access lets him drop a skill (skill_access.csv)
        label = _("Remove a skill (value unchanged)")
        groups.append((label, [(f"remove:{k}", choice_label(ruleset, SKILL_REMOVED, k)) for k in removable]))
    return groups


def _improvement_context(roll: Any, ruleset: Ruleset) -> dict[str, Any]:
    team = roll.player.team
    return {
        "roll": roll,
        "position": ruleset.team(roll.player.roster or team.race).position(roll.player.position).name(lang()),
        "total": roll.d6a + roll.d6b,
        "is_double": roll.d6a == roll.d6b,
    }


IMPROVEMENT_TYPE = DecisionType(
    kind=IMPROVEMENT,
    name=lambda: _("Improvement"),
    template="matches/improvement.html",
    list_template="matches/_pending_improvements.html",
    get=improvement_roll_or_404,
    team=lambda roll: roll.player.team,
    ruleset=lambda roll: league_ruleset(roll.player.team.league),
    pending=lambda roll: roll.pending,
    groups=_improvement_groups,
    choose=lambda roll, choice, by: improvement_choose(roll=roll, choice=choice, by=by),
    done=lambda roll, ruleset, choice: (
        _("%(player)s takes %(choice)s.")
        % {"player": roll.player.display_name, "choice": choice_label(ruleset, choice)}
    ),
    used=lambda: _("This improvement roll has already been used."),
    context=_improvement_context,
    for_team=lambda team: list(pending_improvements(team)),
    for_match=unchosen_rolls,
)


def stored_decision_type(spec: StoredKind) -> DecisionType:
    """A kind kept as PendingDecision rows: opened when a match is processed, shown on the generic
    page (matches/decision.html), chosen through matches.services.decisions."""

    def groups(decision: Any, ruleset: Ruleset) -> Groups:
        values = spec.values(decision.match, decision.team, ruleset)
        options = [
            (o.key, spec.option_label(ruleset, values, o.key)) for o in decision_options(ruleset, spec.kind, values)
        ]
        return [(spec.group_label(), options)] if options else []

    return DecisionType(
        kind=spec.kind,
        name=spec.name,
        template="matches/decision.html",
        list_template="matches/_pending_decision_list.html",
        get=lambda pk: pending_decision_or_404(spec.kind, pk),
        team=lambda decision: decision.team,
        ruleset=lambda decision: match_ruleset(decision.match),
        pending=lambda decision: decision.pending,
        groups=groups,
        choose=lambda decision, choice, by: stored_decision_choose(spec, decision, choice, by),
        done=lambda decision, ruleset, choice: (
            _("%(decision)s: %(choice)s.")
            % {
                "decision": spec.name(),
                "choice": spec.option_label(ruleset, spec.values(decision.match, decision.team, ruleset), choice),
            }
        ),
        used=lambda: _("This decision has already been made."),
        context=lambda decision, ruleset: {"decision": decision, "name": spec.name()},
        for_team=lambda team: stored_pending_for_team(team, spec.kind),
        for_match=lambda match: stored_pending_for_match(match, spec.kind),
        open=lambda match, ruleset: open_stored(spec, match, ruleset),
    )


def register() -> None:
    """Called once by MatchesConfig.ready()."""
    register_decision_type(IMPROVEMENT_TYPE)
