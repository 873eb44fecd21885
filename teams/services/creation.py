"""Creating a team: a draft that may be saved half-built, then made ready when legal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from league.core.audit import log_action
from league.core.models import League
from league.core.permissions import is_member
from league.core.selectors import league_ruleset
from league.rules.catalogue.alliances import reroll_cost, roster_position
from league.rules.catalogue.team_building import NewTeam, check_new_team, creation_cost, starting_fan_factor
from teams.errors import TeamRuleError, violation_messages
from teams.models import Player, Team, TreasuryEntry
from teams.services.common import champion_problems, check_manager, lock_team, require_status, team_refresh_value
from teams.services.ledger import treasury_post_many


@dataclass(frozen=True)
class PlayerOrder:
    position: str
    name: str
    number: int | None = None
    roster: str = ""  # an alliance team's second or third roster; "" for the team's race


@dataclass(frozen=True)
class TeamOrder:
    """Everything a coach chooses when building a team."""

    name: str
    race: str
    players: Sequence[PlayerOrder] = field(default_factory=tuple)
    rerolls: int = 0
    fan_factor: int = 0  # points bought (a draft keeps this; the free fan factor is added when ready)
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    college: str = ""  # free text, where the ruleset asks for a college of magic (team_college)
    allies: tuple[str, ...] = ()  # an alliance team's second and third rosters

    def as_new_team(self) -> NewTeam:
        counts: dict[str, int] = {}
        ally_counts: dict[str, dict[str, int]] = {}
        for p in self.players:
            roster = p.roster if p.roster and p.roster != self.race else ""
            into = ally_counts.setdefault(roster, {}) if roster else counts
            into[p.position] = into.get(p.position, 0) + 1
        return NewTeam(
            team_key=self.race,
            positions=counts,
            rerolls=self.rerolls,
            fan_factor=self.fan_factor,
            assistant_coaches=self.assistant_coaches,
            cheerleaders=self.cheerleaders,
            apothecary=self.apothecary,
            allies=self.allies,
            ally_positions=ally_counts,
        )


def order_problems(league: League, order: TeamOrder, *, complete: bool, team: Team | None = None) -> list[str]:
    """Every reason the order cannot be saved (complete=False: a draft may lack players)."""
    ruleset = league_ruleset(league)
    problems = violation_messages(ruleset, order.race, check_new_team(ruleset, order.as_new_team(), complete=complete))
    strays = {p.roster for p in order.players if p.roster and p.roster != order.race and p.roster not in order.allies}
    if strays:  # a player of a roster the team does not have (an alliance's rosters changed)
        problems.append(_("A player belongs to a roster this team does not have: choose his position again."))
    name = order.name.strip()
    if not name:
        problems.insert(0, _("The team needs a name."))
    else:
        clash = Team.objects.filter(league=league, name__iexact=name)
        if team is not None:
            clash = clash.exclude(pk=team.pk)
        if clash.exists():
            problems.insert(0, _("A team called “%(name)s” already plays in this league.") % {"name": name})
    if order.college.strip() and not ruleset.params.team_college:
        problems.append(_("This league's ruleset has no college of magic."))
    if len(order.college.strip()) > 80:
        problems.append(_("A college of magic is at most 80 characters long."))
    problems += champion_problems(league, ruleset, order.race, [p.position for p in order.players], team)
    numbers = [p.number for p in order.players if p.number is not None]
    if len(numbers) != len(set(numbers)):
        problems.append(_("Two players cannot wear the same number."))
    if any(n < 1 or n > 99 for n in numbers):
        problems.append(_("Player numbers run from 1 to 99."))
    if any(not p.name.strip() for p in order.players):
        problems.append(_("Every player needs a name."))
    return problems


def budget_left(league: League, order: TeamOrder) -> int:
    """Gold left from the starting budget after this order (may be negative while drafting)."""
    ruleset = league_ruleset(league)
    if order.race not in ruleset.teams:
        return ruleset.params.starting_treasury
    new_team = order.as_new_team()
    for roster, counts in new_team.counts():
        team_list = ruleset.teams.get(roster)
        if team_list is None or any(k not in {p.key for p in team_list.hire_positions} for k in counts):
            return ruleset.params.starting_treasury
    return ruleset.params.starting_treasury - creation_cost(ruleset, new_team)


def _write_players(team: Team, players: Sequence[PlayerOrder]) -> None:
    taken = {p.number for p in players if p.number is not None}
    free = (n for n in range(1, 100) if n not in taken)
    Player.objects.bulk_create(
        Player(
            team=team,
            number=p.number if p.number is not None else next(free),
            name=p.name.strip(),
            position=p.position,
            roster=p.roster if p.roster != team.race else "",
        )
        for p in players
    )


def team_save_draft(
    *,
    league: League,
    coach: User,
    order: TeamOrder,
    team: Team | None = None,
    by: User | None = None,
) -> Team:
    """Save (or replace) a draft. Every creation rule but the minimum of players applies."""
    if team is None and not is_member(coach, league):
        raise PermissionDenied(_("Join the league before creating a team in it."))
    if team is not None:
        check_manager(by, team)
        require_status(team, Team.Status.DRAFT)
    problems = order_problems(league, order, complete=False, team=team)
    if problems:
        raise TeamRuleError(problems)
    fields = dict(
        name=order.name.strip(),
        race=order.race,
        second_roster=order.allies[0] if order.allies else "",
        third_roster=order.allies[1] if len(order.allies) > 1 else "",
        rerolls=order.rerolls,
        fan_factor=order.fan_factor,
        assistant_coaches=order.assistant_coaches,
        cheerleaders=order.cheerleaders,
        apothecary=order.apothecary,
        college=order.college.strip(),
    )
    with transaction.atomic():
        if team is None:
            team = Team.objects.create(league=league, coach=coach, status=Team.Status.DRAFT, **fields)
        else:
            lock_team(team)
            Team.objects.filter(pk=team.pk).update(**fields)
            team.refresh_from_db()
            # A draft has spent nothing yet, so its players are simply replaced.
            team.players.all().delete()
        _write_players(team, order.players)
        team_refresh_value(team=team)
        log_action(
            action="teams.team.draft_saved", actor=by or coach, team=team, race=order.race, players=len(order.players)
        )
    return team


def team_make_ready(*, team: Team, by: User | None = None) -> Team:
    """Check the draft against every creation rule, then pay for it through the ledger."""
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        require_status(team, Team.Status.DRAFT)
        players = list(team.players.filter(status=Player.Status.ACTIVE).order_by("number"))
        order = TeamOrder(
            name=team.name,
            race=team.race,
            rerolls=team.rerolls,
            fan_factor=team.fan_factor,
            assistant_coaches=team.assistant_coaches,
            cheerleaders=team.cheerleaders,
            apothecary=team.apothecary,
            college=team.college,
            allies=team.allies,
            players=[PlayerOrder(p.position, p.name, p.number, p.roster) for p in players],
        )
        problems = order_problems(team.league, order, complete=True, team=team)
        if problems:
            raise TeamRuleError(problems)
        ruleset = league_ruleset(team.league)
        p = ruleset.params
        payer = by or team.coach
        entries = [(TreasuryEntry.Kind.STARTING_BUDGET, p.starting_treasury, "create:budget", "")]
        entries += [
            (
                TreasuryEntry.Kind.PLAYER_HIRED,
                -roster_position(ruleset, team.race, player.position, player.roster).cost,
                f"create:player:{player.pk}",
                f"#{player.number} {player.name}",
            )
            for player in players
        ]
        purchases = [
            (
                TreasuryEntry.Kind.REROLL_BOUGHT,
                team.rerolls * reroll_cost(ruleset, team.race, team.allies),
                "rerolls",
                "",
            ),
            (TreasuryEntry.Kind.FAN_FACTOR_BOUGHT, team.fan_factor * p.fan_factor_cost, "fan_factor", ""),
            (
                TreasuryEntry.Kind.STAFF_HIRED,
                team.assistant_coaches * p.assistant_coach_cost,
                "assistants",
                N_("Assistant coaches"),
            ),
            (
                TreasuryEntry.Kind.STAFF_HIRED,
                team.cheerleaders * p.cheerleader_cost,
                "cheerleaders",
                N_("Cheerleaders"),
            ),
            (
                TreasuryEntry.Kind.STAFF_HIRED,
                p.apothecary_cost if team.apothecary else 0,
                "apothecary",
                N_("Apothecary"),
            ),
        ]
        # Memos are stored in English and translated when shown (see teams/_ledger.html).
        entries += [(kind, -amount, f"create:{key}", memo) for kind, amount, key, memo in purchases if amount]
        treasury_post_many(team=team, entries=entries, by=payer)
        # The team starts with what it bought plus any free fan factor (optional rule, p.34).
        team.status, team.fan_factor = Team.Status.READY, starting_fan_factor(ruleset, team.fan_factor)
        Team.objects.filter(pk=team.pk).update(status=team.status, fan_factor=team.fan_factor)
        team_refresh_value(team=team)
        log_action(
            action="teams.team.ready", actor=payer, team=team, team_value=team.team_value, treasury=team.treasury
        )
    return team


def team_create(
    *,
    league: League,
    coach: User,
    name: str,
    race: str,
    players: Sequence[PlayerOrder],
    rerolls: int = 0,
    fan_factor: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    college: str = "",
    allies: tuple[str, ...] = (),
    by: User | None = None,
) -> Team:
    """Create a legal team in one step (draft + ready). Raises TeamRuleError; nothing is written then."""
    order = TeamOrder(
        name=name,
        race=race,
        players=tuple(players),
        rerolls=rerolls,
        fan_factor=fan_factor,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
        apothecary=apothecary,
        college=college,
        allies=allies,
    )
    problems = order_problems(league, order, complete=True)
    if problems:
        raise TeamRuleError(problems)
    with transaction.atomic():
        team = team_save_draft(league=league, coach=coach, order=order, by=by)
        team = team_make_ready(team=team, by=by)
        log_action(action="teams.team.created", actor=by or coach, team=team, race=race)
    return team


TITLE_MAX = 40


def team_set_assistant_titles(*, team: Team, titles: list[str], by: User | None = None) -> Team:
    """Name the team's assistant coaches, where its ruleset gives each a title of his own: no more
    titles than assistants, none empty or longer than TITLE_MAX, no two alike (case aside)."""
    check_manager(by, team)
    titles = [t.strip() for t in titles if t.strip()]
    with transaction.atomic():
        lock_team(team)
        require_status(team, Team.Status.READY, Team.Status.DRAFT)
        if not league_ruleset(team.league).params.assistant_coach_titles:
            raise TeamRuleError([_("This league's ruleset gives assistant coaches no titles.")])
        problems = []
        if len(titles) > team.assistant_coaches:
            problems.append(
                _("%(count)s titles for %(assistants)s assistant coaches: one title each, at most.")
                % {"count": len(titles), "assistants": team.assistant_coaches}
            )
        if any(len(t) > TITLE_MAX for t in titles):
            problems.append(_("A title is at most %(max)s characters long.") % {"max": TITLE_MAX})
        folded = [t.casefold() for t in titles]
        twice = sorted({t for t, f in zip(titles, folded, strict=True) if folded.count(f) > 1})
        if twice:
            problems.append(
                _("Each assistant coach needs a different title: %(titles)s.") % {"titles": ", ".join(twice)}
            )
        if problems:
            raise TeamRuleError(problems)
        before = list(team.assistant_titles)
        Team.objects.filter(pk=team.pk).update(assistant_titles=titles)
        team.assistant_titles = titles
        log_action(action="teams.team.assistant_titles", actor=by, team=team, before=before, after=titles)
    return team


def team_set_college(*, team: Team, college: str, by: User | None = None) -> Team:
    """Change the team's college of magic (free text), where its ruleset asks for one."""
    check_manager(by, team)
    college = college.strip()
    with transaction.atomic():
        lock_team(team)
        require_status(team, Team.Status.READY, Team.Status.DRAFT)
        if not league_ruleset(team.league).params.team_college:
            raise TeamRuleError([_("This league's ruleset has no college of magic.")])
        if len(college) > 80:
            raise TeamRuleError([_("A college of magic is at most 80 characters long.")])
        before = team.college
        Team.objects.filter(pk=team.pk).update(college=college)
        team.college = college
        log_action(action="teams.team.college", actor=by, team=team, before=before, after=college)
    return team
