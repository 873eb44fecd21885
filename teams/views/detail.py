"""Reading a team: the roster sheet, its JSON export and the coach's own teams."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.humanize.templatetags.humanize import intcomma
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.core.audit import action_label
from league.core.permissions import can_manage_team, is_commissioner, signed_in
from league.infra.page_shared import share_among_readers
from league.ratings.elo import points
from league.ratings.models import RatingEntry
from league.ratings.selectors import rating_of
from league.rules import IMPROVEMENT, Ruleset, collation_key, load_ruleset, reroll_purchase_price
from league.rules.catalogue.alliances import apothecary_allowed as alliance_apothecary_allowed
from league.rules.catalogue.alliances import has_necromancer
from league.rules.catalogue.alliances import reroll_cost as alliance_reroll_cost
from league.rules.catalogue.alliances import roster_caps as alliance_caps
from league.rules.catalogue.team_building import fan_factor_for_sale, rookie_rules, rookie_source, starting_fan_factor
from matches.selectors.common import results_waiting, team_matches
from matches.selectors.corrections import team_corrections
from matches.selectors.decisions import team_pending_decisions
from matches.views.correction_words import team_words
from teams.forms import PlayerHireForm, join_position, position_label
from teams.models import Advancement, Team, TreasuryEntry, staff_label
from teams.selectors import (
    RosterRow,
    coach_teams,
    has_bank,
    ledger_entries,
    ledger_kind_name,
    roster_rows,
    team_audit,
    team_ruleset,
)
from teams.services import STAFF, PlayerOrder, TeamOrder, budget_left
from teams.views.allies import ally_context
from teams.views.common import kept_input, lang, team_or_404

AUDIT_ROWS = 100  # the page shows the latest entries; older ones stay in the admin
STAT_NAMES = {"ma": gettext_lazy("MA"), "st": gettext_lazy("ST"), "ag": gettext_lazy("AG"), "av": gettext_lazy("AV")}


def stat_gain_label(kind: str) -> str:
    """A characteristic increase as the sheet writes it (“+1 MA”, “+1 M” in French), from its
    value key (<stat>_increase); any other key of the ruleset is shown as it is."""
    stat = kind.removesuffix("_increase")
    return f"+1 {STAT_NAMES[stat]}" if stat != kind and stat in STAT_NAMES else kind


def _injury_labels(row: RosterRow) -> list[str]:
    """“M” misses next game, “N” per niggling injury, “−MA” per characteristic lost (as on paper)."""
    labels = []
    if row.player.miss_next_game:
        labels.append(_("M"))
    labels.extend([_("N")] * row.player.niggling_injuries)
    # Prefetched by roster_rows, so this adds no query per player.
    labels.extend(f"−{i.stat.upper()}" for i in row.player.injuries.all() if i.applied and i.stat)
    return labels


def hire_positions(ruleset: Ruleset, team: Team, rows: list[RosterRow]) -> list[tuple[str, Any]]:
    """Position choices for hiring, with price and how many the team already has; an alliance
    team's grouped by roster (its allies' values name their roster: "<roster>:<position>")."""
    have: dict[tuple[str, str], int] = {}
    for row in rows:
        mark = (row.player.roster, row.player.position)
        have[mark] = have.get(mark, 0) + 1

    def choices(key: str, roster: str) -> list[tuple[str, str]]:
        return [
            (
                join_position(pos.key, roster),
                f"{position_label(pos, lang())} — {intcomma(pos.cost)} ({have.get((roster, pos.key), 0)}/{pos.max_count})",
            )
            for pos in (ruleset.team(key).hire_positions if not roster else ruleset.team(key).positions)
        ]

    if not team.allies:
        return list(choices(team.race, ""))
    return [(ruleset.team(key).name(lang()), choices(key, roster)) for key, roster in _rosters(team)]


def _rosters(team: Team) -> list[tuple[str, str]]:
    """(team-list key, roster as a player stores it) of each roster of the team, the race's first."""
    return [(team.race, ""), *((key, key) for key in team.allies)]


def _alliance(ruleset: Ruleset, team: Team, rows: list[RosterRow]) -> dict[str, Any] | None:
    """An alliance team's rosters as the page names them, with how many players each gives."""
    if not team.allies:
        return None
    counts: dict[str, int] = {}
    for row in rows:
        if not row.player.journeyman:
            counts[row.player.roster] = counts.get(row.player.roster, 0) + 1
    caps = alliance_caps(ruleset)
    return {
        "rosters": [
            {"name": ruleset.team(key).name(lang()), "count": counts.get(roster, 0), "max": caps[n]}
            for n, (key, roster) in enumerate(_rosters(team))
        ],
        "necromancer": has_necromancer(ruleset, team.race, team.allies),
    }


def _staff(ruleset: Ruleset, team: Team) -> list[dict[str, Any]]:
    p = ruleset.params
    prices = {
        "assistant_coaches": p.assistant_coach_cost,
        "cheerleaders": p.cheerleader_cost,
        "apothecary": p.apothecary_cost,
    }
    allowed = alliance_apothecary_allowed(ruleset, team.race, team.allies)
    return [
        {
            "kind": kind,
            "label": staff_label(kind),
            "count": int(getattr(team, kind)),
            "price": prices[kind],
            "can_hire": kind != "apothecary" or (allowed and not team.apothecary),
            "can_release": bool(getattr(team, kind)),
        }
        for kind in STAFF
    ]


def _skill_origins(ruleset: Ruleset, row: RosterRow) -> list[dict[str, str]]:
    """Each skill with how it was gained: the position's (starting), a normal or a double roll."""
    origin = {
        skill: ("double" if kind == Advancement.Kind.DOUBLE_SKILL else "normal")
        for kind, skill in row.advancements
        if skill
    }
    return [{"name": ruleset.skills[k].name(lang()), "origin": origin.get(k, "starting")} for k in row.skills]


def hire_input_key(team: Team) -> str:
    """Session key of a refused hire's input, restored on the team page after the redirect."""
    return f"teams:hire:{team.pk}"


def team_page_context(request: HttpRequest, team: Team, hire_data: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Everything the roster sheet shows. The number of queries does not depend on the roster size.

    `hire_data`: the input of a refused hire, shown again in the hire form with its errors.
    """
    ruleset = team_ruleset(team)
    team_list = ruleset.team(team.race)
    rows = roster_rows(team, ruleset)
    roster = [
        {
            "player": row.player,
            "position": row.position,
            "position_name": row.position.name(lang()),
            # An ally (a position of another race's list, "<race>:<position>"): his race, beside his position.
            "ally_of": ruleset.team(row.position.team_key).name(lang()) if ":" in row.player.position else "",
            # An alliance team's player from its second or third roster: that roster's name.
            "roster_name": ruleset.team(row.player.roster).name(lang()) if row.player.roster else "",
            # Skill access for the coach's improvement rolls, in the reader's letters (S reads F).
            "normal": ruleset.category_letters(row.position.normal_categories, lang()),
            "double": ruleset.category_letters(row.position.double_categories, lang()),
            "ma": row.ma,
            "st": row.st,
            "ag": row.ag,
            "av": row.av,
            "skill_names": [ruleset.skills[k].name(lang()) for k in row.skills],
            "skills": _skill_origins(ruleset, row),
            "stat_gains": [stat_gain_label(kind) for kind, skill in row.advancements if not skill],
            "injuries": _injury_labels(row),
            "value": row.value,
        }
        for row in rows
    ]
    can_manage = can_manage_team(request.user, team)
    commissioner = is_commissioner(request.user, team.league)
    if not can_manage:  # what every reader who neither coaches it nor runs its league sees
        share_among_readers(request)
    # The treasury's entries add up to team.treasury; a ruleset with a bank lists the bank's apart.
    ledger = list(ledger_entries(team, TreasuryEntry.TREASURY))
    bank_ledger = list(ledger_entries(team, TreasuryEntry.BANK)) if has_bank(ruleset) else None
    entries = ledger + (bank_ledger or [])
    reversed_pks = {int(e.key.split(":", 1)[1]) for e in entries if e.key.startswith("reverse:")}
    for entry in entries:
        entry.kind_name = ledger_kind_name(ruleset, entry.kind)
        entry.can_reverse = commissioner and not entry.key.startswith("reverse:") and entry.pk not in reversed_pks
    audit = [
        {"label": action_label(e.action), "actor": e.actor, "created_at": e.created_at}
        for e in team_audit(team, AUDIT_ROWS)
    ]
    draft_budget = None
    if team.status == Team.Status.DRAFT:
        order = TeamOrder(
            name=team.name,
            race=team.race,
            rerolls=team.rerolls,
            fan_factor=team.fan_factor,
            assistant_coaches=team.assistant_coaches,
            cheerleaders=team.cheerleaders,
            apothecary=team.apothecary,
            allies=team.allies,
            players=[PlayerOrder(r.player.position, r.player.name, r.player.number, r.player.roster) for r in rows],
        )
        draft_budget = budget_left(team.league, order)
    # Every decision its manager still has to make after a match, kind by kind (improvements first).
    decisions = team_pending_decisions(team)
    for group in decisions:
        for item in group.items:
            item.can_choose = can_manage
    pending = next((group.items for group in decisions if group.type.kind == IMPROVEMENT), [])
    ready = team.status == Team.Status.READY
    hire_form = None
    if can_manage and ready:
        # Bound to a refused hire's input, the form validates it again: its errors show beside the fields.
        hire_form = PlayerHireForm(hire_data, positions=hire_positions(ruleset, team, rows))
    allies = ally_context(ruleset, team) if can_manage and ready else {"ally_form": None}
    from league.competitions.challenges.trophies.selectors import ruleset_trophies, team_cabinet
    from league.rules import holder_benefits

    cabinet = team_cabinet(team)
    return {
        "team": team,
        "trophy_cabinet": cabinet,
        # What the trophies it holds add to its team value (re-rolls, fan factor): shown beside the
        # bought ones so that the sheet adds up (read from the cabinet: no extra query).
        "trophy_benefits": holder_benefits(
            ruleset_trophies(team.league), [a.trophy.key for _name, a in cabinet if a.current and a.trophy.key]
        ),
        "race_name": team_list.name(lang()),
        "reroll_cost": alliance_reroll_cost(ruleset, team.race, team.allies),
        "reroll_price": reroll_purchase_price(ruleset, team.race, at_creation=False, allies=team.allies),
        "alliance": _alliance(ruleset, team, rows),
        # A team list with a free Necromancer (teams.csv `necromancer`): staff the sheet lists.
        "necromancer": has_necromancer(ruleset, team.race, team.allies),
        "can_buy_reroll": team.rerolls < team_list.max_rerolls,
        "roster": roster,
        "pending_rolls": pending,
        "pending_decisions": decisions,
        "ledger": ledger,
        "bank_ledger": bank_ledger,
        "bank": sum(e.amount for e in bank_ledger) if bank_ledger is not None else None,
        "audit": audit,
        "staff": _staff(ruleset, team),
        "can_manage": can_manage,
        "manage_roster": can_manage and ready,
        "is_commissioner": commissioner,
        "draft_budget": draft_budget,
        "hire_form": hire_form,
        **allies,
        "results_waiting": results_waiting([team]) if can_manage else [],
        "matches": team_matches(team),
        # The applied corrections of processed matches that moved this team, with what they moved.
        "corrections": [
            {"correction": correction, "words": team_words(ruleset, part)}
            for correction, part in team_corrections(team)
        ],
        # A draft keeps the fan factor bought; it starts with the free one too once ready.
        "fan_factor": starting_fan_factor(ruleset, team.fan_factor)
        if team.status == Team.Status.DRAFT
        else team.fan_factor,
        "free_fan_factor": not fan_factor_for_sale(ruleset),
        # Free rookies ([parameters.rookies]): the coach hires one from a confirmation page.
        "rookies": rookie_rules(ruleset),
        "rookie_position": rookie_source(ruleset, team.race).name(lang()) if rookie_rules(ruleset) else "",
        "college_shown": ruleset.params.team_college,
        "titles_shown": ruleset.params.assistant_coach_titles,
        # Its ELO rating in its league (league.ratings): the start before its first rated match.
        "rating": points(rating_of(team.league, RatingEntry.Kind.TEAM, team.pk)),
    }


def team_detail(request: HttpRequest, pk: int) -> HttpResponse:
    team = team_or_404(pk)
    hire_data = kept_input(request, hire_input_key(team))
    return render(request, "teams/detail.html", team_page_context(request, team, hire_data=hire_data))


def team_export(request: HttpRequest, pk: int) -> JsonResponse:
    """The roster as JSON: every figure as the rules engine computes it, with the ruleset's version."""
    team = team_or_404(pk)
    ruleset = team_ruleset(team)
    team_list = ruleset.team(team.race)
    players = [
        {
            "number": row.player.number,
            "name": row.player.display_name,
            "position": row.player.position,
            "roster": row.player.roster_key,
            "position_name": {"en": row.position.name("en"), "fr": row.position.name("fr")},
            "profile": {"ma": row.ma, "st": row.st, "ag": row.ag, "av": row.av},
            "skills": list(row.skills),
            "spp": row.player.spp,
            "value": row.value,
            "journeyman": row.player.journeyman,
            "champion": row.position.champion,
            "miss_next_game": row.player.miss_next_game,
            "niggling_injuries": row.player.niggling_injuries,
            "injuries": [
                {"casualty": i.casualty, "stat": i.stat or None, "applied": i.applied}
                for i in row.player.injuries.all()
            ],
        }
        for row in roster_rows(team, ruleset)
    ]
    data = {
        "ruleset": {"key": ruleset.key, "version": ruleset.version},
        "team": {
            "id": team.pk,
            "name": team.name,
            "race": team.race,
            "race_name": {"en": team_list.name("en"), "fr": team_list.name("fr")},
            "rosters": [team.race, *team.allies],
            "status": team.status,
            "league": team.league.slug,
            "coach": team.coach.get_username(),
            "rerolls": team.rerolls,
            "fan_factor": team.fan_factor,
        },
        "staff": {
            "assistant_coaches": team.assistant_coaches,
            "cheerleaders": team.cheerleaders,
            "apothecary": team.apothecary,
        },
        "players": players,
        "treasury": team.treasury,
        "team_value": team.team_value,
        "exported_at": timezone.now().isoformat(),
    }
    response = JsonResponse(data, json_dumps_params={"indent": 2, "ensure_ascii": False})
    response["Content-Disposition"] = f'inline; filename="team-{team.pk}.json"'
    return response


@login_required
def my_teams(request: HttpRequest) -> HttpResponse:
    teams = sorted(
        coach_teams(signed_in(request.user).pk),
        key=lambda t: (collation_key(t.league.name), collation_key(t.name)),
    )
    rows: list[dict[str, Any]] = []
    for team in teams:
        # load_ruleset is cached per process: no query per team (house rules do not rename races).
        ruleset = load_ruleset(team.league.ruleset)
        race = ruleset.teams.get(team.race)
        rows.append({"team": team, "race_name": race.name(lang()) if race else team.race})
    waiting = results_waiting(row["team"] for row in rows)
    return render(request, "teams/my_teams.html", {"rows": rows, "results_waiting": waiting})
