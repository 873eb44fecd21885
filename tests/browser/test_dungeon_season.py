"""A Dungeon Bowl season (dungeon_lutece: LRB6 plus the LutèceCup rules, seed 003) in Chromium: the
commissioner creates the league choosing the ruleset; one team is a school of three allied rosters
(Human, Dwarf, Halfling); every match is won by its first touchdown (1-0, no draw) and uploaded as
a match report with the dungeon's state instead of the weather, a chest opened by the scorer, and
in the school's first match a player killed whom the healing spell saves; the standings (W-L, no
draw column) equal the table by hand, every treasury its ledger, the roster names each player's
roster and the healed player plays on.

    Sorbonne beats Bögen, Carroburg and Delberz; Bögen beats Carroburg and Delberz; Carroburg
    beats Delberz: 9, 6, 3 and 0 points (3/1/0), one touchdown for each win.
"""

from __future__ import annotations

import pytest

from tests.browser.ruleset_season import create_league, join, play, standings, start_season, treasuries_match_ledgers
from tests.browser.session import Session, text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEY = "dungeon_lutece"
A, B, C, D = "Sorbonne Scholars", "Bögen Bulls", "Carroburg Crows", "Delberz Drakes"
COACHES = {A: "anna", B: "bruno", C: "carla", D: "dieter"}
ORDER = [A, B, C, D]  # each beats every team after it
TABLE = [  # (position, team, played, won, drawn, lost, TD for, TD against, points)
    ("1", A, 3, 3, 0, 0, 3, 0, 9),
    ("2", B, 3, 2, 0, 1, 2, 1, 6),
    ("3", C, 3, 1, 0, 2, 1, 2, 3),
    ("4", D, 3, 0, 0, 3, 0, 3, 0),
]
HEALED = {}  # the fixture in which the school's #3 dies and is healed


def report(fixture: dict) -> dict:
    home_won = ORDER.index(fixture["home"]) < ORDER.index(fixture["away"])
    winner = "home" if home_won else "away"
    data = {
        "prematch": {"dungeon_state": [3, 4]},
        "result": {"home_score": int(home_won), "away_score": int(not home_won)},
        "players": {winner: [{"number": 1, "touchdowns": 1, "actions": {"chest_opened": 1}}]},
    }
    school = "home" if fixture["home"] == A else "away" if fixture["away"] == A else None
    if school and not HEALED:
        HEALED["fixture"] = fixture["url"]
        data["casualties"] = {school: [{"number": 3, "d6": 6, "d8": 1}]}  # 61: dead
        data["decisions"] = {f"healing:{school}": f"{school}#3"}
    return data


def make_teams(slug: str, users: dict) -> None:
    """The school: nine Human linemen, two Dwarf blockers and a Halfling; the others eleven linemen."""
    from league.core.models import League
    from teams.services import PlayerOrder, team_create

    league = League.objects.get(slug=slug)
    school = [
        *(PlayerOrder("lineman", f"Scholar {n}") for n in range(1, 10)),
        PlayerOrder("blocker", "Borri", None, "dwarf"),
        PlayerOrder("blocker", "Durak", None, "dwarf"),
        PlayerOrder("halfling", "Pippo", None, "halfling"),
    ]
    team_create(league=league, coach=users[A], name=A, race="human", players=school, allies=("dwarf", "halfling"))
    for team, race in ((B, "orc"), (C, "human"), (D, "orc")):
        players = [PlayerOrder("lineman", f"{team.split()[0]} {n}") for n in range(1, 12)]
        team_create(league=league, coach=users[team], name=team, race=race, players=players)


def test_a_dungeon_bowl_season_with_a_school_chests_and_the_healing_spell(
    page, live_server, artifacts_dir, django_user_model
):
    from matches.models import MatchEffect
    from teams.models import Player, Team

    page.set_viewport_size({"width": 390, "height": 844})
    s = Session(page, live_server)
    django_user_model.objects.create_user(username="boss", password="pw-boss-1988")
    s.log_in("boss")
    slug = create_league(s, "Coupe de la Sorbonne", KEY)
    make_teams(slug, join(slug, COACHES, django_user_model))

    season_path, fixtures = start_season(s, slug, ORDER)
    assert len(fixtures) == 6
    for fixture in sorted(fixtures, key=lambda f: f["round"]):
        play(s, slug, KEY, fixture, COACHES, report)

    school = Team.objects.get(name=A)
    healed = school.players.get(number=3)
    assert healed.status == Player.Status.ACTIVE and not healed.miss_next_game  # the spell cancelled his death
    assert MatchEffect.objects.filter(kind="healing_spell", player=healed).exists()
    scorer = school.players.get(number=1)
    assert MatchEffect.objects.filter(key__endswith=f"p{scorer.pk}:chest_opened").count() == 3
    s.go(f"/teams/{school.pk}/")
    roster = text(s.page.locator("#roster"))
    assert "Dwarf" in roster and "Halfling" in roster

    assert standings(s, season_path) == TABLE
    treasuries_match_ledgers(s)
    page.screenshot(path=str(artifacts_dir / "dungeon-bowl-standings.png"), full_page=True)
