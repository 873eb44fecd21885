"""The frozen input of a post-match sequence: the match as the rules engine sees it.

Built once, when the sequence first claims the match, and stored on it as JSON: a retry after a
crash, or a later replay, plans from exactly the same facts even though the first run has
already changed the players and the treasury.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any, NamedTuple, cast

from django.db import connection

from league.rules import BankParameters, HolderBenefits, gained_skills, holder_benefits, load_ruleset
from league.rules.postmatch import CardPlay, CasualtyReport, MatchReport, PlayerReport, SideReport
from league.rules.postmatch.finance import Side
from matches.card_models import MatchCard
from matches.models import Match, MatchCasualty, MatchInducement, MatchPlayer
from matches.services.prematch_steps import steps_for
from matches.services.replay_reads import kept_for, kept_held
from teams.models import Advancement, ImprovementRoll, Injury, Player, TreasuryEntry
from teams.selectors import bank_balances

STAT_KINDS = {"ma_increase": "ma", "st_increase": "st", "ag_increase": "ag", "av_increase": "av"}


def player_ref(player_id: int) -> str:
    return f"p{player_id}"


def ref_player_id(ref: str) -> int | None:
    return int(ref[1:]) if ref.startswith("p") and ref[1:].isdigit() else None


# The reads of build_report, which runs in every post-match sequence, as plain SQL (portable:
# SQLite and PostgreSQL): the ORM spends about a millisecond of Python compiling each of them on
# this project's machine, more than the database spends answering. Rows come back as tuples.
_T = {
    model: connection.ops.quote_name(model._meta.db_table)
    for model in (
        MatchPlayer,
        Player,
        Advancement,
        Injury,
        ImprovementRoll,
        MatchCasualty,
        MatchInducement,
        MatchCard,
        TreasuryEntry,
    )
}
_IN_MATCH = f"IN (SELECT player_id FROM {_T[MatchPlayer]} WHERE match_id = %s)"
LINES_SQL = (  # in shirt-number order (the MVP draw numbers candidates in roster order)
    f"SELECT l.side, l.eligible, l.completions, l.touchdowns, l.interceptions, l.casualties, p.id, p.position, "
    f"p.spp, p.journeyman, l.actions, p.roster, p.number FROM {_T[MatchPlayer]} l JOIN {_T[Player]} p ON p.id = l.player_id "
    f"WHERE l.match_id = %s ORDER BY l.side, p.number"
)
HISTORIES_SQL = (  # advancements (in the order gained), lasting injuries and rolls taken, tagged
    f"SELECT 'a', player_id, kind, skill, created_at, id FROM {_T[Advancement]} WHERE player_id {_IN_MATCH} "
    f"UNION ALL SELECT 'i', player_id, stat, '', created_at, id FROM {_T[Injury]} "
    f"WHERE applied = %s AND stat <> '' AND player_id {_IN_MATCH} "
    f"UNION ALL SELECT 'r', player_id, '', '', created_at, id FROM {_T[ImprovementRoll]} WHERE player_id {_IN_MATCH} "
    f"ORDER BY 5, 6"
)
CASUALTIES_SQL = (
    f"SELECT victim_id, d6, d8, second_d6, second_d8, apothecary_used, apothecary_d6, apothecary_d8, "
    f"apothecary_kept_reroll, regeneration_roll, apothecary_after_match FROM {_T[MatchCasualty]} "
    f"WHERE match_id = %s ORDER BY id"
)
# What the pre-match bought, in one read: the inducements ("i": id, side, star, position, cost,
# plays_for_neither), the treasury gold paid for them ("t": team, amount; rulesets without petty
# cash) and the cards bought from the inducement gold ("c": side, gold; card_gold.cards_paid).
PURCHASES_SQL = (
    f"SELECT 'i', id, side, star, position, cost, plays_for_neither FROM {_T[MatchInducement]} WHERE match_id = %s "
    f"UNION ALL SELECT 't', team_id, NULL, NULL, NULL, amount, NULL FROM {_T[TreasuryEntry]} "
    f"WHERE match_id = %s AND kind = %s "
    # SUM of a bigint is numeric on PostgreSQL, which would make every amount of the union a Decimal
    f"UNION ALL SELECT 'c', 0, side, NULL, NULL, CAST(SUM(price) AS BIGINT), NULL FROM {_T[MatchCard]} "
    f"WHERE match_id = %s AND inducement_gold = %s GROUP BY side "
    f"ORDER BY 1, 2"
)


class Line(NamedTuple):
    side: str
    eligible: bool
    completions: int
    touchdowns: int
    interceptions: int
    casualties: int
    player_id: int
    position: str
    spp: int
    journeyman: bool
    actions: Any  # JSON: a dict (PostgreSQL) or its text (SQLite), as the raw query returns it
    roster: str  # an alliance team's player's own roster, "" for the team's race
    number: int  # the shirt number he wears now


def _json(value: Any) -> dict[str, int]:
    """A JSON column read by a raw query: already decoded on PostgreSQL, text on SQLite."""
    if isinstance(value, str):
        value = json.loads(value or "{}")
    return dict(value or {})


def _rows(sql: str, params: list[Any]) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


def _casualty(row: tuple) -> CasualtyReport:
    _victim, d6, d8, second_d6, second_d8, apo_used, apo_d6, apo_d8, apo_kept, regeneration, apo_after = row
    rolls = [(d6, d8)]
    if second_d6 is not None and second_d8 is not None:
        rolls.append((second_d6, second_d8))
    apo = (apo_d6, apo_d8) if apo_used and apo_d6 else None
    return CasualtyReport(
        rolls=tuple(rolls),
        apothecary_reroll=apo,
        apothecary_kept_reroll=bool(apo_kept),
        apothecary_after_match=bool(apo_after),
        regeneration=regeneration,
    )


def _trophies(match: Match) -> tuple[dict[str, HolderBenefits], bool]:
    """Each side's held-trophy benefits (ruleset data), and whether this match is the final of a
    season whose trophy gives both finalists an MVP each: two small reads."""
    from matches.hooks import season_final_trophy
    from teams.hooks import held_keys

    data = load_ruleset(match.league.ruleset).trophies
    held = kept_held(match)  # a replay read them once (matches.services.replay_reads)
    if held is None:
        held = held_keys([match.home_id, match.away_id])
    benefits = {
        side: holder_benefits(data, held.get(team_id, []))
        for side, team_id in (("home", match.home_id), ("away", match.away_id))
    }
    final_mvp = False
    if match.stage == "final" and match.season_id is not None:
        trophy = season_final_trophy(match.season_id)
        final_mvp = trophy is not None and trophy.key in data and data[trophy.key].finalists_extra_mvp
    return benefits, final_mvp


def _banks(match: Match) -> dict[int, int]:
    """Each team's bank before the match (rulesets with a bank group: one more read; a house rule
    cannot add the group, so the ruleset's data decides)."""
    if load_ruleset(match.league.ruleset).group(BankParameters) is None:
        return {}
    return bank_balances([match.home_id, match.away_id])


def build_report(match: Match, worn: Mapping[int, int] | None = None) -> MatchReport:
    """The match as the rules engine sees it, in six reads whatever the rosters (seven with a bank).
    `worn`: the players who wore another number in this match than now (a replay gave them back
    since: matches.services.numbers.numbers_worn), so that its MVP candidates are numbered in the
    order of the numbers worn in it, as when it was first played."""
    trophies, final_mvp = _trophies(match)
    banks = _banks(match)
    kept = kept_for(match.pk)  # the match's fixed facts, read once by a replay (matches.services.replay_reads)
    lines = [Line(*row) for row in _rows(LINES_SQL, [match.pk])]
    if worn:
        lines.sort(key=lambda ln: (ln.side, worn.get(ln.player_id, ln.number)))
    advancements: dict[int, list[tuple[str, str]]] = {}
    injuries: dict[int, dict[str, int]] = {}
    rolls_taken: dict[int, int] = {}
    for tag, player_id, kind_or_stat, skill, _at, _pk in _rows(HISTORIES_SQL, [match.pk, True, match.pk, match.pk]):
        if tag == "a":
            advancements.setdefault(player_id, []).append((kind_or_stat, skill))
        elif tag == "i":
            injuries.setdefault(player_id, {}).setdefault(kind_or_stat, 0)
            injuries[player_id][kind_or_stat] += 1
        else:
            rolls_taken[player_id] = rolls_taken.get(player_id, 0) + 1
    casualties: dict[int, list[CasualtyReport]] = {}
    for row in kept.casualties if kept else _rows(CASUALTIES_SQL, [match.pk]):
        casualties.setdefault(row[0], []).append(_casualty(row))
    inducements: list[tuple] = []  # (id, side, star, position, cost, plays_for_neither), both sides
    from_treasury: dict[int, int] = {}  # treasury gold paid for inducements at the pre-match
    cards = {"home": 0, "away": 0}
    if kept:  # read once for every match of a replay (matches.services.replay_reads)
        inducements = list(kept.inducements)
        for team_id, amount in kept.inducement_treasury:
            from_treasury[team_id] = from_treasury.get(team_id, 0) - amount
        cards = dict(kept.cards)
    else:  # one read for the three
        params = [match.pk, match.pk, TreasuryEntry.Kind.INDUCEMENT, match.pk, True]
        for tag, ident, side, star, position, amount, neither in _rows(PURCHASES_SQL, params):
            if tag == "i":
                inducements.append((ident, side, star, position, int(amount), neither))
            elif tag == "t":
                from_treasury[ident] = from_treasury.get(ident, 0) - int(amount)
            else:
                cards[side] = int(amount or 0)

    def side_report(side: str) -> SideReport:
        team = match.team(side)
        petty_cash = match.home_petty_cash if side == "home" else match.away_petty_cash
        players = []
        for line in (ln for ln in lines if ln.side == side):
            pk, eligible = line.player_id, bool(line.eligible)  # (SQLite answers 0 or 1)
            gained = advancements.get(pk, [])
            ups: dict[str, int] = {}
            for kind, _skill in gained:
                if kind in STAT_KINDS:
                    ups[STAT_KINDS[kind]] = ups.get(STAT_KINDS[kind], 0) + 1
            players.append(
                PlayerReport(
                    ref=player_ref(pk),
                    position_key=line.position,
                    spp_before=line.spp,
                    improvement_rolls_taken=rolls_taken.get(pk, 0),
                    skills=gained_skills(gained),
                    improvements=tuple(k for k, _s in gained),
                    stat_improvements=ups,
                    stat_injuries=injuries.get(pk, {}),
                    is_journeyman=bool(line.journeyman),
                    eligible_for_mvp=eligible,
                    miss_next_game_before=not eligible,
                    completions=line.completions,
                    touchdowns=line.touchdowns,
                    interceptions=line.interceptions,
                    casualties=line.casualties,
                    actions=_json(line.actions),
                    casualties_suffered=tuple(casualties.get(pk, ())),
                    roster_key=line.roster,
                )
            )
        # A star both sides induced is paid for (inducements_cost) but plays for neither.
        fielded = (i for i in inducements if i[1] == side and (i[2] or i[3]) and not i[5])
        for pk, _side, star, position, _cost, _neither in fielded:
            players.append(PlayerReport(ref=f"i{pk}", position_key=star or position, is_star_or_mercenary=True))
        return SideReport(
            team_key=team.race,
            roster_tv=(match.home_tv if side == "home" else match.away_tv) or 0,
            fan_factor=team.fan_factor,
            # The petty cash left the treasury at the pre-match, checked then against the treasury
            # of that moment: a late match replayed before later winnings may find less gold, and
            # that gold still left (docs/decisions/matches.md, "A late match's petty cash stands").
            treasury_before=max(team.treasury + petty_cash, petty_cash),
            fame=(match.home_fame if side == "home" else match.away_fame) or 0,
            score=(match.home_score if side == "home" else match.away_score) or 0,
            players=tuple(players),
            petty_cash=petty_cash,
            # with the cards bought from the inducement gold: the petty cash they spent is not returned
            inducements_cost=sum(i[4] for i in inducements if i[1] == side) + cards[side],
            inducement_treasury=from_treasury.get(team.pk, 0),
            conceded=match.conceded_by == side,
            concession_justified=match.concession_justified,
            rerolls=team.rerolls,
            assistant_coaches=team.assistant_coaches,
            cheerleaders=team.cheerleaders,
            apothecary=team.apothecary,
            winnings_bonus=trophies[side].winnings_bonus_per_match,
            trophy_rerolls=trophies[side].extra_rerolls,
            trophy_fan_factor=trophies[side].fan_factor_bonus,
            finalists_extra_mvp=final_mvp,
            bank_before=banks.get(team.pk, 0),
            allies=team.allies,
        )

    return MatchReport(
        home=side_report("home"),
        away=side_report("away"),
        gate=match.gate or 0,
        playoff=match.is_final_stage,
        shootout_winner=cast("Side | None", match.shootout_winner or None),
        prematch=prematch_handed_on(match),
        cards_played=tuple(
            CardPlay(entry["side"], entry["card"], tuple(player_ref(pk) for pk in entry.get("players", ())))
            for entry in match.cards_played or ()
        ),
    )


def prematch_handed_on(match: Match) -> dict[str, Any]:
    """What each pre-match step of the match's ruleset hands to the post-match sequence, read from
    the match itself (no query): a table roll's result, a step's value (matches.prematch_steps)."""
    ruleset = load_ruleset(match.league.ruleset)
    found = {step.name: step.handed_on(match) for step in steps_for(ruleset)}
    return {name: value for name, value in found.items() if value is not None}


_SCALARS = (str, int, bool, float, type(None))
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def report_to_json(report: MatchReport) -> dict[str, Any]:
    # dataclasses.asdict deep-copies, and the engine's read-only mappings cannot be copied. Field
    # names are looked up once per class: this runs in every post-match sequence.
    def plain(value: Any) -> Any:
        if type(value) in _SCALARS:
            return value
        names = _FIELD_NAMES.get(type(value))
        if names is None and is_dataclass(value):
            names = _FIELD_NAMES[type(value)] = tuple(f.name for f in fields(value))
        if names is not None:
            return {name: plain(getattr(value, name)) for name in names}
        if isinstance(value, Mapping):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [plain(v) for v in value]
        return value

    found: dict[str, Any] = plain(report)
    return found


def report_from_json(data: dict[str, Any]) -> MatchReport:
    def casualty(d: dict[str, Any]) -> CasualtyReport:
        return CasualtyReport(
            **{
                **d,
                "rolls": tuple(tuple(r) for r in d["rolls"]),
                "apothecary_reroll": tuple(d["apothecary_reroll"]) if d["apothecary_reroll"] else None,
                "final": tuple(d["final"]),
            }
        )

    def player(d: dict[str, Any]) -> PlayerReport:
        return PlayerReport(
            **{
                **d,
                "skills": tuple(d["skills"]),
                "improvements": tuple(d["improvements"]),
                "casualties_suffered": tuple(casualty(c) for c in d["casualties_suffered"]),
            }
        )

    def side(d: dict[str, Any]) -> SideReport:
        return SideReport(
            **{**d, "players": tuple(player(p) for p in d["players"]), "allies": tuple(d.get("allies", ()))}
        )

    return MatchReport(
        home=side(data["home"]),
        away=side(data["away"]),
        gate=data["gate"],
        playoff=data["playoff"],
        shootout_winner=data.get("shootout_winner"),  # absent from reports stored before it existed
        prematch=data.get("prematch", {}),  # as well
        cards_played=tuple(
            CardPlay(d["side"], d["card"], tuple(d["players"])) for d in data.get("cards_played", ())
        ),  # as well
    )
