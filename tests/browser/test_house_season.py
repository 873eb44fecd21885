"""A season of the French league's house rules (fr_house: LRB6 plus seed 002) in Chromium: the
commissioner creates the league choosing the ruleset and fills its ally table on its page; one
coach short of players hires a free rookie from his team page; a lineman one SPP short of Novice
(11 SPP, the house rules' first level) scores and takes his experience roll and the ageing roll that
follows it; after his first match the coach hires an ally; every result is uploaded as a match
report (with the receiving team's choices of pitch and dice) and confirmed by the other coach; the
standings equal the table worked out by hand, every treasury its ledger, and the rosters show the
rookie, the ally and the new level.

Results (winner first) and the table by hand, 3/1/0 (LRB6's default, kept by the house rules):

    Altdorf 2-1 Bögen      Altdorf 1-0 Carroburg     Delberz 1-0 Altdorf
    Bögen 2-0 Carroburg    Bögen 1-1 Delberz (draw)  Carroburg 2-1 Delberz

    Altdorf 6 points (TD 3-2), Bögen 4 (4-3), Delberz 4 (3-3), Carroburg 3 (2-4); Bögen and
    Delberz stay level until the commissioner orders them (LRB6's tie-breakers).
"""

from __future__ import annotations

import pytest

from tests.browser.ruleset_season import create_league, join, play, standings, start_season, treasuries_match_ledgers
from tests.browser.session import Session, text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEY = "fr_house"
A, B, C, D = "Altdorf Aces", "Bögen Bulls", "Carroburg Crows", "Delberz Drakes"
COACHES = {A: "anna", B: "bruno", C: "carla", D: "dieter"}
RACES = {A: "human", B: "orc", C: "human", D: "orc"}
RESULTS = {
    frozenset({A, B}): (A, 2, 1),
    frozenset({A, C}): (A, 1, 0),
    frozenset({D, A}): (D, 1, 0),
    frozenset({B, C}): (B, 2, 0),
    frozenset({B, D}): (None, 1, 1),
    frozenset({C, D}): (C, 2, 1),
}
TABLE = [  # (position, team, played, won, drawn, lost, TD for, TD against, points)
    ("1", A, 3, 2, 0, 1, 3, 2, 6),
    ("2=", B, 3, 1, 1, 1, 4, 3, 4),
    ("2=", D, 3, 1, 1, 1, 3, 3, 4),
    ("4", C, 3, 1, 0, 2, 2, 4, 3),
]


def score(home: str, away: str) -> tuple[int, int]:
    winner, won, lost = RESULTS[frozenset({home, away})]
    return (lost, won) if winner == away else (won, lost)


def report(fixture: dict) -> dict:
    """Touchdowns by #1, #2...; the receiving team (the away side here) chooses Terraflex and its
    own dice (seed 002 H:L80-85)."""
    home, away = score(fixture["home"], fixture["away"])
    return {
        "prematch": {
            "weather": [3, 4],
            "pitch": {"option": "terraflex", "side": "away"},
            "dice_pair": {"option": "receiving", "side": "away"},
        },
        "result": {"home_score": home, "away_score": away},
        "players": {
            side: [{"number": n, "touchdowns": 1} for n in range(1, tds + 1)]
            for side, tds in (("home", home), ("away", away))
        },
    }


def make_teams(slug: str, users: dict) -> None:
    """Eleven linemen each and a Fan Factor of 2; Altdorf then releases its #11: short of players."""
    from league.core.models import League
    from teams.services import PlayerOrder, player_fire, team_create

    league = League.objects.get(slug=slug)
    for team, coach in users.items():
        players = [PlayerOrder("lineman", f"{team.split()[0]} {n}") for n in range(1, 12)]
        created = team_create(league=league, coach=coach, name=team, race=RACES[team], players=players, fan_factor=2)
        if team == A:
            player_fire(player=created.players.get(number=11), by=coach)


def test_a_house_rules_season_with_a_rookie_an_ally_and_ageing(page, live_server, artifacts_dir, django_user_model):
    from matches.models import DiceRoll
    from teams.models import Player, Team

    page.set_viewport_size({"width": 390, "height": 844})
    s = Session(page, live_server)
    django_user_model.objects.create_user(username="boss", password="pw-boss-1988")
    s.log_in("boss")
    slug = create_league(s, "Ligue des Vieux Grognards", KEY)
    make_teams(slug, join(slug, COACHES, django_user_model))

    # The commissioner's ally table: a Human team may take one Dwarf Blocker.
    s.go(f"/leagues/{slug}/allies/")
    s.page.select_option('#ally-form select[name="host_race"]', "human")
    s.page.select_option('#ally-form select[name="ally_race"]', "dwarf")
    s.page.fill('#ally-form input[name="position"]', "blocker")
    s.page.fill('#ally-form input[name="cap"]', "1")
    s.submit("#ally-form button[type=submit]")
    assert "Dwarf" in text(s.page.locator("#ally-table"))

    # Altdorf, ten players: a free rookie (a lineman, halved, worth nothing) from the team page.
    altdorf = Team.objects.get(name=A)
    value_before = altdorf.team_value
    s.log_in(COACHES[A])
    s.go(f"/teams/{altdorf.pk}/")
    s.page.locator("#rookie-hire").click()
    s.page.fill('input[name="name"]', "Hans Neuling")
    s.submit("main form button[type=submit]", s.url + f"/teams/{altdorf.pk}/")
    rookie = altdorf.players.get(name="Hans Neuling")
    assert rookie.rookie and rookie.position == "lineman"
    altdorf.refresh_from_db()
    assert altdorf.team_value == value_before  # a rookie counts 0 (H5)
    assert "no team re-roll" in text(s.page.locator("#roster")).lower()

    # Altdorf's #2 is one touchdown short of Novice (11 SPP).
    Player.objects.filter(team=altdorf, number=2).update(spp=10)

    s.log_in("boss")
    season_path, fixtures = start_season(s, slug, list(COACHES))
    assert len(fixtures) == 6 and {frozenset({f["home"], f["away"]}) for f in fixtures} == set(RESULTS)
    first_round = [f for f in fixtures if f["round"] == min(f["round"] for f in fixtures)]
    for fixture in first_round:
        play(s, slug, KEY, fixture, COACHES, report)

    # After its first match Altdorf hires its ally, paying 1 Fan Factor (or 10,000 at FF 1).
    altdorf.refresh_from_db()
    fan_factor, treasury = altdorf.fan_factor, altdorf.treasury
    s.log_in(COACHES[A])
    s.go(f"/teams/{altdorf.pk}/")
    s.page.select_option('#ally-hire-form select[name="ally"]', "dwarf:blocker")
    s.page.fill('#ally-hire-form input[name="name"]', "Grimli")
    s.submit("#ally-hire-form button[type=submit]")
    ally = altdorf.players.get(name="Grimli")
    assert ally.position == "dwarf:blocker"
    altdorf.refresh_from_db()
    if fan_factor > 1:
        assert altdorf.fan_factor == fan_factor - 1 and altdorf.treasury == treasury - 70_000
    else:
        assert altdorf.fan_factor == 1 and altdorf.treasury == treasury - 80_000
    assert "Dwarf" in text(s.page.locator("#roster"))

    for fixture in fixtures:
        if not fixture["played"]:
            play(s, slug, KEY, fixture, COACHES, report)

    # Altdorf's #2 scored in the first round: 13 SPP, Novice, his experience roll and the ageing
    # roll after it (both rolled by the server: no die was in the report).
    second = altdorf.players.get(number=2)
    assert second.spp >= 13
    assert DiceRoll.objects.filter(purpose__startswith=f"improvement:p{second.pk}:1").exists()
    assert DiceRoll.objects.filter(purpose=f"ageing:p{second.pk}:1:avoid").exists()
    s.go(f"/teams/{altdorf.pk}/players/{second.pk}/")
    assert "Novice" in text(s.page.locator("main"))

    s.log_in("boss")
    assert standings(s, season_path) == TABLE
    treasuries_match_ledgers(s)
    page.screenshot(path=str(artifacts_dir / "house-rules-standings.png"), full_page=True)
