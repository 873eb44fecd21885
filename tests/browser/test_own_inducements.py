"""A season's match where each coach chooses his own inducements on his own phone, in Chromium, in
English and in French: two browser contexts (390 x 844), each logged in as its coach, follow the
to-do on the home page through the pre-match in the ruleset's order (LRB6 p.28):

- Gouged Eye (Orcs, 580,000 with fan factor 3) declares its petty cash first (the higher team
  value): 100,000. The Reavers (Humans, 550,000) then declare none.
- Match values 680,000 against 550,000: the Orcs are the stronger and buy first, with their petty
  cash only: a bribe (100,000). The Reavers, the underdog, get 130,000 of inducement money and buy
  two Bloodweiser Babes (100,000), seeing the Orcs' bribe.
- Either coach then records the weather and the pre-match.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.test_season import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": {"petty": "Declare your petty cash", "induce": "Choose your inducements", "done": "Pre-match done"},
    "fr": {
        "petty": "Déclarer votre porte-monnaie",
        "induce": "Choisir vos primes de match",
        "done": "Avant-match effectué",
    },
}


def text(locator) -> str:
    return re.sub(r"\s+", " ", locator.inner_text().replace("\u00a0", " ").replace("\u202f", " ")).strip()


def build_season(django_user_model):
    """A season of the league, two teams entered, its fixture generated: the Reavers against Gouged Eye."""
    from league.competitions.seasons.fixtures import fixtures_generate
    from league.competitions.seasons.models import Season
    from league.competitions.seasons.services import entry_add, season_advance, season_create

    from matches.models import Match
    from tests.browser.rosters import humans_and_orcs

    boss, league, humans, orcs = humans_and_orcs(django_user_model, league_name="Phone League")
    season = season_create(league=league, name="2026", by=boss)
    season_advance(season=season, to=Season.Status.REGISTRATION, by=boss)
    for team in (humans, orcs):
        entry_add(season=season, team=team, by=boss)
    season_advance(season=season, to=Season.Status.REGULAR, by=boss)
    fixtures_generate(season=season, by=boss, seed=1)
    return Match.objects.select_related("home", "away").get(season=season)


def phone(browser, live_server, username: str, lang: str):
    """A coach's own phone: its own browser context, in his language, logged in."""
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page = context.new_page()
    page.goto(live_server.url + "/accounts/login/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', f"pw-{username}-1988")
    page.locator('input[name="password"]').press("Enter")
    page.wait_for_url(live_server.url + "/")
    return page


def follow_the_to_do(page, live_server, label: str, prematch_url: str) -> None:
    """From the home page's list of what is waiting, to the pre-match page."""
    page.goto(live_server.url + "/")
    link = page.locator("#waiting a.btn", has_text=label)
    assert link.count() == 1, text(page.locator("#waiting"))
    link.click()
    page.wait_for_url(prematch_url)


def nothing_waiting(page, live_server) -> bool:
    page.goto(live_server.url + "/")
    return page.locator("#waiting a.btn").count() == 0


def submit(page, selector: str, url: str) -> None:
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator(selector).click()
    page.wait_for_url(url)
    assert page.locator(".alert-danger").count() == 0, text(page.locator(".alert-danger").first)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_coach_chooses_his_own_inducements_on_his_phone(
    lang, browser, live_server, artifacts_dir, django_user_model
):
    from matches.models import Match, MatchInducement

    words = WORDS[lang]
    match = build_season(django_user_model)
    assert (match.home.name, match.away.name) in (("Reavers", "Gouged Eye"), ("Gouged Eye", "Reavers"))
    orcs_side = "away" if match.away.name == "Gouged Eye" else "home"
    humans_side = "home" if orcs_side == "away" else "away"
    prematch_url = live_server.url + f"/matches/{match.pk}/prematch/"
    alice, bob = phone(browser, live_server, "alice", lang), phone(browser, live_server, "bob", lang)

    # 1. Petty cash: the Orcs first; nothing waits for the Reavers' coach yet.
    assert nothing_waiting(alice, live_server)
    follow_the_to_do(bob, live_server, words["petty"], prematch_url)
    bob.locator(f'#petty-cash-{orcs_side} input[name="amount"]').fill("100000")
    submit(bob, f'button[form="petty-cash-form-{orcs_side}"]', prematch_url)
    follow_the_to_do(alice, live_server, words["petty"], prematch_url)
    alice.locator(f'#petty-cash-{humans_side} input[name="amount"]').fill("0")
    submit(alice, f'button[form="petty-cash-form-{humans_side}"]', prematch_url)

    # 2. The Orcs, now the stronger, choose first: the Reavers' coach sees no form, only who is awaited.
    assert alice.locator("#inducements-form").count() == 0
    assert "Gouged Eye" in text(alice.locator("#prematch-awaited"))
    follow_the_to_do(bob, live_server, words["induce"], prematch_url)
    assert bob.locator(f'#inducements-form input[name="{humans_side}_item_bribes"]').count() == 0
    bob.fill(f'input[name="{orcs_side}_item_bribes"]', "1")
    bob.wait_for_function(f"document.querySelector('#left-{orcs_side}').innerText.trim() === '0'")
    bob.screenshot(path=str(artifacts_dir / f"own-inducements-{lang}-1-orcs-choose.png"), full_page=True)
    submit(bob, "#choose-inducements", prematch_url)
    assert bob.locator("#inducements-form").count() == 0

    # 3. The Reavers' coach sees the Orcs' bribe, then spends his inducement money.
    follow_the_to_do(alice, live_server, words["induce"], prematch_url)
    assert "100,000" in text(alice.locator(f"#inducements-chosen-{orcs_side}")).replace(" ", ",")
    assert text(alice.locator(f"#budget-{humans_side}")).replace(" ", ",") == "130,000"
    alice.fill(f'input[name="{humans_side}_item_bloodweiser_babes"]', "2")
    alice.wait_for_function(f"document.querySelector('#left-{humans_side}').innerText.trim().endsWith('000')")
    alice.screenshot(path=str(artifacts_dir / f"own-inducements-{lang}-2-reavers-choose.png"), full_page=True)
    submit(alice, "#choose-inducements", prematch_url)

    # 4. Both coaches see both choices; either records the weather and the pre-match.
    bob.goto(prematch_url)
    assert bob.locator(f"#inducements-chosen-{humans_side} li").count() == 1
    assert bob.locator(f"#inducements-chosen-{orcs_side} li").count() == 1
    bob.screenshot(path=str(artifacts_dir / f"own-inducements-{lang}-3-both-chosen.png"), full_page=True)
    match_url = live_server.url + match.get_absolute_url()
    submit(bob, "#prematch-form button[type=submit]", match_url)
    assert text(bob.locator("#match-status")) == words["done"]
    bought = sorted(MatchInducement.objects.filter(match=match).values_list("side", "key"))
    assert bought == sorted(
        [(orcs_side, "bribes"), (humans_side, "bloodweiser_babes"), (humans_side, "bloodweiser_babes")]
    )
    assert Match.objects.get(pk=match.pk).status == Match.Status.PREMATCH_DONE
    alice.context.close()
    bob.context.close()
