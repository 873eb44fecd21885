"""The frozen input of a post-match sequence: the match as the rules engine sees it.

Built once, when the sequence first claims the match, and stored on it as JSON: a retry after a
crash, or a later replay, plans from exactly the same facts even though the first run has
already changed the players and the treasury.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from league.rules.postmatch import CasualtyReport, MatchReport, PlayerReport, SideReport
from matches.models import Match, MatchCasualty, MatchInducement, MatchPlayer
from teams.models import Advancement, ImprovementRoll, Injury, Player

STAT_KINDS = {"ma_increase": "ma", "st_increase": "st", "ag_increase": "ag", "av_increase": "av"}


def player_ref(player_id: int) -> str:
    return f"p{player_id}"


def ref_player_id(ref: str) -> int | None:
    return int(ref[1:]) if ref.startswith("p") and ref[1:].isdigit() else None


def _casualty(row: MatchCasualty) -> CasualtyReport:
    rolls = [(row.d6, row.d8)]
    if row.second_d6 is not None and row.second_d8 is not None:
        rolls.append((row.second_d6, row.second_d8))
    apo = (row.apothecary_d6, row.apothecary_d8) if row.apothecary_used and row.apothecary_d6 else None
    return CasualtyReport(rolls=tuple(rolls), apothecary_reroll=apo, apothecary_kept_reroll=row.apothecary_kept_reroll,
                          regeneration=row.regeneration_roll)


def build_report(match: Match) -> MatchReport:
    lines = list(MatchPlayer.objects.filter(match=match).select_related("player"))
    player_ids = [line.player_id for line in lines]
    advancements: dict[int, list[Advancement]] = {}
    for adv in Advancement.objects.filter(player_id__in=player_ids):
        advancements.setdefault(adv.player_id, []).append(adv)
    injuries: dict[int, dict[str, int]] = {}
    for inj in Injury.objects.filter(player_id__in=player_ids, applied=True).exclude(stat=""):
        injuries.setdefault(inj.player_id, {}).setdefault(inj.stat, 0)
        injuries[inj.player_id][inj.stat] += 1
    rolls_taken: dict[int, int] = {}
    for roll in ImprovementRoll.objects.filter(player_id__in=player_ids):
        rolls_taken[roll.player_id] = rolls_taken.get(roll.player_id, 0) + 1
    casualties: dict[int, list[CasualtyReport]] = {}
    for row in MatchCasualty.objects.filter(match=match):
        casualties.setdefault(row.victim_id, []).append(_casualty(row))
    inducements = list(MatchInducement.objects.filter(match=match))  # one read for both sides
    induced = [i for i in inducements if i.star or i.position]  # stars and mercenaries play

    def side_report(side: str) -> SideReport:
        team = match.team(side)
        petty_cash = match.home_petty_cash if side == "home" else match.away_petty_cash
        players = []
        for line in (ln for ln in lines if ln.side == side):
            p: Player = line.player
            gained = advancements.get(p.pk, [])
            ups: dict[str, int] = {}
            for adv in gained:
                if adv.kind in STAT_KINDS:
                    ups[STAT_KINDS[adv.kind]] = ups.get(STAT_KINDS[adv.kind], 0) + 1
            players.append(PlayerReport(
                ref=player_ref(p.pk), position_key=p.position, spp_before=p.spp,
                improvement_rolls_taken=rolls_taken.get(p.pk, 0),
                skills=tuple(a.skill for a in gained if a.skill), improvements=tuple(a.kind for a in gained),
                stat_improvements=ups, stat_injuries=injuries.get(p.pk, {}), is_journeyman=p.journeyman,
                eligible_for_mvp=line.eligible, miss_next_game_before=not line.eligible,
                completions=line.completions, touchdowns=line.touchdowns, interceptions=line.interceptions,
                casualties=line.casualties, casualties_suffered=tuple(casualties.get(p.pk, ())),
            ))
        for item in (i for i in induced if i.side == side):
            players.append(PlayerReport(ref=f"i{item.pk}", position_key=item.star or item.position,
                                        is_star_or_mercenary=True))
        return SideReport(
            team_key=team.race, roster_tv=(match.home_tv if side == "home" else match.away_tv) or 0,
            fan_factor=team.fan_factor, treasury_before=team.treasury + petty_cash,
            fame=(match.home_fame if side == "home" else match.away_fame) or 0,
            score=(match.home_score if side == "home" else match.away_score) or 0,
            players=tuple(players), petty_cash=petty_cash,
            inducements_cost=sum(i.cost for i in inducements if i.side == side),
            conceded=match.conceded_by == side, concession_justified=match.concession_justified,
            rerolls=team.rerolls, assistant_coaches=team.assistant_coaches, cheerleaders=team.cheerleaders,
            apothecary=team.apothecary,
        )

    return MatchReport(home=side_report("home"), away=side_report("away"), gate=match.gate or 0)


def report_to_json(report: MatchReport) -> dict[str, Any]:
    # dataclasses.asdict deep-copies, and the engine's read-only mappings cannot be copied.
    def plain(value: Any) -> Any:
        if is_dataclass(value):
            return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
        if isinstance(value, Mapping):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [plain(v) for v in value]
        return value

    return plain(report)


def report_from_json(data: dict[str, Any]) -> MatchReport:
    def casualty(d: dict[str, Any]) -> CasualtyReport:
        return CasualtyReport(**{**d, "rolls": tuple(tuple(r) for r in d["rolls"]),
                                 "apothecary_reroll": tuple(d["apothecary_reroll"]) if d["apothecary_reroll"] else None,
                                 "final": tuple(d["final"])})

    def player(d: dict[str, Any]) -> PlayerReport:
        return PlayerReport(**{**d, "skills": tuple(d["skills"]), "improvements": tuple(d["improvements"]),
                               "casualties_suffered": tuple(casualty(c) for c in d["casualties_suffered"])})

    def side(d: dict[str, Any]) -> SideReport:
        return SideReport(**{**d, "players": tuple(player(p) for p in d["players"])})

    return MatchReport(home=side(data["home"]), away=side(data["away"]), gate=data["gate"], playoff=data["playoff"])
