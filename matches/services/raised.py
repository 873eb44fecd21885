"""Players raised from the dead after a match: a Necromancer's Zombie, a Nurgle team's Rotter (the
ruleset's raising groups, league/rules/catalogue/raised.py).

Once a match is processed, the coach of a team whose list raises players (or the commissioner)
names the opposing player killed in it and the new player's name: he joins the roster for free, at
his position's cost in team value. Like the other purchases of the post-match (the team page's
hires), it is done after the sequence has run, and only until the team has played again. Checked
here: the victim died in this match (after apothecary and Regeneration: the sequence's "dead"
effect), on the other side; his ST and skills allow it; he was never raised; the mechanism's limit
per match; the roster's room (journeymen take none) and the number. The raised player keeps his
victim (Player.raised_from), which is how each limit is counted.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.selectors import league_ruleset
from league.rules import Ruleset
from league.rules.catalogue.raised import group_name, raised_position, raising, raisings, victim_problem
from league.rules.parameter_groups import RaiseDeadParameters
from matches.models import Match, MatchEffect
from matches.services.common import MatchError
from teams.models import Player, Team
from teams.selectors import player_row
from teams.services.common import check_manager, lock_team, team_refresh_value


@dataclass(frozen=True)
class RaiseOffer:
    """What one of the side's mechanisms may still raise from the match: its victims, in order."""

    key: str  # the group's KEY
    name: str
    position: str  # the raised player's position, in the reader's language
    victims: tuple[Player, ...]


def match_dead(match: Match) -> list[Player]:
    """The roster players who died in this match (the post-match sequence's "dead" effects), with
    their advancements and injuries (a victim's profile), by team and number."""
    ids = MatchEffect.objects.filter(match=match, kind="dead", player__isnull=False).values("player_id")
    return list(
        Player.objects.filter(pk__in=ids)
        .select_related("team")
        .prefetch_related("advancements", "injuries")
        .order_by("team_id", "number")
    )


def raised_from(victims: list[Player]) -> list[Player]:
    """The players raised from these victims, with the victim."""
    return list(Player.objects.filter(raised_from__in=[v.pk for v in victims]).select_related("raised_from", "team"))


def played_since(match: Match, team: Team) -> bool:
    """Whether the team has played (its post-match run) a match after this one."""
    if not match.sequence:
        return False
    return (
        Match.objects.filter(Q(home=team) | Q(away=team), status=Match.Status.PROCESSED, sequence__gt=match.sequence)
        .exclude(pk=match.pk)
        .exists()
    )


def _lang() -> str:
    return get_language() or "en"


def victim_refusal(ruleset: Ruleset, group: RaiseDeadParameters, victim: Player) -> str | None:
    """Why this dead player may not be raised by the mechanism (his ST, a skill), or None."""
    row = player_row(victim, ruleset, victim.team)
    problem = victim_problem(group, st=row.st, skills=row.skills)
    if problem == "st":
        return _("%(player)s cannot be raised: his strength is over %(max)s.") % {
            "player": victim,
            "max": group.victim_max_st,
        }
    if problem:
        skill = problem.partition(":")[2]
        name = ruleset.skills[skill].name(_lang()) if skill in ruleset.skills else skill
        return _("%(player)s cannot be raised: he has %(skill)s.") % {"player": victim, "skill": name}
    return None


def _used(group: RaiseDeadParameters, side_team_id: int, raised: list[Player]) -> int:
    return sum(1 for p in raised if p.team_id == side_team_id and p.position == group.position)


def raise_offers(match: Match, side: str) -> list[RaiseOffer]:
    """The side's mechanisms with the victims it may still raise (none once it has played again)."""
    if match.status != Match.Status.PROCESSED:
        return []
    team, ruleset = match.team(side), league_ruleset(match.league)
    groups = raisings(ruleset, team.race)
    if not groups or played_since(match, team):
        return []
    dead = [p for p in match_dead(match) if p.team_id != team.pk]
    raised = raised_from(dead)
    taken = {p.raised_from_id for p in raised}
    offers = []
    for group in groups:
        if group.per_match and _used(group, team.pk, raised) >= group.per_match:
            continue
        victims = tuple(v for v in dead if v.pk not in taken and victim_refusal(ruleset, group, v) is None)
        if victims:
            position = raised_position(ruleset, team.race, group).name(_lang())
            offers.append(RaiseOffer(group.KEY, group_name(group, _lang()), position, victims))
    return offers


def raised_players(match: Match) -> list[Player]:
    """The players raised from this match's dead, with their victims (one query, whatever the roster)."""
    dead = MatchEffect.objects.filter(match=match, kind="dead").values("player_id")
    return list(Player.objects.filter(raised_from__in=dead).select_related("raised_from", "team").order_by("pk"))


def player_raise(
    *, match: Match, side: str, key: str, victim_id: int, name: str, number: int | None = None, by: User | None
) -> Player:
    """Add the player raised from `victim_id` by the mechanism `key` to the side's team, for free."""
    if side not in ("home", "away"):
        raise MatchError([_("A side is home or away.")])
    team = match.team(side)
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        ruleset = league_ruleset(match.league)
        group = raising(ruleset, team.race, key)
        if group is None:
            raise MatchError([_("%(team)s cannot raise players this way.") % {"team": team.name}])
        if match.status != Match.Status.PROCESSED:
            raise MatchError([_("Players are raised once the match's post-match sequence has run.")])
        if played_since(match, team):
            raise MatchError([_("Too late: %(team)s has played another match since.") % {"team": team.name}])
        dead = [p for p in match_dead(match) if p.team_id != team.pk]
        victim = next((p for p in dead if p.pk == victim_id), None)
        if victim is None:
            raise MatchError([_("Only an opposing player killed in this match can be raised.")])
        raised = raised_from(dead)
        problems = []
        if any(p.raised_from_id == victim.pk for p in raised):
            problems.append(_("%(player)s has already been raised.") % {"player": victim})
        if refusal := victim_refusal(ruleset, group, victim):
            problems.append(refusal)
        if group.per_match and _used(group, team.pk, raised) >= group.per_match:
            problems.append(
                ngettext(
                    "%(team)s has already raised %(max)s player from this match (%(how)s).",
                    "%(team)s has already raised %(max)s players from this match (%(how)s).",
                    group.per_match,
                )
                % {"team": team.name, "max": group.per_match, "how": group_name(group, _lang())}
            )
        active = team.players.filter(status=Player.Status.ACTIVE)
        most = ruleset.params.roster_max_players
        if active.filter(journeyman=False).count() >= most:
            problems.append(
                ngettext("The roster is full (%(max)s player).", "The roster is full (%(max)s players).", most)
                % {"max": most}
            )
        if not name.strip():
            problems.append(_("Every player needs a name."))
        taken = set(active.values_list("number", flat=True))
        if number is not None and (number < 1 or number > 99 or number in taken):
            problems.append(_("Number %(number)s is not free.") % {"number": number})
        if problems:
            raise MatchError(problems)
        player = Player.objects.create(
            team=team,
            position=group.position,
            name=name.strip(),
            number=number if number is not None else next(n for n in range(1, 100) if n not in taken),
            raised_from=victim,
        )
        team_refresh_value(team=team)  # free, but counted at his position's cost
        log_action(
            action="matches.player.raised",
            actor=by,
            team=team,
            league=match.league,
            match=match.pk,
            player=player.pk,
            victim=victim.pk,
            how=group.KEY,
        )
    return player
