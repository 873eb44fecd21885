"""What the browser seasons of the rulesets built on LRB6 share (tests/browser/test_*_season.py):
a league created on its page with the ruleset chosen, a season registered and drawn on its pages,
results uploaded as match reports on the import page and confirmed by the other coach, and the
standings, treasuries and rosters read back from the pages."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from tests.browser.session import Session, text
from tests.browser.test_season import season_fixtures

Report = Callable[[dict], dict]


def create_league(s: Session, name: str, ruleset: str) -> str:
    """The commissioner creates the league on its page, choosing the ruleset; returns its slug."""
    s.go("/leagues/new/")
    s.page.fill('input[name="name"]', name)
    s.page.select_option('select[name="ruleset"]', ruleset)
    s.submit("#league-new-form button[type=submit]")
    return s.page.url.rstrip("/").split("/")[-1]


def join(slug: str, coaches: Mapping[str, str], django_user_model) -> dict[str, object]:
    """One account per coach, joined to the league; returns the users by team name."""
    from league.core.models import League
    from league.core.services import league_join

    league = League.objects.get(slug=slug)
    users = {}
    for team, username in coaches.items():
        users[team] = django_user_model.objects.create_user(username=username, password=f"pw-{username}-1988")
        league_join(league=league, user=users[team])
    return users


def start_season(s: Session, slug: str, teams: list[str]) -> tuple[str, list[dict]]:
    """Registration, every team entered, the regular season, a single round robin: (season path,
    fixtures as the season page lists them)."""
    s.go(f"/leagues/{slug}/seasons/new/")
    s.page.fill('input[name="name"]', "Season 1")
    s.submit("main form button[type=submit]")
    season_url = s.page.url
    season_path = season_url.removeprefix(s.url)
    s.submit('#season-steps form:has(input[value="registration"]) button', season_url)
    for team in teams:
        s.page.locator("#enter-teams").get_by_label(team, exact=True).check()
    s.submit("#season-enter-form button[type=submit]", season_url)
    s.submit('#season-steps form:has(input[value="regular"]) button')
    s.submit("#season-confirm-form button[type=submit]", season_url)
    s.go(season_path + "fixtures/")
    s.page.select_option('#generate-form select[name="legs"]', "1")
    s.submit("#generate-form button[type=submit]")
    s.go(season_path)
    return season_path, season_fixtures(s)


def play(s: Session, slug: str, ruleset: str, fixture: dict, coaches: Mapping[str, str], report: Report) -> None:
    """The home coach uploads the fixture's report (`report` fills in its ruleset's parts), the away
    coach confirms it on the confirm page; the post-match sequence runs before the page comes back."""
    data = {
        "format_version": 1,
        "report_id": "fixture-" + fixture["url"].strip("/").split("/")[-1],
        "league": slug,
        "ruleset": ruleset,
        "home": fixture["home"],
        "away": fixture["away"],
        **report(fixture),
    }
    s.log_in(coaches[fixture["home"]])
    s.go("/matches/import/")
    s.page.set_input_files(
        'input[type="file"]',
        files=[{"name": "report.json", "mimeType": "application/json", "buffer": json.dumps(data).encode()}],
    )
    s.submit('form[enctype="multipart/form-data"] button[type="submit"]', s.url + fixture["url"])
    s.log_in(coaches[fixture["away"]])
    s.go(fixture["url"] + "confirm/")
    s.submit("#confirm-form button[type=submit]", s.url + fixture["url"])
    s.page.wait_for_selector('#postgame[data-status="processed"]')
    fixture["played"] = True


def standings(s: Session, season_path: str) -> list[tuple]:
    """(position, team, played, won, drawn, lost, TD for, TD against, points) per row; a ruleset
    without draws shows W-L, read as no draw."""
    s.go(season_path + "standings/")
    rows = s.page.locator("#standings tbody tr")
    shown = []
    for i in range(rows.count()):
        cells = [text(td) for td in rows.nth(i).locator("td").all()]
        team = text(rows.nth(i).locator("td").nth(1).locator("a"))
        record = [int(n) for n in cells[4].split("-")]
        won, drawn, lost = record if len(record) == 3 else (record[0], 0, record[1])
        shown.append((cells[0], team, int(cells[3]), won, drawn, lost, int(cells[5]), int(cells[6]), int(cells[2])))
    return shown


def treasuries_match_ledgers(s: Session) -> None:
    """Every team's treasury is the sum of its ledger, and its page shows it."""
    from teams.models import Team
    from teams.selectors import ledger_balance

    for team in Team.objects.all():
        assert ledger_balance(team) == team.treasury, team.name
        s.go(f"/teams/{team.pk}/")
        shown = text(s.page.locator("#team-treasury")).replace(" ", "").replace(",", "").replace("\u202f", "")
        assert str(team.treasury) in shown, (team.name, shown)
