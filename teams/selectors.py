"""Read-side queries and derived figures for teams and players."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet, Sum
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language

from league.core.models import AuditEntry, League
from league.core.selectors import league_ruleset
from league.rules import (
    BankParameters,
    Characteristics,
    HolderBenefits,
    PlayerFacts,
    Position,
    Ruleset,
    TeamFacts,
    gained_skills,
    player_skills,
    player_value,
    team_value,
)
from league.rules.catalogue.alliances import roster_position
from league.rules.catalogue.team_building import rookie_profile
from teams.models import Advancement, ImprovementRoll, Injury, Player, Team, TreasuryEntry


def team_ruleset(team: Team) -> Ruleset:
    return league_ruleset(team.league)


def roster_players(team: Team) -> QuerySet[Player]:
    """Players still on the roster (not dead, retired or fired), with their gains loaded."""
    return (
        team.players.filter(status=Player.Status.ACTIVE).prefetch_related("advancements", "injuries").order_by("number")
    )


def roster_value(
    ruleset: Ruleset,
    team: Team,
    players: Iterable[tuple],
    trophies: HolderBenefits | None = None,
) -> int:
    """Team value of a roster given as (position key, misses the next game, advancement kinds[, is
    a rookie[, roster]]) rows (roster: an alliance team's player's own team list, "" for the race):
    the rules engine's figure, whether the roster was read as models or as plain rows. A free
    rookie is worth 0 (spec H5). `trophies`:
    the benefits of the trophies the team holds (their re-rolls count, A10). The team's treasury
    (team.treasury, never its bank) is handed over too: the engine counts it where the ruleset
    says so (team_value_includes_treasury)."""
    facts = TeamFacts(
        team_key=team.race,
        rerolls=team.rerolls,
        fan_factor=team.fan_factor,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
        players=tuple(
            PlayerFacts(
                value=0
                if rookie
                else player_value(
                    ruleset,
                    position_cost=roster_position(ruleset, team.race, position, roster).cost,
                    improvements=list(kinds),
                ),
                available=not misses,
            )
            for position, misses, kinds, rookie, roster in (_full_row(row) for row in players)
        ),
        allies=team.allies,
        trophy_rerolls=trophies.extra_rerolls if trophies else 0,
        trophy_fan_factor=trophies.fan_factor_bonus if trophies else 0,
        treasury=team.treasury,
    )
    return team_value(ruleset, facts)


def _full_row(row: tuple) -> tuple[str, bool, Iterable[str], bool, str]:
    """A roster row with its optional fields filled: (position, misses, kinds, rookie, roster)."""
    position, misses, kinds, *rest = row
    rookie = bool(rest[0]) if rest else False
    roster = str(rest[1]) if len(rest) > 1 else ""
    return position, misses, kinds, rookie, roster


def compute_team_value(team: Team, players: list[Player] | None = None) -> int:
    """Team value from the rules engine: roster facts in, one number out."""
    from teams.hooks import team_benefits

    players = list(roster_players(team)) if players is None else players
    return roster_value(
        team_ruleset(team),
        team,
        ((p.position, p.miss_next_game, [a.kind for a in p.advancements.all()], p.rookie, p.roster) for p in players),
        team_benefits(team.league, team.pk),
    )


def ledger_balance(team: Team) -> int:
    """The treasury as its ledger says (what Team.treasury keeps): bank entries never count."""
    return team.ledger.filter(account=TreasuryEntry.TREASURY).aggregate(total=Sum("amount"))["total"] or 0


def bank_balance(team: Team) -> int:
    """Gold in the team's bank (rulesets with a bank group): the sum of its bank entries."""
    return bank_balances([team.pk]).get(team.pk, 0)


def bank_balances(team_ids: Iterable[int]) -> dict[int, int]:
    """Bank balance of each team (absent: no bank entry), in one read."""
    rows = (
        TreasuryEntry.objects.filter(team_id__in=list(team_ids), account=TreasuryEntry.BANK)
        .values("team_id")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    return {row["team_id"]: row["total"] or 0 for row in rows}


def has_bank(ruleset: Ruleset) -> bool:
    return ruleset.group(BankParameters) is not None


def ledger_kind_name(ruleset: Ruleset, kind: str) -> str:
    """A ledger kind as the team's ruleset names it (ledger_kinds.csv), in the reader's language;
    the key itself for a kind the ruleset no longer lists."""
    names = ruleset.ledger_kinds.get(kind)
    if names is None:
        return kind
    english, french = names
    return french if (get_language() or "en").lower().startswith("fr") and french else english


@dataclass(frozen=True)
class RosterRow:
    player: Player
    position: Position
    ma: int
    st: int
    ag: int
    av: int
    skills: tuple[str, ...]
    value: int
    # How each gain came: (Advancement kind, skill key or "") in the order taken. Skills not in it
    # are the position's starting skills, or a journeyman's (Loner, while he is one).
    advancements: tuple[tuple[str, str], ...] = ()


def stat_counts(
    advancements: Iterable[Advancement], injuries: Iterable[Injury]
) -> tuple[dict[str, int], dict[str, int]]:
    """Characteristic increases and applied injuries per stat (kept apart: their limits differ)."""
    ups: dict[str, int] = {}
    for adv in advancements:
        if adv.kind.endswith("_increase"):
            stat = adv.kind.removesuffix("_increase")
            ups[stat] = ups.get(stat, 0) + 1
    downs: dict[str, int] = {}
    for injury in injuries:
        if injury.applied and injury.stat:
            downs[injury.stat] = downs.get(injury.stat, 0) + 1
    return ups, downs


def player_characteristics(ruleset: Ruleset, position: Position, player: Player) -> Characteristics:
    """The player's profile from the rules engine; uses prefetched advancements and injuries."""
    ups, downs = stat_counts(player.advancements.all(), player.injuries.all())
    base = rookie_profile(position) if player.rookie else position  # a rookie's halved profile (H5)
    return Characteristics.for_position(ruleset, base, improvements=ups, injuries=downs)


def player_row(player: Player, ruleset: Ruleset, team: Team | None = None) -> RosterRow:
    """The roster line of one player, whatever his status (a fired or dead player keeps his profile)."""
    team = team or player.team
    position = roster_position(ruleset, team.race, player.position, player.roster)
    gained = list(player.advancements.all())
    return RosterRow(
        player=player,
        position=position,
        skills=player_skills(
            ruleset, position, gained_skills((a.kind, a.skill) for a in gained), journeyman=player.journeyman
        ),
        value=0
        if player.rookie
        else player_value(ruleset, position_cost=position.cost, improvements=[a.kind for a in gained]),
        advancements=tuple((a.kind, a.skill) for a in gained),
        **player_characteristics(ruleset, position, player).values(),
    )


def roster_rows(team: Team, ruleset: Ruleset) -> list[RosterRow]:
    """The roster sheet: one row per player with profile, skills and value (3 queries in all)."""
    return [player_row(player, ruleset, team) for player in roster_players(team)]


def team_list_for_league(league_id: int) -> QuerySet[Team]:
    """The league's teams with the number of improvement rolls waiting for their coach's choice."""
    pending = Count("players__improvement_rolls", filter=Q(players__improvement_rolls__advancement__isnull=True))
    return (
        Team.objects.filter(league_id=league_id)
        .select_related("coach")
        .annotate(pending_improvements=pending)
        .order_by("name")
    )


def pending_improvements(team: Team) -> QuerySet[ImprovementRoll]:
    """Improvement rolls of the team's players still waiting for a choice, oldest first."""
    return (
        ImprovementRoll.objects.filter(player__team=team, advancement__isnull=True)
        .select_related("player")
        .order_by("player__number", "index")
    )


def ledger_entries(team: Team, account: str | None = None) -> QuerySet[TreasuryEntry]:
    """The team's ledger, oldest first: every account, or only `account`'s entries."""
    entries = team.ledger.select_related("created_by").order_by("created_at", "pk")
    return entries if account is None else entries.filter(account=account)


# --- What the team pages read (teams/views/) ---


def team_or_404(pk: int) -> Team:
    # The house rules once: the ruleset and the trophies both read them.
    return get_object_or_404(
        Team.objects.select_related("league", "coach").prefetch_related("league__house_rules"), pk=pk
    )


def player_or_404(team: Team, pk: int, *, active: bool = False) -> Player:
    """One of the team's players (an active one when `active`), else a 404."""
    extra = {"status": Player.Status.ACTIVE} if active else {}
    return get_object_or_404(Player, pk=pk, team=team, **extra)


def treasury_entry_or_404(team: Team, pk: int) -> TreasuryEntry:
    return get_object_or_404(TreasuryEntry, pk=pk, team=team)


def coach_teams(coach_id: int) -> list[Team]:
    """A coach's teams in every league, with their leagues."""
    return list(Team.objects.filter(coach_id=coach_id).select_related("league"))


def treasury_history(team: Team) -> QuerySet[TreasuryEntry]:
    """The treasury's entries in order (not a bank's: they are not in its balance)."""
    entries = TreasuryEntry.objects.filter(team=team, account=TreasuryEntry.TREASURY).order_by("created_at", "pk")
    return entries.only("created_at", "amount", "kind")


def active_players(team: Team) -> QuerySet[Player]:
    """The team's active players by number."""
    return team.players.filter(status=Player.Status.ACTIVE).order_by("number")


def player_injuries(player: Player) -> QuerySet[Injury]:
    """His lasting injuries in the order they happened, each with its match."""
    return player.injuries.select_related("match").order_by("created_at", "pk")


def player_advancements(player: Player) -> QuerySet[Advancement]:
    """His advancements in the order he took them, each with its match."""
    return player.advancements.select_related("match").order_by("created_at", "pk")


def team_audit(team: Team, limit: int) -> QuerySet[AuditEntry]:
    """The team's latest audited actions, with who made them."""
    return team.audit.select_related("actor").order_by("-created_at", "-pk")[:limit]


# --- The JSON API's reads: what its output shows, in a fixed number of queries ---


def api_teams() -> QuerySet[Team]:
    # league and coach for the output, house rules for the league's ruleset: a fixed query count.
    return Team.objects.select_related("league", "coach").prefetch_related("league__house_rules")


def api_players() -> QuerySet[Player]:
    return Player.objects.select_related("team__league", "team__coach").prefetch_related(
        "advancements", "injuries", "team__league__house_rules"
    )


def api_team_list(league: League | None = None) -> QuerySet[Team]:
    """Every team (of `league`, if given), by league name then team name."""
    teams = api_teams().order_by("league__name", "name")
    return teams if league is None else teams.filter(league=league)


def ledger_entry_of(team: Team, entry_id: int) -> TreasuryEntry | None:
    """An entry of this team's ledger (an entry of another team is unknown here)."""
    return TreasuryEntry.objects.select_related("team__league").filter(pk=entry_id, team=team).first()


def ledger_entry_for_output(entry_id: int) -> TreasuryEntry:
    return TreasuryEntry.objects.select_related("created_by", "team").get(pk=entry_id)


def no_teams() -> QuerySet[Team]:
    """An empty choice of teams: a form's placeholder until its view gives it the league's."""
    return Team.objects.none()


def api_team(team_id: int) -> Team | None:
    return api_teams().filter(pk=team_id).first()


def api_player(player_id: int) -> Player | None:
    return api_players().filter(pk=player_id).first()


def reversed_by(team: Team) -> dict[int, int]:
    """Id of each reversed entry of the team -> id of the entry reversing it (one query)."""
    keys = team.ledger.filter(key__startswith="reverse:").values_list("key", "pk")
    return {int(key.split(":", 1)[1]): pk for key, pk in keys}


PROCESSED = "processed"  # matches.Match.Status.PROCESSED (teams sits below matches)


def processed_matches(team: Team) -> int:
    """The team's matches whose post-match sequence has run (an ally joins from its second)."""
    return team.home_matches.filter(status=PROCESSED).count() + team.away_matches.filter(status=PROCESSED).count()
