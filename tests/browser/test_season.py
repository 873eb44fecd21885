"""A whole season in Chromium, in English and in French: the commissioner
creates a league (5/3/1 points; tie-breakers points, head-to-head, touchdown difference), enters
five teams (ticked together), starts the regular season (fixtures come once registration closes),
generates a single round robin (a bye each) and dates its five rounds at once (a week apart); the
coaches enter and confirm every result (one on the result sheet after the pre-match, the others
imported as JSON report files), the standings equal a table worked out by hand below, the top four
are drawn into semi-finals (the season page names the round, and shows the final only once its
teams are known), the final is played and the season shows its winner.

The round robin's pairings (and who is at home) are drawn at random: each result is given per pair
of teams, so the table does not depend on the draw.

Results (winner first), and the table worked out by hand from them:

    Altdorf 1-0 Bögen            Bögen 3-0 Carroburg        Carroburg 1-1 Delberz (a draw)
    Altdorf 2-1 Delberz          Bögen 2-0 Delberz          Eicheschatten 2-1 Carroburg
    Altdorf 1-0 Eicheschatten    Bögen 3-1 Eicheschatten    Delberz 2-0 Eicheschatten
    Carroburg 2-0 Altdorf

    Altdorf:   W B 1-0, W D 2-1, W E 1-0, L C 0-2 -> 3W 0D 1L, TD 1+2+1+0 = 4 for, 0+1+0+2 = 3 against
               points 5+5+5+1 = 16
    Bögen:     L A 0-1, W C 3-0, W D 2-0, W E 3-1 -> 3W 0D 1L, TD 0+3+2+3 = 8 for, 1+0+0+1 = 2 against
               points 1+5+5+5 = 16
    Carroburg: W A 2-0, L B 0-3, D D 1-1, L E 1-2 -> 1W 1D 2L, TD 2+0+1+1 = 4 for, 0+3+1+2 = 6 against
               points 5+1+3+1 = 10
    Delberz:   L A 1-2, L B 0-2, D C 1-1, W E 2-0 -> 1W 1D 2L, TD 1+0+1+2 = 4 for, 2+2+1+0 = 5 against
               points 1+1+3+5 = 10
    Eicheschatten: L A 0-1, L B 1-3, W C 2-1, L D 0-2 -> 1W 0D 3L, TD 0+1+2+0 = 3 for, 1+3+1+2 = 7 against
               points 1+1+5+1 = 8
    (a bye is worth 0 in the 5/3/1 scheme; TD for 4+8+4+4+3 = 23 = TD against 3+2+6+5+7)

    Altdorf and Bögen: 16 each. Bögen has the better touchdown difference (+6 against +1), but
    head-to-head comes first: Altdorf beat Bögen -> 1. Altdorf, 2. Bögen.
    Carroburg and Delberz: 10 each; head-to-head is a draw (3 points per game each), so touchdown
    difference decides: Delberz -1 against Carroburg -2 -> 3. Delberz, 4. Carroburg.

Play-offs: the better-placed team wins each game 3-2, so Altdorf wins the season whatever the draw.
"""

from __future__ import annotations

import json
import re
import time
from datetime import date, timedelta

import pytest

from tests.browser.result_sheet import add_event
from tests.browser.session import Session, set_french, text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
A, B, C, D, E = "Altdorf Aces", "Bögen Bulls", "Carroburg Crows", "Delberz Drakes", "Eicheschatten Elves"
COACHES = {A: "anna", B: "bruno", C: "carla", D: "dieter", E: "erika"}
# Per pair of teams: (winner, winner's touchdowns, loser's touchdowns); a draw has no winner.
RESULTS = {
    frozenset({A, B}): (A, 1, 0),
    frozenset({A, D}): (A, 2, 1),
    frozenset({A, E}): (A, 1, 0),
    frozenset({C, A}): (C, 2, 0),
    frozenset({B, C}): (B, 3, 0),
    frozenset({B, D}): (B, 2, 0),
    frozenset({B, E}): (B, 3, 1),
    frozenset({C, D}): (None, 1, 1),
    frozenset({E, C}): (E, 2, 1),
    frozenset({D, E}): (D, 2, 0),
}
# (position, team, played, won, drawn, lost, TD for, TD against, points): see the module's docstring.
EXPECTED_TABLE = [
    ("1", A, 4, 3, 0, 1, 4, 3, 16),
    ("2", B, 4, 3, 0, 1, 8, 2, 16),
    ("3", D, 4, 1, 1, 2, 4, 5, 10),
    ("4", C, 4, 1, 1, 2, 4, 6, 10),
    ("5", E, 4, 1, 0, 3, 3, 7, 8),
]
RANK = {row[1]: i for i, row in enumerate(EXPECTED_TABLE)}
WORDS = {
    "en": {
        "standings": "Standings of",
        "bye": "{team} has a bye",
        "head_to_head": "above the next on Head-to-head",
        "td_diff": "above the next on Touchdown difference",
        "semi_finals": "Semi-finals",
        "final": "Final",
        "closed": "Closed",
        "winner": "Winner: {team}",
        "champion": "Champion: {team}",
    },
    "fr": {
        "standings": "Classement de",
        "bye": "{team} est au repos",
        "head_to_head": "devant le suivant au départage « Confrontations directes »",
        "td_diff": "devant le suivant au départage « Différence de touchdowns »",
        "semi_finals": "Demi-finales",
        "final": "Finale",
        "closed": "Terminée",
        "winner": "Vainqueur : {team}",
        "champion": "Champion : {team}",
    },
}


def make_coaches_and_teams(league_slug: str, django_user_model) -> None:
    """Five coaches, each with a ready team of eleven Human linemen (equal team values)."""
    from league.core.models import League
    from league.core.services import league_join
    from teams.services import PlayerOrder, team_create

    league = League.objects.get(slug=league_slug)
    for team, username in COACHES.items():
        coach = django_user_model.objects.create_user(username=username, password=f"pw-{username}-1988")
        league_join(league=league, user=coach)
        players = [PlayerOrder("lineman", f"{team.split()[0]} {n}") for n in range(1, 12)]
        team_create(league=league, coach=coach, name=team, race="human", players=players)


def season_fixtures(s: Session) -> list[dict]:
    """Every fixture listed on the season page, round by round, as the page shows it."""
    found = []
    for card in s.page.locator("#season-rounds .round").all():
        number = int(card.get_attribute("id").removeprefix("round-"))
        for item in card.locator(".fixture").all():
            links = item.locator("a")
            found.append(
                {
                    "round": number,
                    "home": links.nth(0).inner_text().strip(),
                    "away": links.nth(1).inner_text().strip(),
                    "url": links.nth(2).get_attribute("href"),
                    "played": item.locator("strong").count() == 1,
                }
            )
    return found


def score(home: str, away: str, playoff: bool) -> tuple[int, int]:
    if playoff:  # the better-placed team wins 3-2
        return (3, 2) if RANK[home] < RANK[away] else (2, 3)
    winner, won, lost = RESULTS[frozenset({home, away})]
    return (lost, won) if winner == away else (won, lost)


def scorers(touchdowns: int) -> list[dict]:
    """One touchdown each for players #1, #2, #3...: every touchdown is credited to a player."""
    return [{"number": n, "touchdowns": 1} for n in range(1, touchdowns + 1)]


def import_result(
    s: Session, league_slug: str, fixture: dict, playoff: bool, *, coaches=COACHES, score_of=None, ruleset="lrb6"
) -> None:
    """The home coach uploads the match report file; the report fills the season's fixture. Another
    season's test passes its coaches, its scores and its ruleset."""
    home_score, away_score = (score_of or score)(fixture["home"], fixture["away"], playoff)
    report = {
        "format_version": 1,
        "report_id": "fixture-" + fixture["url"].strip("/").split("/")[-1],
        "league": league_slug,
        "ruleset": ruleset,
        "home": fixture["home"],
        "away": fixture["away"],
        "prematch": {"weather": [3, 4]},
        "result": {"home_score": home_score, "away_score": away_score},
        "players": {"home": scorers(home_score), "away": scorers(away_score)},
    }
    s.log_in(coaches[fixture["home"]])
    s.go("/matches/import/")
    s.page.set_input_files(
        'input[type="file"]',
        files=[{"name": "report.json", "mimeType": "application/json", "buffer": json.dumps(report).encode()}],
    )
    s.submit('form[enctype="multipart/form-data"] button[type="submit"]', s.url + fixture["url"])


def confirm_result(s: Session, fixture: dict, playoff: bool, *, coaches=COACHES, score_of=None) -> None:
    """The away coach checks the result on the confirm page and confirms it; the post-match sequence
    runs in-process before the match page comes back."""
    s.log_in(coaches[fixture["away"]])
    s.go(fixture["url"] + "confirm/")
    home_score, away_score = (score_of or score)(fixture["home"], fixture["away"], playoff)
    assert text(s.page.locator("#score")) == f"{fixture['home']} {home_score} – {away_score} {fixture['away']}"
    s.submit("#confirm-form button[type=submit]", s.url + fixture["url"])
    s.page.wait_for_selector('#postgame[data-status="processed"]')


def play_on_the_sheet(s: Session, fixture: dict) -> None:
    """One fixture played through the pages: petty cash declared by each coach (equal team values:
    home first), the pre-match recorded, the result entered on the sheet by the home coach."""
    from teams.models import Team

    home, away = fixture["home"], fixture["away"]
    match_url = s.url + fixture["url"]
    s.log_in(COACHES[home])
    s.go(fixture["url"])
    s.page.locator(f'#match-actions a[href="{fixture["url"]}prematch/"]').click()
    s.page.wait_for_url(match_url + "prematch/")
    s.page.locator('#petty-cash-home input[name="amount"]').fill("0")
    s.submit('button[form="petty-cash-form-home"]', match_url + "prematch/")
    s.log_in(COACHES[away])
    s.go(fixture["url"] + "prematch/")
    s.page.locator('#petty-cash-away input[name="amount"]').fill("0")
    s.submit('button[form="petty-cash-form-away"]', match_url + "prematch/")
    s.submit("#prematch-form button.btn-lg[type=submit]", match_url)

    s.log_in(COACHES[home])
    s.go(fixture["url"])
    s.page.locator(f'#match-actions a[href="{fixture["url"]}result/"]').click()
    s.page.wait_for_url(match_url + "result/")
    home_score, away_score = score(home, away, playoff=False)
    s.page.fill('input[name="home_score"]', str(home_score))
    s.page.fill('input[name="away_score"]', str(away_score))
    for name, scored in ((home, home_score), (away, away_score)):
        for number in range(1, scored + 1):
            player = Team.objects.get(name=name).players.get(number=number)
            add_event(s.page, player.pk)
            s.page.fill(f'input[name="p{player.pk}_td"]', "1")
    s.submit('button[name="action"][value="submit"]', match_url)


def play_all(s: Session, league_slug: str, fixtures: list[dict], playoff: bool, **scenario) -> None:
    """Every unplayed fixture: the home coaches upload their reports (one log-in each), then the away
    coaches confirm, round by round (the order in which the post-match sequences run). `scenario`:
    another season's coaches, score_of and ruleset (import_result)."""
    coaches = scenario.get("coaches", COACHES)
    waiting = [f for f in fixtures if not f["played"]]
    for coach in dict.fromkeys(coaches[f["home"]] for f in waiting):
        for fixture in waiting:
            if coaches[fixture["home"]] == coach:
                import_result(s, league_slug, fixture, playoff, **scenario)
    confirming = {k: v for k, v in scenario.items() if k != "ruleset"}
    for fixture in sorted(waiting, key=lambda f: f["round"]):
        confirm_result(s, fixture, playoff, **confirming)


def standings_shown(s: Session) -> list[tuple]:
    """The standings table as (position, team, played, won, drawn, lost, TD for, TD against, points)."""
    rows = s.page.locator("#standings tbody tr")
    shown = []
    for i in range(rows.count()):
        cells = [text(td) for td in rows.nth(i).locator("td").all()]
        team = text(rows.nth(i).locator("td").nth(1).locator("a"))
        won, drawn, lost = (int(n) for n in cells[4].split("-"))
        shown.append((cells[0], team, int(cells[3]), won, drawn, lost, int(cells[5]), int(cells[6]), int(cells[2])))
    return shown


# One language per journey (French here; the PBBL season runs in English): each page of it is also
# read in both languages by tests/web/test_french_pages.py and tests/browser/test_accessibility.py.
@pytest.mark.parametrize("lang", ["fr"])
def test_a_season_from_registration_to_the_final(lang, page, live_server, artifacts_dir, django_user_model):
    from league.competitions.seasons.models import Round

    words = WORDS[lang]
    started = time.monotonic()
    page.set_viewport_size(PHONE)
    s = Session(page, live_server)
    django_user_model.objects.create_user(username="boss", password="pw-boss-1988")
    s.log_in("boss")
    if lang == "fr":
        set_french(s)

    # 1. The commissioner creates the league.
    s.go("/leagues/new/")
    s.page.fill('input[name="name"]', "Reikland Cup")
    s.page.select_option('select[name="ruleset"]', "lrb6")
    s.submit("#league-new-form button[type=submit]")
    slug = s.page.url.rstrip("/").split("/")[-1]
    assert s.page.url == f"{s.url}/leagues/{slug}/"

    # 2. Points 5/3/1; tie-breakers: points, head-to-head, touchdown difference (and nothing else).
    s.go(f"/leagues/{slug}/settings/standings/")
    s.page.check('input[name="preset"][value="w5d3l1"]')
    chosen = ["points", "head_to_head", "td_diff"]
    for slot in range(1, 10):
        s.page.select_option(f'select[name="tie_breaker_{slot}"]', chosen[slot - 1] if slot <= len(chosen) else "")
    s.submit("#standings-settings-form button[type=submit]")
    assert [li.get_attribute("data-key") for li in s.page.locator("#tie-breakers li").all()] == chosen
    assert "5" in text(s.page.locator("#standings-rules ul li").first)

    # 3. Five coaches with ready teams; a season, its registration, five teams entered, the regular
    # season started (after its confirmation step), a single round robin generated.
    make_coaches_and_teams(slug, django_user_model)
    s.go(f"/leagues/{slug}/seasons/new/")
    s.page.fill('input[name="name"]', "2527")
    s.submit("main form button[type=submit]")
    season_url = s.page.url
    assert re.fullmatch(rf"{re.escape(s.url)}/leagues/{slug}/seasons/\d+/", season_url), season_url
    season_path = season_url.removeprefix(s.url)
    s.submit('#season-steps form:has(input[value="registration"]) button', season_url)
    for team in COACHES:  # every team ticked, entered with one click
        s.page.locator("#enter-teams").get_by_label(team, exact=True).check()
    s.submit("#season-enter-form button[type=submit]", season_url)
    assert sorted(text(a) for a in s.page.locator("#season-teams li a").all()) == sorted(COACHES)
    s.submit('#season-steps form:has(input[value="regular"]) button')
    s.submit("#season-confirm-form button[type=submit]", season_url)
    s.go(season_path + "fixtures/")
    s.page.select_option('#generate-form select[name="legs"]', "1")
    s.submit("#generate-form button[type=submit]")
    # The five rounds dated at once: a round a week from Monday 4 January 2027, six days to play each.
    form = s.page.locator("#dates-bulk-form")
    assert form.locator('input[name="first_round"]').input_value() == "1"
    assert form.locator('input[name="last_round"]').input_value() == "5"
    form.locator('input[name="starts_on"]').fill("2027-01-04")
    form.locator('input[name="every_days"]').fill("7")
    form.locator('input[name="deadline_days"]').fill("6")
    s.submit("#dates-bulk-form button[type=submit]")
    s.go(season_path)
    fixtures = season_fixtures(s)
    assert s.page.locator("#season-rounds .round").count() == 5
    assert [r.starts_on for r in Round.objects.order_by("number")] == [date(2027, 1, 4 + 7 * k) for k in range(4)] + [
        date(2027, 2, 1)
    ]
    assert all(r.deadline == r.starts_on + timedelta(days=6) for r in Round.objects.all())
    assert len(fixtures) == 10
    assert {frozenset({f["home"], f["away"]}) for f in fixtures} == set(RESULTS)  # each pair meets once
    byes = [text(b) for b in s.page.locator("#season-rounds .bye").all()]
    assert sorted(byes) == sorted(words["bye"].format(team=team) for team in COACHES)  # one bye each
    for card in s.page.locator("#season-rounds .round").all():
        assert card.locator(".bye").count() == 1 and card.locator(".fixture").count() == 2
    page.screenshot(path=str(artifacts_dir / f"season-{lang}-01-fixtures-phone.png"), full_page=True)

    # 4. The results: the first fixture on the result sheet, the other nine imported by the home
    # coaches and confirmed by the away coaches.
    first = fixtures[0]
    play_on_the_sheet(s, first)
    confirm_result(s, first, playoff=False)
    first["played"] = True
    play_all(s, slug, fixtures, playoff=False)

    # 5. The standings equal the table worked out by hand.
    s.log_in("boss")
    s.go(season_path + "standings/")
    assert words["standings"] in text(s.page.locator("h1"))
    rows = s.page.locator("#standings tbody tr")
    assert standings_shown(s) == EXPECTED_TABLE
    assert words["head_to_head"] in text(rows.nth(0))  # Altdorf above Bögen on head-to-head
    assert words["td_diff"] in text(rows.nth(2))  # Delberz above Carroburg on touchdown difference
    assert s.page.locator("#standings .badge").count() == 0  # no tie left
    page.screenshot(path=str(artifacts_dir / f"season-{lang}-02-standings-phone.png"), full_page=True)

    # 6. The play-offs: the top four, semi-finals drawn at random; then the final, and the winner.
    s.go(season_path + "playoffs/")
    s.page.fill('#bracket-form input[name="size"]', "4")
    s.page.select_option('#bracket-form select[name="qualification"]', "standings")
    s.page.select_option('#bracket-form select[name="seeding"]', "draw")
    s.submit('#bracket-form button[value="preview"]')
    top_four = [row[1] for row in EXPECTED_TABLE[:4]]
    assert [text(li) for li in s.page.locator("#bracket-preview li").all()] == top_four
    s.submit('#bracket-form button[value="confirm"]', s.url + season_path + "playoffs/")
    assert s.page.locator("#draw-roll").count() == 1
    semis = s.page.locator("section", has=s.page.get_by_role("heading", name=words["semi_finals"]))
    assert semis.locator(".card").count() == 2 and semis.locator("a").count() == 2
    in_semis = [re.sub(r"^\d+\s*", "", text(slot)) for slot in semis.locator(".list-group-item").all()]
    assert sorted(in_semis) == sorted(top_four)
    s.go(season_path)
    semi_finals = [f for f in season_fixtures(s) if not f["played"]]
    assert len(semi_finals) == 2
    # The play-off round is named; the final, without its teams yet, is not shown as a round.
    headings = [text(h) for h in s.page.locator("#season-rounds .round .card-header strong").all()]
    assert headings[-1] == words["semi_finals"] and len(headings) == 6 and words["final"] not in headings
    assert sorted(t for f in semi_finals for t in (f["home"], f["away"])) == sorted(top_four)
    play_all(s, slug, semi_finals, playoff=True)

    s.go(season_path)
    finals = [f for f in season_fixtures(s) if not f["played"]]
    assert len(finals) == 1  # the final appeared by itself
    assert text(s.page.locator("#season-rounds .round .card-header strong").last) == words["final"]
    final = finals[0]
    expected_finalists = {min(f["home"], f["away"], key=RANK.get) for f in semi_finals}
    assert {final["home"], final["away"]} == expected_finalists
    play_all(s, slug, finals, playoff=True)

    s.go(season_path)
    assert text(s.page.locator("#season-status")) == words["closed"]
    assert text(s.page.locator("#season-winner")) == words["winner"].format(team=A)
    page.screenshot(path=str(artifacts_dir / f"season-{lang}-03-closed-phone.png"), full_page=True)
    s.go(season_path + "playoffs/")
    assert text(s.page.locator("#champion")) == words["champion"].format(team=A)
    final_card = s.page.locator("section", has=s.page.get_by_role("heading", name=words["final"], exact=True))
    assert re.sub(r"^\d+\s*", "", text(final_card.locator(".list-group-item-success"))).startswith(A + " ")
    page.screenshot(path=str(artifacts_dir / f"season-{lang}-04-bracket-phone.png"), full_page=True)
    print(f"\nseason test ({lang}): {time.monotonic() - started:.1f}s")
