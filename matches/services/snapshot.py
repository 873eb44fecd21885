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
from django.db.models import CharField, Value

from matches.models import Match, MatchCasualty, MatchInducement, MatchPlayer
from teams.models import Advancement, ImprovementRoll, Injury, Player

STAT_KINDS = {"ma_increase": "ma", "st_increase": "st", "ag_increase": "ag", "av_increase": "av"}


def player_ref(player_id: int) -> str:
    return f"p{player_id}"


def ref_player_id(ref: str) -> int | None:
    return int(ref[1:]) if ref.startswith("p") and ref[1:].isdigit() else None


CASUALTY_FIELDS = ("victim_id", "d6", "d8", "second_d6", "second_d8", "apothecary_used", "apothecary_d6",
                   "apothecary_d8", "apothecary_kept_reroll", "regeneration_roll")
LINE_FIELDS = ("side", "eligible", "completions", "touchdowns", "interceptions", "casualties", "player_id",
               "player__position", "player__spp", "player__journeyman")


def _casualty(row: dict[str, Any]) -> CasualtyReport:
    rolls = [(row["d6"], row["d8"])]
    if row["second_d6"] is not None and row["second_d8"] is not None:
        rolls.append((row["second_d6"], row["second_d8"]))
    apo = ((row["apothecary_d6"], row["apothecary_d8"]) if row["apothecary_used"] and row["apothecary_d6"]
           else None)
    return CasualtyReport(rolls=tuple(rolls), apothecary_reroll=apo, apothecary_kept_reroll=row["apothecary_kept_reroll"],
                          regeneration=row["regeneration_roll"])


def _histories(player_ids: list[int]):
    """The players' advancements, lasting injuries and improvement rolls taken, in one read (a
    UNION ALL of the three tables, tagged), advancements in the order they were gained."""
    advancements = (Advancement.objects.filter(player_id__in=player_ids)
                    .values_list(Value("a", output_field=CharField()), "player_id", "kind", "skill", "created_at", "pk"))
    injuries = (Injury.objects.filter(player_id__in=player_ids, applied=True).exclude(stat="")
                .values_list(Value("i", output_field=CharField()), "player_id", "stat", Value("", output_field=CharField()),
                             "created_at", "pk"))
    rolls = (ImprovementRoll.objects.filter(player_id__in=player_ids)
             .values_list(Value("r", output_field=CharField()), "player_id", Value("", output_field=CharField()),
                          Value("", output_field=CharField()), "created_at", "pk"))
    return advancements.order_by().union(injuries.order_by(), rolls.order_by(), all=True).order_by("created_at", "pk")


def build_report(match: Match) -> MatchReport:
    """The match as the rules engine sees it, in four reads of plain rows whatever the rosters
    (this runs in every post-match sequence: no model instances are built)."""
    lines = list(MatchPlayer.objects.filter(match=match).values(*LINE_FIELDS))  # in shirt-number order
    advancements: dict[int, list[tuple[str, str]]] = {}
    injuries: dict[int, dict[str, int]] = {}
    rolls_taken: dict[int, int] = {}
    for tag, player_id, kind_or_stat, skill, _at, _pk in _histories([line["player_id"] for line in lines]):
        if tag == "a":
            advancements.setdefault(player_id, []).append((kind_or_stat, skill))
        elif tag == "i":
            injuries.setdefault(player_id, {}).setdefault(kind_or_stat, 0)
            injuries[player_id][kind_or_stat] += 1
        else:
            rolls_taken[player_id] = rolls_taken.get(player_id, 0) + 1
    casualties: dict[int, list[CasualtyReport]] = {}
    for row in MatchCasualty.objects.filter(match=match).order_by("pk").values(*CASUALTY_FIELDS):
        casualties.setdefault(row["victim_id"], []).append(_casualty(row))
    inducements = list(MatchInducement.objects.filter(match=match).order_by("pk")
                       .values_list("pk", "side", "star", "position", "cost"))  # one read for both sides

    def side_report(side: str) -> SideReport:
        team = match.team(side)
        petty_cash = match.home_petty_cash if side == "home" else match.away_petty_cash
        players = []
        for line in (ln for ln in lines if ln["side"] == side):
            pk = line["player_id"]
            gained = advancements.get(pk, [])
            ups: dict[str, int] = {}
            for kind, _skill in gained:
                if kind in STAT_KINDS:
                    ups[STAT_KINDS[kind]] = ups.get(STAT_KINDS[kind], 0) + 1
            players.append(PlayerReport(
                ref=player_ref(pk), position_key=line["player__position"], spp_before=line["player__spp"],
                improvement_rolls_taken=rolls_taken.get(pk, 0),
                skills=tuple(skill for _kind, skill in gained if skill), improvements=tuple(k for k, _s in gained),
                stat_improvements=ups, stat_injuries=injuries.get(pk, {}), is_journeyman=line["player__journeyman"],
                eligible_for_mvp=line["eligible"], miss_next_game_before=not line["eligible"],
                completions=line["completions"], touchdowns=line["touchdowns"], interceptions=line["interceptions"],
                casualties=line["casualties"], casualties_suffered=tuple(casualties.get(pk, ())),
            ))
        for pk, _side, star, position, _cost in (i for i in inducements if i[1] == side and (i[2] or i[3])):
            players.append(PlayerReport(ref=f"i{pk}", position_key=star or position, is_star_or_mercenary=True))
        return SideReport(
            team_key=team.race, roster_tv=(match.home_tv if side == "home" else match.away_tv) or 0,
            fan_factor=team.fan_factor, treasury_before=team.treasury + petty_cash,
            fame=(match.home_fame if side == "home" else match.away_fame) or 0,
            score=(match.home_score if side == "home" else match.away_score) or 0,
            players=tuple(players), petty_cash=petty_cash,
            inducements_cost=sum(i[4] for i in inducements if i[1] == side),
            conceded=match.conceded_by == side, concession_justified=match.concession_justified,
            rerolls=team.rerolls, assistant_coaches=team.assistant_coaches, cheerleaders=team.cheerleaders,
            apothecary=team.apothecary,
        )

    return MatchReport(home=side_report("home"), away=side_report("away"), gate=match.gate or 0)


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
