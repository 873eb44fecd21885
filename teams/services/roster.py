"""Managing a ready team between matches: hire, fire, re-rolls, staff, names, retirement."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from league.core.audit import log_action
from league.core.revisions import revision_bump
from league.core.selectors import league_ruleset
from league.rules import may_buy_reroll, reroll_purchase_price
from league.rules.catalogue.alliances import apothecary_allowed as alliance_apothecary_allowed
from league.rules.catalogue.alliances import roster_caps as alliance_caps
from league.rules.catalogue.team_building import group_cap_violation
from teams.errors import PROFILE_UNKNOWN, TeamRuleError, gp, violation_message
from teams.models import Player, Team, TreasuryEntry
from teams.numbers import lowest_free_number
from teams.services.common import champion_problems, check_manager, lock_team, require_status, team_refresh_value
from teams.services.ledger import treasury_post

STAFF = ("assistant_coaches", "cheerleaders", "apothecary")
# Ledger memos are stored in English and translated when shown.
STAFF_MEMOS = {
    "assistant_coaches": N_("Assistant coaches"),
    "cheerleaders": N_("Cheerleaders"),
    "apothecary": N_("Apothecary"),
}


def _pay(team: Team, *, amount: int, kind: str, key: str, memo: str, by: User | None) -> None:
    if amount > team.treasury:
        raise TeamRuleError(
            [
                _("This costs %(cost)s gp but the treasury holds %(treasury)s gp.")
                % {"cost": gp(amount), "treasury": gp(team.treasury)}
            ]
        )
    treasury_post(team=team, kind=kind, amount=-amount, key=key, memo=memo, by=by)


def _next_number(team: Team) -> int:
    taken = set(team.players.filter(status=Player.Status.ACTIVE).values_list("number", flat=True))
    return lowest_free_number(taken)


def player_hire(
    *, team: Team, position: str, name: str, number: int | None = None, roster: str = "", by: User | None = None
) -> Player:
    """Buy a player at list price: position maximum, 16 players and the treasury apply; an alliance
    team's player comes from one of its rosters (`roster`: "" for its race), within its cap."""
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        require_status(team, Team.Status.READY)
        ruleset = league_ruleset(team.league)
        roster = "" if roster == team.race else roster
        rosters = ("", *team.allies)
        if roster not in rosters:
            raise TeamRuleError([_("This team has no such roster.")])
        team_list = ruleset.team(roster or team.race)
        known = {p.key: p for p in team_list.hire_positions}
        if position not in known:
            raise TeamRuleError([_("“%(position)s” is not a position of this team.") % {"position": position}])
        pos = known[position]
        active = team.players.filter(status=Player.Status.ACTIVE)
        problems = []
        if not pos.profile_complete:
            problems.append(str(PROFILE_UNKNOWN) % {"position": pos.name(get_language() or "en")})
        if not name.strip():
            problems.append(_("Every player needs a name."))
        # Journeymen do not take a roster place: they may push the roster past 16 (p.29).
        if active.filter(journeyman=False).count() >= ruleset.params.roster_max_players:
            most = ruleset.params.roster_max_players
            problems.append(
                ngettext("The roster is full (%(max)s player).", "The roster is full (%(max)s players).", most)
                % {"max": most}
            )
        if team.allies:
            cap = alliance_caps(ruleset)[rosters.index(roster)]
            if active.filter(journeyman=False, roster=roster).count() >= cap:
                problems.append(
                    ngettext(
                        "%(team)s: at most %(max)s player from this roster.",
                        "%(team)s: at most %(max)s players from this roster.",
                        cap,
                    )
                    % {"max": cap, "team": team_list.name(get_language() or "en")}
                )
        if active.filter(position=position, roster=roster).count() >= pos.max_count:
            problems.append(
                ngettext(
                    "%(position)s: at most %(max)s player per team.",
                    "%(position)s: at most %(max)s players per team.",
                    pos.max_count,
                )
                % {"max": pos.max_count, "position": pos.name(get_language() or "en")}
            )
        counts = {position: 1}
        for key in active.filter(roster=roster).values_list("position", flat=True):
            counts[key] = counts.get(key, 0) + 1
        if group_cap := group_cap_violation(ruleset, team.race, counts):  # e.g. at most 2 big guys (H3)
            problems.append(violation_message(ruleset, team.race, group_cap))
        problems += champion_problems(team.league, ruleset, team.race, [position], team)
        if number is not None and (number < 1 or number > 99 or active.filter(number=number).exists()):
            problems.append(_("Number %(number)s is not free.") % {"number": number})
        if problems:
            raise TeamRuleError(problems)
        player = Player.objects.create(
            team=team,
            position=position,
            roster=roster,
            name=name.strip(),
            number=number if number is not None else _next_number(team),
        )
        _pay(
            team,
            amount=pos.cost,
            kind=TreasuryEntry.Kind.PLAYER_HIRED,
            key=f"hire:player:{player.pk}",
            memo=str(player),
            by=by,
        )
        team_refresh_value(team=team)
        log_action(action="teams.player.hired", actor=by, team=team, player=player.pk, position=position, cost=pos.cost)
    return player


def player_fire(*, player: Player, by: User | None = None) -> Player:
    """Release a player: no refund (p.29); he leaves the roster and the team value."""
    team = player.team
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        require_status(team, Team.Status.READY)
        player.refresh_from_db()
        if player.status != Player.Status.ACTIVE:
            raise TeamRuleError([_("This player is no longer on the roster.")])
        Player.objects.filter(pk=player.pk).update(status=Player.Status.FIRED)
        player.status = Player.Status.FIRED
        team_refresh_value(team=team)
        log_action(action="teams.player.fired", actor=by, team=team, player=player.pk, name=player.name)
    return player


def player_rename(*, player: Player, name: str, number: int, by: User | None = None) -> Player:
    team = player.team
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        # A retired team keeps its history exactly as it was.
        require_status(team, Team.Status.READY, Team.Status.DRAFT)
        problems = []
        # A journeyman never named keeps his generated name (Player.display_name) while renumbered.
        if not name.strip() and player.name:
            problems.append(_("Every player needs a name."))
        clash = team.players.filter(status=Player.Status.ACTIVE, number=number).exclude(pk=player.pk)
        if number < 1 or number > 99 or clash.exists():
            problems.append(_("Number %(number)s is not free.") % {"number": number})
        if problems:
            raise TeamRuleError(problems)
        old = (player.name, player.number)
        Player.objects.filter(pk=player.pk).update(name=name.strip(), number=number)
        player.name, player.number = name.strip(), number
        log_action(
            action="teams.player.renamed",
            actor=by,
            team=team,
            player=player.pk,
            before=list(old),
            after=[player.name, number],
        )
        # Cached tables and leaders show names (league.competitions.standings.cache).
        revision_bump(team.league_id)
    return player


def team_buy_reroll(*, team: Team, by: User | None = None) -> Team:
    """After creation a re-roll costs double but adds only the list price to the team value."""
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        require_status(team, Team.Status.READY)
        ruleset = league_ruleset(team.league)
        team_list = ruleset.team(team.race)
        from teams.hooks import team_benefits

        held = team_benefits(team.league, team.pk).extra_rerolls
        if not may_buy_reroll(ruleset, team.race, rerolls=team.rerolls, trophy_rerolls=held):
            most = team_list.max_rerolls
            raise TeamRuleError(
                [
                    ngettext(
                        "A team may have at most %(max)s team re-roll.",
                        "A team may have at most %(max)s team re-rolls.",
                        most,
                    )
                    % {"max": most}
                ]
            )
        price = reroll_purchase_price(ruleset, team.race, at_creation=False, allies=team.allies)
        count = team.ledger.filter(kind=TreasuryEntry.Kind.REROLL_BOUGHT).count()
        _pay(team, amount=price, kind=TreasuryEntry.Kind.REROLL_BOUGHT, key=f"hire:reroll:{count + 1}", memo="", by=by)
        Team.objects.filter(pk=team.pk).update(rerolls=team.rerolls + 1)
        team.rerolls += 1
        team_refresh_value(team=team)
        log_action(action="teams.reroll.bought", actor=by, team=team, price=price, rerolls=team.rerolls)
    return team


def staff_hire(*, team: Team, kind: str, by: User | None = None) -> Team:
    """Hire one assistant coach, cheerleader or the apothecary (where the team list allows one)."""
    if kind not in STAFF:
        raise TeamRuleError([_("Unknown staff “%(kind)s”.") % {"kind": kind}])
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        require_status(team, Team.Status.READY)
        ruleset = league_ruleset(team.league)
        p = ruleset.params
        if kind == "apothecary":
            if not alliance_apothecary_allowed(ruleset, team.race, team.allies):
                raise TeamRuleError([_("This team may not hire an apothecary.")])
            if team.apothecary:
                raise TeamRuleError([_("The team already has an apothecary.")])
            price, new_value = p.apothecary_cost, True
        else:
            price = p.assistant_coach_cost if kind == "assistant_coaches" else p.cheerleader_cost
            new_value = getattr(team, kind) + 1
        count = team.ledger.filter(key__startswith=f"hire:{kind}:").count()
        _pay(
            team,
            amount=price,
            kind=TreasuryEntry.Kind.STAFF_HIRED,
            key=f"hire:{kind}:{count + 1}",
            memo=STAFF_MEMOS[kind],
            by=by,
        )
        Team.objects.filter(pk=team.pk).update(**{kind: new_value})
        setattr(team, kind, new_value)
        team_refresh_value(team=team)
        log_action(action="teams.staff.hired", actor=by, team=team, staff=kind, price=price)
    return team


def staff_fire(*, team: Team, kind: str, by: User | None = None) -> Team:
    """Release one member of staff; nothing is refunded."""
    if kind not in STAFF:
        raise TeamRuleError([_("Unknown staff “%(kind)s”.") % {"kind": kind}])
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        require_status(team, Team.Status.READY)
        current = getattr(team, kind)
        if not current:
            raise TeamRuleError([_("There is nobody of that staff to release.")])
        new_value = False if kind == "apothecary" else current - 1
        Team.objects.filter(pk=team.pk).update(**{kind: new_value})
        setattr(team, kind, new_value)
        team_refresh_value(team=team)
        log_action(action="teams.staff.fired", actor=by, team=team, staff=kind)
    return team


def team_retire(*, team: Team, by: User | None = None) -> Team:
    """Retire a team for good: it keeps its history and can no longer be changed or scheduled."""
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        require_status(team, Team.Status.READY, Team.Status.DRAFT)
        Team.objects.filter(pk=team.pk).update(status=Team.Status.RETIRED)
        team.status = Team.Status.RETIRED
        log_action(action="teams.team.retired", actor=by, team=team)
    return team
