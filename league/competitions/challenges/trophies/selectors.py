"""Reads of trophies: who holds what, a holder's benefits, a league's roll of honour."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import QuerySet

from league.competitions.challenges.trophies.models import SeasonTrophy, Trophy, TrophyAward
from league.competitions.seasons.models import Season
from league.core.models import League
from league.rules import HolderBenefits, TrophyData, holder_benefits, load_ruleset
from teams.models import Team


def ruleset_trophies(league: League) -> dict[str, TrophyData]:
    """The league's ruleset's trophies (data, not house rules: overrides never change them)."""
    return dict(load_ruleset(league.ruleset).trophies)


def trophy_name(trophy: Trophy, lang: str, data: dict[str, TrophyData] | None = None) -> str:
    if trophy.name:
        return trophy.name
    known = (data if data is not None else ruleset_trophies(trophy.league)).get(trophy.key)
    return known.name(lang) if known else trophy.key


def trophy_choices(league: League, lang: str) -> list[tuple[str, str]]:
    """(value, name) of every trophy a commissioner may choose: the ruleset's (by key, whether or
    not the league has its row yet), then the league's minor tournaments ("t<pk>")."""
    majors = [(key, t.name(lang)) for key, t in ruleset_trophies(league).items()]
    minors = Trophy.objects.filter(league=league, key="").order_by("pk").values_list("pk", "name")
    return majors + [(f"t{pk}", name) for pk, name in minors]


def held_keys(team_ids: Iterable[int]) -> dict[int, list[str]]:
    """Ruleset keys of the trophies each team holds now, in one read (minor tournaments: none)."""
    held: dict[int, list[str]] = {}
    rows = TrophyAward.objects.filter(team_id__in=list(team_ids), current=True).exclude(trophy__key="")
    for team_id, key in rows.values_list("team_id", "trophy__key").order_by("trophy_id"):
        held.setdefault(team_id, []).append(key)
    return held


def team_benefits(league: League, team_id: int) -> HolderBenefits:
    return holder_benefits(ruleset_trophies(league), held_keys([team_id]).get(team_id, []))


def season_final_trophy(season_id: int | None) -> Trophy | None:
    if season_id is None:
        return None
    return Trophy.objects.filter(seasons__season_id=season_id).first()


@dataclass(frozen=True)
class HonourRow:
    trophy: Trophy
    name: str
    data: TrophyData | None
    awards: list[TrophyAward]  # latest edition first

    @property
    def holder(self) -> TrophyAward | None:
        return self.awards[0] if self.awards and self.awards[0].current else None


def roll_of_honour(league: League, lang: str) -> list[HonourRow]:
    """Every trophy of the league with its editions, in two reads whatever the number of awards."""
    data = ruleset_trophies(league)
    trophies = list(Trophy.objects.filter(league=league).order_by("kind", "pk"))
    by_trophy: dict[int, list[TrophyAward]] = {t.pk: [] for t in trophies}
    awards = (
        TrophyAward.objects.filter(trophy__league=league)
        .select_related("team", "runner_up", "season")
        .order_by("trophy_id", "-edition")
    )
    for award in awards:
        by_trophy[award.trophy_id].append(award)
    return [HonourRow(t, trophy_name(t, lang, data), data.get(t.key), by_trophy[t.pk]) for t in trophies]


def team_cabinet(team: Team) -> list[tuple[str, TrophyAward]]:
    """(trophy name, award) of every trophy the team ever won, latest first, in one read."""
    from django.utils.translation import get_language

    data = ruleset_trophies(team.league)
    lang = get_language() or "en"
    awards = TrophyAward.objects.filter(team=team).select_related("trophy", "season").order_by("-awarded_at", "-pk")
    return [(trophy_name(a.trophy, lang, data), a) for a in awards]


# --- What the trophies page reads (league/competitions/challenges/trophies/views.py) ---


def seasons_without_winner(league: League) -> QuerySet[Season]:
    """The seasons a final's trophy can still be chosen for, newest first."""
    return Season.objects.filter(league=league, winner__isnull=True).order_by("-number")


def league_teams_made(league: League) -> QuerySet[Team]:
    """The league's teams past their draft, by name (those a trophy can be awarded to)."""
    return Team.objects.filter(league=league).exclude(status=Team.Status.DRAFT).order_by("name")


def season_trophies(league: League) -> list[SeasonTrophy]:
    """The trophy each season's final awards, with the season and the trophy."""
    return list(SeasonTrophy.objects.filter(season__league=league).select_related("season", "trophy"))


def trophy_keys(league: League) -> set[str]:
    """The keys of the trophies the league has a row for (chosen or awarded once)."""
    return set(Trophy.objects.filter(league=league).values_list("key", flat=True))
