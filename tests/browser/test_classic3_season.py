"""A classic 3rd edition season (classic3: the LRB6 league engine with seed 004's overrides) in
Chromium: the commissioner creates the league choosing the ruleset and sees the values the
truncated rulebook lacks on the settings page; a coach buys a champion for good from his team page
(paid from the treasury); two level matches go to overtime and a shoot-out, uploaded with their
winner and dice; the standings (W-L, no draw) equal the table by hand, every treasury its ledger.

    Altdorf 2-1 Bögen    Altdorf 1-1 Carroburg (Altdorf wins the shoot-out)    Altdorf 1-0 Delberz
    Bögen 2-0 Carroburg  Bögen 1-1 Delberz (Bögen wins the shoot-out)          Carroburg 2-1 Delberz

    Altdorf 9 points (TD 4-2), Bögen 6 (4-3), Carroburg 3 (3-4), Delberz 0 (2-4).
"""

from __future__ import annotations

import pytest

from tests.browser.ruleset_season import create_league, join, play, standings, start_season, treasuries_match_ledgers
from tests.browser.session import Session, text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEY = "classic3"
A, B, C, D = "Altdorf Aces", "Bögen Bulls", "Carroburg Crows", "Delberz Drakes"
COACHES = {A: "anna", B: "bruno", C: "carla", D: "dieter"}
RACES = {A: "human", B: "orc", C: "human", D: "orc"}
# (winner, winner's touchdowns, loser's touchdowns); a level score names the shoot-out's winner.
RESULTS = {
    frozenset({A, B}): (A, 2, 1),
    frozenset({A, C}): (A, 1, 1),
    frozenset({A, D}): (A, 1, 0),
    frozenset({B, C}): (B, 2, 0),
    frozenset({B, D}): (B, 1, 1),
    frozenset({C, D}): (C, 2, 1),
}
TABLE = [
    ("1", A, 3, 3, 0, 0, 4, 2, 9),
    ("2", B, 3, 2, 0, 1, 4, 3, 6),
    ("3", C, 3, 1, 0, 2, 3, 4, 3),
    ("4", D, 3, 0, 0, 3, 2, 4, 0),
]


def report(fixture: dict) -> dict:
    winner, won, lost = RESULTS[frozenset({fixture["home"], fixture["away"]})]
    side = "home" if fixture["home"] == winner else "away"
    home, away = (won, lost) if side == "home" else (lost, won)
    result: dict = {"home_score": home, "away_score": away}
    if home == away:  # sudden-death overtime, then the shoot-out (seed 004 L233)
        result |= {"overtime": True, "shootout_winner": side}
        result["shootout_dice"] = [[3, 3], [5, 2] if side == "home" else [2, 5]]
    return {
        "prematch": {"weather": [3, 4]},
        "result": result,
        "players": {
            "home": [{"number": n, "touchdowns": 1} for n in range(1, home + 1)],
            "away": [{"number": n, "touchdowns": 1} for n in range(1, away + 1)],
        },
    }


def make_teams(slug: str, users: dict) -> None:
    """Eleven linemen each, with the Fan Factor of 1 every team needs (L275)."""
    from league.core.models import League
    from teams.services import PlayerOrder, team_create

    league = League.objects.get(slug=slug)
    for team, coach in users.items():
        players = [PlayerOrder("lineman", f"{team.split()[0]} {n}") for n in range(1, 12)]
        team_create(league=league, coach=coach, name=team, race=RACES[team], players=players, fan_factor=1)


def test_a_classic_season_with_a_champion_and_shoot_outs(page, live_server, artifacts_dir, django_user_model):
    from teams.models import Team

    page.set_viewport_size({"width": 390, "height": 844})
    s = Session(page, live_server)
    django_user_model.objects.create_user(username="boss", password="pw-boss-1988")
    s.log_in("boss")
    slug = create_league(s, "Vieille Garde", KEY)
    s.go(f"/leagues/{slug}/settings/")
    assert "Values the rulebook lacks" in text(s.page.locator("main"))
    make_teams(slug, join(slug, COACHES, django_user_model))

    # Altdorf buys Griff Oberwald for good: 320,000 from the treasury, a roster player marked Champion.
    altdorf = Team.objects.get(name=A)
    treasury = altdorf.treasury
    s.log_in(COACHES[A])
    s.go(f"/teams/{altdorf.pk}/")
    s.page.select_option('#hire-form select[name="position"]', "griff_oberwald")
    s.page.fill('#hire-form input[name="name"]', "Griff Oberwald")
    s.submit("#hire-form button[type=submit]")
    altdorf.refresh_from_db()
    assert altdorf.treasury == treasury - 320_000
    assert altdorf.players.filter(position="griff_oberwald").count() == 1
    assert "Champion" in text(s.page.locator("#roster"))

    s.log_in("boss")
    season_path, fixtures = start_season(s, slug, list(COACHES))
    assert len(fixtures) == 6
    for fixture in sorted(fixtures, key=lambda f: f["round"]):
        play(s, slug, KEY, fixture, COACHES, report)

    assert standings(s, season_path) == TABLE
    treasuries_match_ledgers(s)
    page.screenshot(path=str(artifacts_dir / "classic3-standings.png"), full_page=True)
