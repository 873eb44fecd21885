"""The Blood Bowl in Chromium: a Blood Bowl final is played,
the winner holds the trophy, its team value includes the trophy re-roll, its next match's winnings
include the +20,000 and every finalist player has the extra MVP; at the next edition the trophy
passes to the new winner and the re-roll leaves the old holder's team value.

The league, its coaches and teams and each season's regular season (one match, already processed)
are set up by services; everything after goes through the pages: the commissioner chooses the
trophy of each season's final on the trophies page and creates the play-offs (a bracket of two:
the final), the home coach imports the match report (every post-match die entered), the away coach
confirms it, and the numbers are read on the roll of honour and the team pages. In English and in
French (the pages' words in WORDS; the numbers are read digits only).

Every team: 11 Human linemen (50,000 each), no re-roll, fan factor 0 (LRB6: not free, 10,000 a
point), so a team value of 11 x 50,000 = 550,000 before any match. The human re-roll: 50,000.

Season 1, the final Altdorf 2-1 Bögen (Bögen's #11 misses it: an earlier injury):
    SPP: the extra MVP of the Blood Bowl final (5) for every player who could play, the drawn MVP
    (5: Altdorf #5, Bögen #7: the 7th of Bögen's ten candidates, #1-#10) and 3 per touchdown
    (Altdorf #1 and #2, Bögen #1):
        Altdorf #1, #2: 5 + 3 = 8; #5: 5 + 5 = 10; the eight others: 5.
        Bögen #1: 5 + 3 = 8; #7: 5 + 5 = 10; #2-#6, #8-#10: 5; #11 (missed the final): 0.
    Fan factor: Altdorf wins, 3D6 = 1+1+1 = 3 > 0 -> 1; Bögen loses, 2D6 = 1+1 = 2, not < 0 -> 0.
    Winnings (the final's are doubled; Altdorf is not the holder yet): Altdorf (3 + 0 FAME) x 10,000
    + 10,000 for the win = 40,000, x 2 = 80,000.
    Team values: Altdorf 550,000 + 1 trophy re-roll x 50,000 + FF 1 x 10,000 = 610,000;
    Bögen 11 x 50,000 (#11 plays again) + FF 0 = 550,000.

Altdorf's next match, a friendly Altdorf 1-0 Carroburg (touchdown Altdorf #3; MVPs Altdorf #3, Carroburg #1):
    Winnings: Altdorf (4 + 0 FAME) x 10,000 + 10,000 for the win + 20,000 for the Blood Bowl
    = 70,000; Carroburg (2 + 0) x 10,000 = 20,000 (no bonus: not the holder).
    Fan factor: Altdorf 3D6 = 3 > 1 -> 2; Carroburg 2D6 = 2, not < 0 -> 0.
    Altdorf's team value: 550,000 + 50,000 (trophy re-roll) + 2 x 10,000 = 620,000.

Season 2, the final Carroburg 1-0 Delberz (touchdown Carroburg #1; MVPs Carroburg #4, Delberz #2):
    Carroburg FF 3D6 = 3 > 0 -> 1: team value 550,000 + 50,000 (trophy re-roll) + 10,000 = 610,000.
    Altdorf, the old holder, loses the re-roll: 550,000 + FF 2 x 10,000 = 570,000 (620,000 - 50,000).
    Carroburg SPP: #1: 5 (the friendly's MVP) + 3 + 5 = 13; #4: 5 + 5 = 10; the nine others: 5.
    Delberz SPP: #1 and #3-#11 (the extra MVP) 5; #2: 5 + 5 = 10.
    Altdorf's next match, Altdorf 1-0 Eicheschatten: (4 + 0) x 10,000 + 10,000 = 50,000, no bonus.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from tests.browser.test_season import COACHES, A, B, C, D, E, Session, make_coaches_and_teams, season_fixtures, text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BLOOD_BOWL = "Blood Bowl"  # its name in French too
# What the pages say, after text() (non-breaking spaces read as spaces).
WORDS = {
    "en": {
        "chosen": "{season}: its final awards {trophy}",
        "bonus": "+20,000 winnings every match",
        "extra_mvp": "An extra MVP award for every player of both finalists",
        "winner": "Winner: {team}",
        "edition": "edition {n}",
        "held": "held",
        "winnings": "Winnings · Match {pk}",
        "trophy_reroll": "+ 1 trophy re-roll while held",
    },
    "fr": {
        "chosen": "{season} : sa finale remet {trophy}",
        "bonus": "+20 000 de gains à chaque match",
        "extra_mvp": "Un titre de JPV en plus pour chaque joueur des deux finalistes",
        "winner": "Vainqueur : {team}",
        "edition": "édition {n}",
        "held": "détenu",
        "winnings": "Gains · Match {pk}",
        "trophy_reroll": "+ 1 relance de trophée tant qu'il est détenu",
    },
}


def money(locator) -> int:
    return int(re.sub(r"[^\d-]", "", text(locator)))


def regular_season(league, number: int, winner, loser, commissioner):
    """A season in its regular season with its one match already processed: `winner` 2-0 `loser`
    (no post-match sequence: no SPP, gold or fan factor), so the table is winner first, no tie."""
    from django.utils import timezone
    from league.competitions.seasons.models import Round, Season, SeasonTeam

    from matches.models import Match
    from matches.services.common import match_ruleset

    season = Season.objects.create(league=league, number=number, name=f"Season {number}", status=Season.Status.REGULAR)
    for team in (winner, loser):
        SeasonTeam.objects.create(season=season, team=team, status=SeasonTeam.Status.APPROVED, requested_by=team.coach)
    now = timezone.now()
    match = Match(
        league=league,
        home=winner,
        away=loser,
        scheduled_by=commissioner,
        season=season,
        round=Round.objects.create(season=season, number=1),
        status=Match.Status.PROCESSED,
        home_score=2,
        away_score=0,
        confirmed_at=now,
        processed_at=now,
        sequence=f"{number:04d}{0:06d}",
    )
    ruleset = match_ruleset(match)
    match.ruleset, match.ruleset_version = ruleset.key, ruleset.version
    match.save()
    return season


def report(slug: str, report_id: str, home: str, away: str, sides: dict[str, dict]) -> dict:
    """A match report with every post-match die entered. `sides[team]`: its score, its scorers'
    numbers, its MVP die, winnings die and fan factor dice."""
    doc = {
        "format_version": 1,
        "report_id": report_id,
        "league": slug,
        "ruleset": "lrb6",
        "home": home,
        "away": away,
        "prematch": {"weather": [3, 4]},
        "result": {"home_fame": 0, "away_fame": 0},
        "players": {},
        "dice": {},
    }
    for side, team in (("home", home), ("away", away)):
        mine = sides[team]
        doc["result"][f"{side}_score"] = len(mine["scorers"])
        doc["players"][side] = [{"number": n, "touchdowns": 1} for n in mine["scorers"]]
        doc["dice"] |= {
            f"mvp:{side}:1": [mine["mvp"]],
            f"winnings:{side}": [mine["winnings"]],
            f"ff:{side}": mine["ff"],
        }
    return doc


def upload(s: Session, doc: dict, url) -> str:
    """The home coach uploads the report on the import page; answers the match page's path."""
    s.log_in(COACHES[doc["home"]])
    s.go("/matches/import/")
    s.page.set_input_files(
        'input[type="file"]',
        files=[{"name": "report.json", "mimeType": "application/json", "buffer": json.dumps(doc).encode()}],
    )
    s.submit('form[enctype="multipart/form-data"] button[type="submit"]', url)
    return s.page.url.removeprefix(s.url)


def confirm(s: Session, doc: dict, path: str) -> None:
    """The away coach confirms the result; the post-match sequence runs before the page comes back."""
    s.log_in(COACHES[doc["away"]])
    s.go(path + "confirm/")
    score = f"{doc['home']} {doc['result']['home_score']} – {doc['result']['away_score']} {doc['away']}"
    assert text(s.page.locator("#score")) == score
    s.submit("#confirm-form button[type=submit]", s.url + path)
    s.page.wait_for_selector('#postgame[data-status="processed"]')


def choose_blood_bowl(s: Session, words: dict, slug: str, season_name: str) -> None:
    s.log_in("boss")
    s.go(f"/leagues/{slug}/trophies/")
    s.page.select_option('#choose-form select[name="choose-season"]', label=season_name)
    s.page.select_option('#choose-form select[name="choose-trophy"]', label=BLOOD_BOWL)
    s.submit("#choose-form button[type=submit]", f"{s.url}/leagues/{slug}/trophies/")
    chosen = [text(li) for li in s.page.locator("#season-trophies li").all()]
    assert words["chosen"].format(season=season_name, trophy=BLOOD_BOWL) in chosen


def play_the_final(
    s: Session, words: dict, slug: str, number: int, winner: str, loser: str, sides: dict[str, dict]
) -> str:
    """The commissioner creates a bracket of two (the final) by the standings; the final is imported
    and confirmed. Answers the final's path."""
    season_path = f"/leagues/{slug}/seasons/{number}/"
    s.log_in("boss")
    s.go(season_path + "playoffs/")
    s.page.fill('#bracket-form input[name="size"]', "2")
    s.page.select_option('#bracket-form select[name="qualification"]', "standings")
    s.page.select_option('#bracket-form select[name="seeding"]', "standings")
    s.submit('#bracket-form button[value="preview"]')
    assert [text(li) for li in s.page.locator("#bracket-preview li").all()] == [winner, loser]
    s.submit('#bracket-form button[value="confirm"]', s.url + season_path + "playoffs/")
    s.go(season_path)
    (final,) = [f for f in season_fixtures(s) if not f["played"]]
    assert {final["home"], final["away"]} == {winner, loser}
    doc = report(slug, f"final-{number}", final["home"], final["away"], sides)
    assert upload(s, doc, s.url + final["url"]) == final["url"]
    confirm(s, doc, final["url"])
    s.go(season_path)
    assert text(s.page.locator("#season-winner")) == words["winner"].format(team=winner)
    return final["url"]


def blood_bowl_card(s: Session, slug: str):
    s.go(f"/leagues/{slug}/trophies/")
    return s.page.locator("#roll-of-honour section", has=s.page.get_by_role("heading", name=BLOOD_BOWL))


def editions(card) -> list[tuple[str, ...]]:
    return [tuple(text(td) for td in row.locator("td").all()) for row in card.locator("tbody tr").all()]


def team_page(s: Session, name: str) -> None:
    """A team's page (its address read from the database: the roll of honour links only the holders)."""
    from teams.models import Team

    s.go(Team.objects.get(name=name).get_absolute_url())
    assert text(s.page.locator("h1")) == name


def roster_spp(s: Session) -> dict[int, int]:
    rows = s.page.locator("#roster tbody tr").all()
    return {int(text(r.locator(".roster-number"))): int(text(r.locator(".roster-spp"))) for r in rows}


def winnings(s: Session, words: dict, match_path: str) -> int:
    """The team's ledger entry of that match's winnings."""
    label = words["winnings"].format(pk=match_path.strip("/").split("/")[-1])
    rows = [row for row in s.page.locator("#ledger tbody tr").all() if text(row.locator("td").nth(1)) == label]
    assert len(rows) == 1, [text(row) for row in s.page.locator("#ledger tbody tr", has_text="Match").all()]
    return money(rows[0].locator("td.money"))


def cabinet(s: Session) -> list[str]:
    return [text(li) for li in s.page.locator("#trophy-cabinet li.trophy-award").all()]


def award_badge(words: dict, edition: int, season: str, held: bool) -> str:
    badge = f"{BLOOD_BOWL} · {words['edition'].format(n=edition)} ({season})"
    return badge + f" · {words['held']}" if held else badge


# One language per journey (French here; the PBBL season runs in English): each page of it is also
# read in both languages by tests/web/test_french_pages.py.
@pytest.mark.parametrize("lang", ["fr"])
def test_the_blood_bowl_final_and_its_next_edition(lang, page, live_server, artifacts_dir, django_user_model):
    from django.db import transaction
    from league.core.models import League
    from league.core.services import league_create

    from teams.models import Player, Team
    from teams.services.common import lock_team, team_refresh_value

    words = WORDS[lang]
    started = time.monotonic()
    s = Session(page, live_server)
    boss = django_user_model.objects.create_user(username="boss", password="pw-boss-1988")
    slug = league_create(name="Reikland Cup", ruleset="lrb6", commissioner=boss).slug
    make_coaches_and_teams(slug, django_user_model)
    league = League.objects.get(slug=slug)
    teams = {t.name: t for t in Team.objects.filter(league=league)}
    season_1 = regular_season(league, 1, teams[A], teams[B], boss)
    # Bögen's #11 misses the final (an earlier injury): he cannot play it, so no extra MVP.
    Player.objects.filter(team=teams[B], number=11).update(miss_next_game=True)
    with transaction.atomic():  # the lock needs one (PostgreSQL; SQLite ignores it)
        team_refresh_value(team=lock_team(teams[B]))

    # 1. The commissioner: this season's final awards the Blood Bowl (its holder's benefits listed).
    s.log_in("boss")
    if lang == "fr":  # the navigation bar's language menu; the cookie stays for every user after
        s.page.select_option("#language-select", "fr")
        with s.page.expect_navigation(wait_until="domcontentloaded"):
            s.page.locator("#language-submit").click()  # the menu leaves the page only by its button
        assert s.page.locator("html").get_attribute("lang") == "fr"
    choose_blood_bowl(s, words, slug, season_1.name)
    card = blood_bowl_card(s, slug)
    benefits = [text(li) for li in card.locator("ul li").all()]
    assert words["bonus"] in benefits and words["extra_mvp"] in benefits

    # 2. The play-offs: a bracket of two, Altdorf 2-1 Bögen in the final (see the docstring).
    sides = {
        A: {"scorers": [1, 2], "mvp": 5, "winnings": 3, "ff": [1, 1, 1]},
        B: {"scorers": [1], "mvp": 7, "winnings": 2, "ff": [1, 1]},
    }
    final_1 = play_the_final(s, words, slug, 1, A, B, sides)

    # 3. The roll of honour names Altdorf as the holder; its page shows the trophy and its re-roll.
    card = blood_bowl_card(s, slug)
    assert text(card.locator(".trophy-holder")) == A
    assert editions(card) == [("1", A, B, season_1.name)]
    page.screenshot(path=str(artifacts_dir / f"trophy-{lang}-01-roll-of-honour.png"), full_page=True)
    with s.page.expect_navigation(wait_until="domcontentloaded"):
        card.locator(".trophy-holder").click()
    assert text(s.page.locator("h1")) == A
    assert cabinet(s) == [award_badge(words, 1, season_1.name, held=True)]
    assert money(s.page.locator("#team-value")) == 610_000  # 11 x 50,000 + 1 trophy re-roll x 50,000 + FF 1 x 10,000
    assert text(s.page.locator("#team-fan-factor")) == "1"
    assert text(s.page.locator("#trophy-rerolls")) == words["trophy_reroll"]  # beside the 0 bought
    assert winnings(s, words, final_1) == 80_000  # ((3 + 0) x 10,000 + 10,000) x 2: not the holder yet
    assert roster_spp(s) == {n: {1: 8, 2: 8, 5: 10}.get(n, 5) for n in range(1, 12)}
    page.screenshot(path=str(artifacts_dir / f"trophy-{lang}-02-holder-team-page.png"), full_page=True)
    team_page(s, B)
    assert not cabinet(s)  # the runner-up has no trophy
    assert money(s.page.locator("#team-value")) == 550_000  # 11 x 50,000 + FF 0: no re-roll
    assert roster_spp(s) == {n: {1: 8, 7: 10, 11: 0}.get(n, 5) for n in range(1, 12)}

    # 4. The holder's next match, a friendly: Altdorf 1-0 Carroburg, imported and confirmed.
    doc = report(
        slug,
        "friendly-1",
        A,
        C,
        {
            A: {"scorers": [3], "mvp": 3, "winnings": 4, "ff": [1, 1, 1]},
            C: {"scorers": [], "mvp": 1, "winnings": 2, "ff": [1, 1]},
        },
    )
    friendly = upload(s, doc, re.compile(re.escape(s.url) + r"/matches/\d+/$"))
    confirm(s, doc, friendly)
    team_page(s, A)
    assert winnings(s, words, friendly) == 70_000  # (4 + 0) x 10,000 + 10,000 (win) + 20,000 (Blood Bowl)
    assert money(s.page.locator("#team-value")) == 620_000  # 550,000 + 50,000 (trophy re-roll) + FF 2 x 10,000
    team_page(s, C)
    assert winnings(s, words, friendly) == 20_000  # (2 + 0) x 10,000: not the holder, no bonus

    # 5. The next edition: season 2's final (the Blood Bowl again), Carroburg 1-0 Delberz.
    season_2 = regular_season(league, 2, teams[C], teams[D], boss)
    choose_blood_bowl(s, words, slug, season_2.name)
    sides = {
        C: {"scorers": [1], "mvp": 4, "winnings": 3, "ff": [1, 1, 1]},
        D: {"scorers": [], "mvp": 2, "winnings": 2, "ff": [1, 1]},
    }
    play_the_final(s, words, slug, 2, C, D, sides)

    card = blood_bowl_card(s, slug)
    assert text(card.locator(".trophy-holder")) == C
    assert editions(card) == [("2", C, D, season_2.name), ("1", A, B, season_1.name)]
    page.screenshot(path=str(artifacts_dir / f"trophy-{lang}-03-roll-of-honour-edition-2.png"), full_page=True)
    with s.page.expect_navigation(wait_until="domcontentloaded"):
        card.locator(".trophy-holder").click()
    assert text(s.page.locator("h1")) == C
    assert cabinet(s) == [award_badge(words, 2, season_2.name, held=True)]
    assert money(s.page.locator("#team-value")) == 610_000  # 11 x 50,000 + 1 trophy re-roll x 50,000 + FF 1 x 10,000
    assert roster_spp(s) == {n: {1: 13, 4: 10}.get(n, 5) for n in range(1, 12)}
    page.screenshot(path=str(artifacts_dir / f"trophy-{lang}-04-new-holder-team-page.png"), full_page=True)
    team_page(s, A)
    assert cabinet(s) == [award_badge(words, 1, season_1.name, held=False)]
    assert money(s.page.locator("#team-value")) == 570_000  # 11 x 50,000 + FF 2 x 10,000: the re-roll left
    assert s.page.locator("#trophy-rerolls").count() == 0
    # ...and its next match pays no bonus any more: Altdorf 1-0 Eicheschatten.
    doc = report(
        slug,
        "friendly-2",
        A,
        E,
        {
            A: {"scorers": [4], "mvp": 4, "winnings": 4, "ff": [1, 1, 1]},
            E: {"scorers": [], "mvp": 1, "winnings": 2, "ff": [1, 1]},
        },
    )
    friendly = upload(s, doc, re.compile(re.escape(s.url) + r"/matches/\d+/$"))
    confirm(s, doc, friendly)
    team_page(s, A)
    assert winnings(s, words, friendly) == 50_000  # (4 + 0) x 10,000 + 10,000 (win): no Blood Bowl bonus
    team_page(s, D)
    assert roster_spp(s) == {n: 10 if n == 2 else 5 for n in range(1, 12)}
    print(f"\ntrophy test ({lang}): {time.monotonic() - started:.1f}s")
