"""A small league of processed matches built with the ORM (the figures are set by hand: the
statistics read the stored rows, whatever wrote them), and a way to add many more."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from teams.services import PlayerOrder, team_create

AWARDS = {"completions": 1, "casualties": 2, "interceptions": 2, "touchdowns": 3}
MVP = 5


@dataclass
class Small:
    league: Any
    seasons: dict[int, Any]
    teams: dict[str, Any]
    players: dict[str, Any]
    matches: list[Any] = field(default_factory=list)
    _n: int = 0

    def play(self, home: str, away: str, season: int | None, lines: dict[str, dict[str, int]], mvps=(), **extra):
        """A processed match (unless status= says otherwise) with these player lines, the SPP
        effects the post-match sequence would write for them, and an MVP effect per name in mvps."""
        from matches.models import Match, MatchEffect, MatchPlayer

        self._n += 1
        home_t, away_t = self.teams[home], self.teams[away]
        played_on = date(2026, 3, 1) + timedelta(days=self._n)
        at = datetime(2026, 3, 1, 20, tzinfo=UTC) + timedelta(days=self._n)
        score = {
            side: sum(v.get("touchdowns", 0) for name, v in lines.items() if self.players[name].team_id == team.pk)
            for side, team in (("home", home_t), ("away", away_t))
        }
        match = Match.objects.create(
            league=self.league,
            home=home_t,
            away=away_t,
            ruleset="lrb6",
            ruleset_version="x",
            status=extra.pop("status", Match.Status.PROCESSED),
            scheduled_by=self.league.commissioner,
            season=self.seasons.get(season),
            played_on=played_on,
            home_tv=extra.pop("home_tv", 1_000_000 + 10_000 * self._n),
            away_tv=extra.pop("away_tv", 990_000),
            home_score=score["home"],
            away_score=score["away"],
            confirmed_at=at,
            processed_at=at + timedelta(seconds=5),
            sequence=f"{season or 0:04d}{self._n:06d}",
        )
        for name, figures in lines.items():
            player = self.players[name]
            side = "home" if player.team_id == home_t.pk else "away"
            MatchPlayer.objects.create(match=match, player=player, side=side, **figures)
            for stat, count in figures.items():
                if count:
                    MatchEffect.objects.create(
                        match=match,
                        step="spp",
                        key=f"spp:{side}:{player.pk}:{stat}",
                        kind="spp",
                        team_id=player.team_id,
                        player=player,
                        data={"spp": AWARDS[stat] * count, "count": count, "reason": stat},
                    )
        for n, name in enumerate(mvps, start=1):
            player = self.players[name]
            side = "home" if player.team_id == home_t.pk else "away"
            MatchEffect.objects.create(
                match=match,
                step="mvp",
                key=f"mvp:{side}:{n}",
                kind="mvp",
                team_id=player.team_id,
                player=player,
                data={"spp": MVP},
            )
        self.matches.append(match)
        return match

    def kill(self, name: str, match, d6: int = 6, d8: int = 3) -> None:
        from matches.models import MatchCasualty, MatchEffect

        player = self.players[name]
        MatchCasualty.objects.create(match=match, victim=player, d6=d6, d8=d8)
        MatchEffect.objects.create(
            match=match,
            step="remove_dead",
            key=f"dead:{player.pk}",
            kind="dead",
            team_id=player.team_id,
            player=player,
            data={"casualty": "dead"},
        )
        player.status = "dead"
        player.save(update_fields=["status"])

    def more_teams(self, count: int) -> None:
        """`count` more teams of eleven, each playing a processed match against the Reavers."""
        coach = self.teams["Reavers"].coach
        for n in range(count):
            name = f"Extra {n:02d}"
            team = team_create(
                league=self.league,
                coach=coach,
                name=name,
                race="human",
                players=[PlayerOrder("lineman", f"X{n}-{i}", i) for i in range(1, 12)],
            )
            self.teams[name] = team
            self.players.update({p.name: p for p in team.players.all()})
            self.play(
                name, "Reavers", 2, {f"X{n}-1": {"touchdowns": 1}, f"X{n}-2": {"casualties": 1}}, mvps=(f"X{n}-3",)
            )

    def more(self, count: int) -> None:
        """`count` more processed matches, spread over both seasons, with figures for everyone."""
        for n in range(count):
            self.play(
                "Reavers",
                "Gouged Eye",
                1 + n % 2,
                {"A1": {"touchdowns": 1, "completions": 2}, "B1": {"casualties": 1, "interceptions": 1}},
                mvps=("A2",),
            )


def build_small(django_user_model) -> Small:
    """Reavers (A1, A2) and Gouged Eye (B1, B2), two seasons, three processed matches and one
    confirmed but not processed (it must count nowhere); B2 died in the second match.

    By hand (LRB6: completion 1, casualty 2, interception 2, touchdown 3, MVP 5 SPP):
    - m1 (season 1): A1 2 TD 1 CAS 1 COMP, MVP -> 6+2+1+5 = 14; B1 1 TD 2 CAS -> 3+4 = 7; B2 MVP 5.
    - m2 (season 1): A1 1 TD -> 3; A2 3 CAS 1 INT, MVP -> 6+2+5 = 13; B1 MVP 5; B2 killed (D68 63).
    - m3 (season 2): B1 3 TD, MVP -> 9+5 = 14.
    - m4 (season 2, confirmed only): A1 5 TD, ignored.
    All time: B1 26 SPP (3 matches, 4 TD, 2 CAS, 2 MVPs), A1 17 (2 matches, 3 TD, 1 CAS, 1 COMP, 1 MVP),
    A2 13 (1 match, 3 CAS, 1 INT, 1 MVP), B2 5 (2 matches, 1 MVP).
    """
    from league.competitions.seasons.models import Season
    from league.core.services import league_create, league_join

    boss, alice, bob = (django_user_model.objects.create_user(n, password=f"pw-{n}") for n in ("boss", "alice", "bob"))
    league = league_create(name="Stats League", ruleset="lrb6", commissioner=boss)
    for coach in (alice, bob):
        league_join(league=league, user=coach)
    reavers = team_create(
        league=league,
        coach=alice,
        name="Reavers",
        race="human",
        players=[PlayerOrder("lineman", f"A{i}", i) for i in range(1, 12)],
    )
    orcs = team_create(
        league=league,
        coach=bob,
        name="Gouged Eye",
        race="orc",
        players=[PlayerOrder("lineman", f"B{i}", i) for i in range(1, 12)],
    )
    seasons = {
        n: Season.objects.create(league=league, number=n, name=f"Season {n}", status=Season.Status.REGULAR)
        for n in (1, 2)
    }
    players = {p.name: p for p in [*reavers.players.all(), *orcs.players.all()]}
    s = Small(league, seasons, {"Reavers": reavers, "Gouged Eye": orcs}, players)
    s.play(
        "Reavers",
        "Gouged Eye",
        1,
        {
            "A1": {"touchdowns": 2, "casualties": 1, "completions": 1},
            "B1": {"touchdowns": 1, "casualties": 2},
            "B2": {},
        },
        mvps=("A1", "B2"),
    )
    m2 = s.play(
        "Reavers",
        "Gouged Eye",
        1,
        {"A1": {"touchdowns": 1}, "A2": {"casualties": 3, "interceptions": 1}, "B1": {}, "B2": {}},
        mvps=("A2", "B1"),
    )
    s.kill("B2", m2)
    s.play("Gouged Eye", "Reavers", 2, {"B1": {"touchdowns": 3}}, mvps=("B1",))
    s.play("Gouged Eye", "Reavers", 2, {"A1": {"touchdowns": 5}}, status="confirmed")
    return s
