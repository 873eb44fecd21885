"""Free rookies (a ruleset's optional group [parameters.rookies]; spec H5).

While a team has fewer than `fill_to` players able to play, its coach may hire a free rookie of
the team list's most numerous position: characteristics halved rounding up, never a team re-roll
for his actions (a permanent mark on the player), worth 0 in team value, released for free like
any player (teams.services.roster.player_fire). The pre-match step "rookies" tops the roster up
with them (matches/prematch_steps/rookies.py).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.core.audit import log_action
from league.core.selectors import league_ruleset
from league.rules import Ruleset
from league.rules.catalogue.team_building import group_cap_violation, rookie_rules, rookie_source, rookies_allowed
from teams.errors import TeamRuleError, violation_message
from teams.models import Player, Team
from teams.numbers import lowest_free_number
from teams.services.common import check_manager, lock_team, require_status, team_refresh_value


def rookie_problems(ruleset: Ruleset, team: Team, *, number: int | None = None) -> list[str]:
    """Why the team may not hire one more free rookie now ([] when it may)."""
    rules = rookie_rules(ruleset)
    if rules is None:
        return [_("This league's ruleset has no free rookies.")]
    active = list(team.players.filter(status=Player.Status.ACTIVE).values_list("number", "position", "miss_next_game"))
    available = sum(1 for _n, _pos, misses in active if not misses)
    problems = []
    if not rookies_allowed(ruleset, available):
        problems.append(
            ngettext(
                "A free rookie may be hired only while the team has fewer than %(n)s player able to play "
                "(it has %(count)s).",
                "A free rookie may be hired only while the team has fewer than %(n)s players able to play "
                "(it has %(count)s).",
                rules.fill_to,
            )
            % {"n": rules.fill_to, "count": available}
        )
    if len(active) - team.players.filter(status=Player.Status.ACTIVE, journeyman=True).count() >= (
        most := ruleset.params.roster_max_players
    ):
        problems.append(
            ngettext("The roster is full (%(max)s player).", "The roster is full (%(max)s players).", most)
            % {"max": most}
        )
    position = rookie_source(ruleset, team.race)
    if sum(1 for _n, pos, _m in active if pos == position.key) >= position.max_count:
        problems.append(
            ngettext(
                "%(position)s: at most %(max)s player per team.",
                "%(position)s: at most %(max)s players per team.",
                position.max_count,
            )
            % {"max": position.max_count, "position": position.name(_lang())}
        )
    counts: dict[str, int] = {position.key: 1}
    for _n, pos, _m in active:
        counts[pos] = counts.get(pos, 0) + 1
    if cap := group_cap_violation(ruleset, team.race, counts):
        problems.append(violation_message(ruleset, team.race, cap))
    if number is not None and (number < 1 or number > 99 or any(n == number for n, _p, _m in active)):
        problems.append(_("Number %(number)s is not free.") % {"number": number})
    return problems


def _lang() -> str:
    from django.utils.translation import get_language

    return get_language() or "en"


def rookie_hire(*, team: Team, name: str = "", number: int | None = None, by: User | None = None) -> Player:
    """Hire one free rookie (no gold moves); an empty name reads "Rookie <number>" in the reader's language."""
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        require_status(team, Team.Status.READY)
        ruleset = league_ruleset(team.league)
        problems = rookie_problems(ruleset, team, number=number)
        if problems:
            raise TeamRuleError(problems)
        taken = set(team.players.filter(status=Player.Status.ACTIVE).values_list("number", flat=True))
        chosen = number if number is not None else lowest_free_number(taken)
        position = rookie_source(ruleset, team.race)
        player = Player.objects.create(team=team, position=position.key, name=name.strip(), number=chosen, rookie=True)
        team_refresh_value(team=team)
        log_action(action="teams.rookie.hired", actor=by, team=team, player=player.pk, position=position.key)
    return player


def new_rookies(ruleset: Ruleset, team: Team, *, available: int, taken: set[int]) -> list[Player]:
    """Unsaved free rookies that bring the players able to play (`available`) up to the ruleset's
    fill_to, numbered in the gaps of `taken` (the pre-match's top-up)."""
    needed = rookies_allowed(ruleset, available)
    if not needed:
        return []
    position = rookie_source(ruleset, team.race)
    numbers = [n for n in range(1, 100) if n not in taken][:needed]
    return [Player(team=team, number=n, name="", position=position.key, rookie=True) for n in numbers]
