"""Special play cards from the pre-match to the roster, in Chromium on a phone, with a real Celery
worker running the post-match sequence (LRB6 p.34-42, spec §11):

- The league gives each coach 200,000 gp per match for cards (the rulebook's fourth way).
- Alice (the Reavers, Humans) enters the Miracle Worker she drew at the table from Good Karma
  (100,000), then lets the site draw her a Special Team Plays card (50,000). Bob (Gouged Eye, Orcs)
  lets the site draw him a Miscellaneous Mayhem card: none of those changes anything lasting.
- In the match H3 is killed (D6 6, D8 1: 61); Alice plays the Miracle Worker on him, and Bob plays
  his card. Bob sees Alice's card once played, never the one she kept.
- After Bob confirms, the worker's sequence leaves H3 on the roster, names the card on the outcome
  page, and the ledger holds the winnings and nothing for the cards (a budget of their own).
"""

from __future__ import annotations

import re

import pytest

from tests.browser.result_sheet import add_event
from tests.browser.test_match_entry import PHONE, gp, log_in, player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def text(locator) -> str:
    return re.sub(r"\s+", " ", locator.inner_text().replace("\u00a0", " ").replace("\u202f", " ")).strip()


def build_match(django_user_model):
    from league.core.models import HouseRule
    from league.core.services import league_create, league_join
    from matches.services import match_schedule
    from teams.services import PlayerOrder, team_create

    boss, alice, bob = (
        django_user_model.objects.create_user(username=n, password=f"pw-{n}-1988") for n in ("boss", "alice", "bob")
    )
    league = league_create(name="Card Table League", ruleset="lrb6", commissioner=boss)
    for coach in (alice, bob):
        league_join(league=league, user=coach)
    HouseRule.objects.create(league=league, key="cards.mode", value="budget")
    HouseRule.objects.create(league=league, key="cards.budget", value=200_000)
    humans = team_create(
        league=league,
        coach=alice,
        name="Reavers",
        race="human",
        players=[PlayerOrder("lineman", f"H{i}") for i in range(1, 12)],
    )
    orcs = team_create(
        league=league,
        coach=bob,
        name="Gouged Eye",
        race="orc",
        players=[PlayerOrder("lineman", f"O{i}") for i in range(1, 12)],
    )
    return boss, match_schedule(league=league, home=humans, away=orcs, by=boss), humans, orcs


def buy(page, side: str, deck: str, card: str = "") -> None:
    page.select_option(f"#card-deck-{side}", deck)
    page.select_option(f"#card-card-{side}", card)
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator(f"#card-buy-{side} button[type=submit]").click()
    assert page.locator(".alert-danger").count() == 0, text(page.locator(".alert-danger").first)


def play(page, side: str, card: str, player_id: int | None = None) -> None:
    item = page.locator(f"#card-play-{side}-{card}")
    if player_id is not None:
        item.locator("select").select_option(str(player_id))
    with page.expect_navigation(wait_until="domcontentloaded"):
        item.get_by_role("button", name="Mark as played").click()
    assert "The card is marked as played." in text(page.locator(".alert-success"))


def test_cards_bought_drawn_played_and_applied_by_the_worker(
    page, live_server, artifacts_dir, django_user_model, celery_worker
):
    from matches.card_models import MatchCard
    from matches.models import Match
    from matches.services import PrematchInput, prematch_record
    from teams.models import Player, TreasuryEntry
    from teams.selectors import ledger_balance

    boss, match, humans, orcs = build_match(django_user_model)
    h1, h3 = player(humans, 1), player(humans, 3)
    page.set_viewport_size(PHONE)
    prematch_url = live_server.url + f"/matches/{match.pk}/prematch/"
    match_url = live_server.url + match.get_absolute_url()

    # 1. Both coaches buy their cards on the pre-match page, each seeing his card before the next.
    log_in(page, live_server, "alice")
    page.goto(prematch_url)
    buy(page, "home", "good_karma", "miracle_worker")
    buy(page, "home", "special_team_plays")
    mine = text(page.locator("#cards-home"))
    assert "Miracle Worker" in mine and "Gold left for cards: 50,000 gp." in mine
    page.screenshot(path=str(artifacts_dir / "cards-01-alice-bought-phone.png"), full_page=True)
    log_in(page, live_server, "bob")
    page.goto(prematch_url)
    assert "Miracle Worker" not in text(page.locator("#cards-home"))  # secret until played
    buy(page, "away", "miscellaneous_mayhem")
    bob_card = MatchCard.objects.get(match=match, side="away")
    alice_kept = MatchCard.objects.get(match=match, side="home", deck="special_team_plays")
    assert bob_card.how == "server" and alice_kept.how == "server" and bob_card.card != alice_kept.card
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=boss)

    # 2. During the match: Alice plays the Miracle Worker on H3, Bob plays his card.
    log_in(page, live_server, "alice")
    page.goto(match_url)
    play(page, "home", "miracle_worker", h3)
    assert "#3 H3" in text(page.locator("#card-play-home-miracle_worker"))
    log_in(page, live_server, "bob")
    page.goto(match_url)
    play(page, "away", bob_card.card)
    plays = text(page.locator("#card-plays"))
    assert "Miracle Worker" in plays and page.locator(f"#card-play-home-{alice_kept.card}").count() == 0
    page.screenshot(path=str(artifacts_dir / "cards-02-played-phone.png"), full_page=True)

    # 3. Alice enters the result: H1 scores, H3 is killed (61); she submits, Bob confirms.
    log_in(page, live_server, "alice")
    page.goto(live_server.url + f"/matches/{match.pk}/result/")
    page.fill('input[name="home_score"]', "1")
    page.fill('input[name="away_score"]', "0")
    for pk in (h1, h3):
        add_event(page, pk)
    page.fill(f'input[name="p{h1}_td"]', "1")
    page.locator(f"#player-{h3} summary").click()
    page.fill(f'input[name="p{h3}_d6"]', "6")
    page.fill(f'input[name="p{h3}_d8"]', "1")
    page.get_by_role("button", name="Save and submit").click()
    page.wait_for_url(match_url)
    assert text(page.locator("#match-status")) == "Submitted"
    log_in(page, live_server, "bob")
    page.goto(match_url)
    page.get_by_role("link", name="Confirm", exact=True).click()
    page.wait_for_url("**/confirm/")
    page.get_by_role("button", name="Confirm the result").click()
    page.wait_for_url(match_url)

    # 4. The worker runs the sequence; the open page polls until it is done.
    page.wait_for_selector('#postgame[data-status="processed"]', timeout=60_000)
    outcome = text(page.locator("#postgame-steps"))
    assert "Miracle Worker played: the casualty of #3 H3 is cancelled, he was only KO'd." in outcome
    assert "played: nothing lasts after the match." in outcome
    assert "#3 H3 is dead" not in outcome and "#3 H3 misses the next match." not in outcome
    page.screenshot(path=str(artifacts_dir / "cards-03-outcome-phone.png"), full_page=True)

    # 5. The roster keeps H3; the ledger has the winnings and nothing for the cards.
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED
    assert Player.objects.get(pk=h3).status == Player.Status.ACTIVE
    page.goto(live_server.url + humans.get_absolute_url())
    assert page.locator('#roster tr[data-number="3"]').count() == 1
    before = humans.treasury
    humans.refresh_from_db()
    ((kind, amount),) = TreasuryEntry.objects.filter(team=humans, match=match).values_list("kind", "amount")
    assert kind == TreasuryEntry.Kind.WINNINGS and 20_000 <= amount <= 70_000  # (D6 + 0) x 10,000 + 10,000
    assert humans.treasury == before + amount == ledger_balance(humans)
    assert page.locator("#team-treasury").inner_text() == gp(humans.treasury)
    page.screenshot(path=str(artifacts_dir / "cards-04-roster-phone.png"), full_page=True)
