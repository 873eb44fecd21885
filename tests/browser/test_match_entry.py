"""A match at the table, on a phone, in Chromium: the home coach enters and submits the result, the
opposing coach confirms, the post-match sequence runs and both team pages follow.

Expected figures are worked out by hand from the LRB6 rules, not read from the ruleset:
- Humans (11 linemen, 550,000, treasury 450,000) beat Orcs (11 linemen + FF 3: 580,000, treasury 420,000) 1-0.
- MVP (house rule "chosen"): H1 (touchdown 3 + MVP 5 = 8 SPP, an improvement roll) and O1 (5 SPP).
- O3 suffers 41 Broken Ribs: misses the next match; the Orcs get a free journeyman for it.
- Winnings: Humans (4 + FAME 0) x 10,000 + 10,000 for the win = 50,000; Orcs 2 x 10,000 = 20,000.
- Fan factor: Humans roll 18 > 0: +1; Orcs roll 2 < 3: -1.
- Team values: Humans 550,000 + FF 10,000 = 560,000 (580,000 once H1 takes Block); Orcs 10 linemen
  500,000 + the journeyman 50,000 + FF 20,000 = 570,000.
"""

from __future__ import annotations

import pytest

from tests.browser.result_sheet import add_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def gp(amount: int) -> str:
    return f"{amount:,}"


def build_match(django_user_model, mvp_mode: str = "chosen"):
    from league.core.models import HouseRule
    from league.core.services import league_create, league_join
    from matches.services import PrematchInput, match_schedule, prematch_record
    from teams.services import PlayerOrder, team_create

    boss, alice, bob = (
        django_user_model.objects.create_user(username=n, password=f"pw-{n}-1988") for n in ("boss", "alice", "bob")
    )
    league = league_create(name="Table Top League", ruleset="lrb6", commissioner=boss)
    for coach in (alice, bob):
        league_join(league=league, user=coach)
    if mvp_mode != "random":
        HouseRule.objects.create(league=league, key="mvp_mode", value=mvp_mode)
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
        fan_factor=3,
        players=[PlayerOrder("lineman", f"O{i}") for i in range(1, 12)],
    )
    match = match_schedule(league=league, home=humans, away=orcs, by=boss)
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=boss)
    return match, humans, orcs


def log_in(page, live_server, username: str) -> None:
    page.context.clear_cookies()
    page.goto(live_server.url + "/accounts/login/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', f"pw-{username}-1988")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")


def player(team, number: int) -> int:
    return team.players.get(number=number).pk


def test_result_entered_on_a_phone_confirmed_and_processed(page, live_server, artifacts_dir, django_user_model):
    match, humans, orcs = build_match(django_user_model)
    h1, h2, o1, o3 = player(humans, 1), player(humans, 2), player(orcs, 1), player(orcs, 3)
    page.set_viewport_size(PHONE)
    match_url = live_server.url + match.get_absolute_url()

    # The home coach opens the match and the result sheet.
    log_in(page, live_server, "alice")
    page.goto(match_url)
    assert page.locator("#match-status").inner_text() == "Pre-match done"
    page.screenshot(path=str(artifacts_dir / "match-01-prematch-done-phone.png"), full_page=True)
    page.get_by_role("link", name="Enter the result").click()
    page.wait_for_url("**/result/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scrolling
    assert page.locator(f'input[name="p{h1}_td"]').get_attribute("inputmode") == "numeric"

    page.fill('input[name="home_score"]', "1")
    page.fill('input[name="away_score"]', "0")
    for pk in (h1, h2, o3):
        add_event(page, pk)
    assert page.locator(f'input[name="p{h1}_td"]').bounding_box()["height"] >= 44  # a thumb-sized target
    page.fill(f'input[name="p{h1}_td"]', "1")
    page.fill(f'input[name="p{h2}_cas"]', "1")
    page.locator(f"#player-{o3} summary").click()  # the casualty O3 suffered, dice as rolled at the table
    page.fill(f'input[name="p{o3}_d6"]', "4")
    page.fill(f'input[name="p{o3}_d8"]', "1")
    page.fill('input[name="winnings_home"]', "4")
    page.fill('input[name="winnings_away"]', "2")
    for n in (1, 2, 3):
        page.fill(f'input[name="ff_home_{n}"]', "6")
    page.fill('input[name="ff_away_1"]', "1")
    page.fill('input[name="ff_away_2"]', "1")
    page.select_option('select[name="mvp_home_1"]', f"p{h1}")
    page.select_option('select[name="mvp_away_1"]', f"p{o1}")
    page.locator(f"#player-{o3}").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "match-02-result-casualty-phone.png"))
    page.locator("#dice-card").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "match-03-result-dice-phone.png"))
    page.locator("#mvp-card").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "match-03-result-mvp-phone.png"))
    page.screenshot(path=str(artifacts_dir / "match-03-result-sheet-phone.png"), full_page=True)

    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts_dir / "match-02-result-top-phone.png"))
    page.get_by_role("button", name="Save draft").click()
    page.wait_for_load_state("load")
    assert "Draft saved" in page.locator(".alert-success").inner_text()
    assert page.locator(f'input[name="p{o3}_d8"]').input_value() == "1"  # the draft comes back
    page.get_by_role("button", name="Save and submit").click()
    page.wait_for_url(match_url)
    assert page.locator("#match-status").inner_text() == "Submitted"
    assert "Waiting for the opposing coach" in page.locator("#match-actions").inner_text()
    page.screenshot(path=str(artifacts_dir / "match-04-submitted-phone.png"), full_page=True)

    # The opposing coach checks the result and confirms it.
    log_in(page, live_server, "bob")
    page.goto(match_url)
    page.get_by_role("link", name="Confirm", exact=True).click()
    page.wait_for_url("**/confirm/")
    assert "Reavers 1 – 0 Gouged Eye" in page.locator("#score").inner_text()
    assert "41 Broken Ribs" in page.locator("#casualties").inner_text()
    page.screenshot(path=str(artifacts_dir / "match-05-confirm-phone.png"), full_page=True)
    page.get_by_role("button", name="Confirm the result").click()
    page.wait_for_url(match_url)

    # Tasks run in-process here: the sequence has already run when the page comes back.
    page.wait_for_selector('#postgame[data-status="processed"]')
    assert page.locator('#postgame-steps [data-step-status="done"]').count() == 12
    outcome = page.locator("#postgame-steps").inner_text()
    for sentence in (
        "MVP: #1 H1 (+5 SPP, 5 in all)",
        "MVP: #1 O1 (+5 SPP, 5 in all)",
        "#1 H1: 1 × touchdown, +3 SPP (8 in all)",
        "#2 H2: 1 × casualty (block), +2 SPP",
        "#3 O3 misses the next match.",
        "Winnings: 50,000 gp (D6: 4).",
        "Winnings: 20,000 gp (D6: 2).",
        "Fan factor +1, now 1 (dice: 6 + 6 + 6).",
        "Fan factor -1, now 2 (dice: 1 + 1).",
        "1 journeyman joins for the next match",
        "No spiralling expenses.",
    ):
        assert sentence in outcome, sentence
    assert "improvement roll" in outcome
    page.screenshot(path=str(artifacts_dir / "match-06-processed-phone.png"), full_page=True)

    # Both team pages follow: treasury, team value, SPP.
    page.goto(live_server.url + orcs.get_absolute_url())
    assert page.locator("#team-treasury").inner_text() == gp(420_000 + 20_000)
    assert page.locator("#team-value").inner_text() == gp(570_000)
    assert page.locator('#roster tr[data-number="1"] td').nth(9).inner_text() == "5"
    page.screenshot(path=str(artifacts_dir / "match-07-orcs-after-phone.png"), full_page=True)

    # The home coach takes H1's improvement from the match page.
    log_in(page, live_server, "alice")
    page.goto(live_server.url + humans.get_absolute_url())
    assert page.locator("#team-treasury").inner_text() == gp(450_000 + 50_000)
    assert page.locator("#team-value").inner_text() == gp(560_000)
    assert page.locator('#roster tr[data-number="1"] td').nth(9).inner_text() == "8"
    assert page.locator('#roster tr[data-number="2"] td').nth(9).inner_text() == "2"
    page.goto(match_url)
    page.locator(".pending-improvements").get_by_role("link", name="Choose").click()
    page.wait_for_url("**/matches/improvements/*/")
    page.screenshot(path=str(artifacts_dir / "match-08-improvement-phone.png"), full_page=True)
    page.locator('label[for="choice-block"]').click()
    page.get_by_role("button", name="Take this improvement").click()
    page.wait_for_url(live_server.url + humans.get_absolute_url())
    assert page.locator("#team-value").inner_text() == gp(580_000)
    assert "Block" in page.locator('#roster tr[data-number="1"]').inner_text()
    page.screenshot(path=str(artifacts_dir / "match-09-humans-after-phone.png"), full_page=True)


def test_the_match_page_follows_the_sequence_by_polling(
    page, live_server, artifacts_dir, django_user_model, monkeypatch
):
    """Confirmed but not run yet (as with a worker): the open page polls and shows the outcome by itself."""
    from matches.models import Match
    from matches.services import PlayerLine, ReportInput, postgame_run, report_confirm, report_save, report_submit

    match, humans, orcs = build_match(django_user_model, mvp_mode="random")
    report = ReportInput(
        home_score=0,
        away_score=2,
        lines=(PlayerLine(player(orcs, 2), touchdowns=2),),
        dice={"winnings:home": [3], "winnings:away": [5], "ff:home": [1, 1], "ff:away": [6, 6, 6]},
    )
    report_save(match=match, report=report, by=humans.coach)
    report_submit(match=match, by=humans.coach)
    monkeypatch.setattr("matches.services.postgame_queue.queue_postgame", lambda match_id, **_: None)  # no worker yet
    report_confirm(match=match, by=orcs.coach)
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED

    # Poll requests wait in this route while the test thread runs the sequence (one database connection).
    page.route("**/status/", lambda route: route.continue_())
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + match.get_absolute_url())
    assert page.locator("#postgame").get_attribute("hx-trigger") == "every 1s"
    assert page.locator("#postgame-running").is_visible()
    page.screenshot(path=str(artifacts_dir / "match-10-running-phone.png"), full_page=True)

    assert postgame_run(match.pk) is True
    page.wait_for_selector('#postgame[data-status="processed"]', timeout=10_000)
    assert page.locator("#postgame").get_attribute("hx-trigger") is None  # polling stopped
    outcome = page.locator("#postgame-steps").inner_text()
    assert "#2 O2: 2 × touchdown, +6 SPP" in outcome and "Winnings: 60,000 gp (D6: 5)." in outcome
    page.screenshot(path=str(artifacts_dir / "match-11-polled-processed-phone.png"), full_page=True)


def test_prematch_on_a_phone_with_the_live_budget(page, live_server, artifacts_dir, django_user_model):
    """Humans (550,000) against Orcs (580,000): the Humans get 30,000 of inducement money until petty cash
    (which counts in the match value) makes them the stronger side."""
    from matches.models import Match
    from matches.services import match_schedule
    from tests.browser.rosters import humans_and_orcs

    boss, league, humans, orcs = humans_and_orcs(django_user_model, league_name="Table Top League")
    match = match_schedule(league=league, home=humans, away=orcs, by=boss)
    page.set_viewport_size(PHONE)
    prematch_url = live_server.url + f"/matches/{match.pk}/prematch/"
    # Petty cash is declared in turn: the Orcs (the higher team value) first, then the Humans.
    log_in(page, live_server, "bob")
    page.goto(prematch_url)
    assert "Gouged Eye declares first" in page.locator("#declares-first").inner_text()
    page.fill('input[name="amount"]', "0")
    page.get_by_role("button", name="Declare").click()
    page.wait_for_url(prematch_url)
    log_in(page, live_server, "alice")
    page.goto(live_server.url + match.get_absolute_url())
    page.get_by_role("link", name="Record the pre-match").click()
    page.wait_for_url("**/prematch/")
    assert "0 gp moved into petty cash" in page.locator("#petty-cash-away").inner_text()
    # Nothing to record yet, and no inducement to choose before the Humans' petty cash.
    assert page.locator("#prematch-form").count() == 0 and page.locator("#inducements-form").count() == 0
    assert page.locator("#budget-home").inner_text() == gp(30_000)
    # 100,000 of petty cash: the Humans' match value (650,000) now passes the Orcs', who become the
    # underdog; the Humans, the stronger, choose first with their petty cash.
    page.fill('input[name="amount"]', "100000")
    page.get_by_role("button", name="Declare").click()
    page.wait_for_url(prematch_url)
    page.fill('input[name="home_item_bribes"]', "2")
    page.wait_for_function("document.querySelector('#left-home').innerText === '-100,000'")
    assert "over the 100,000 gp available" in page.locator("#problems-home").inner_text()
    page.fill('input[name="home_item_bribes"]', "1")
    page.wait_for_function("document.querySelector('#left-home').innerText === '0'")
    assert page.locator("#problems-home").count() == 0
    assert page.locator("#budget-away").inner_text() == gp(70_000)
    page.screenshot(path=str(artifacts_dir / "match-00-prematch-phone.png"), full_page=True)
    page.get_by_role("button", name="Confirm these inducements").click()
    page.wait_for_url(prematch_url)
    # The Orcs' coach sees the Humans' bribe and chooses nothing with his 70,000.
    log_in(page, live_server, "bob")
    page.goto(prematch_url)
    assert "Bribes" in page.locator("#inducements-chosen-home").inner_text()
    page.get_by_role("button", name="Confirm these inducements").click()
    page.wait_for_url(prematch_url)
    page.get_by_role("button", name="Record the pre-match").click()
    page.wait_for_url(live_server.url + match.get_absolute_url())
    assert page.locator("#match-status").inner_text() == "Pre-match done"
    assert "Bribes" in page.locator("#prematch-facts").inner_text()
    assert Match.objects.get(pk=match.pk).home_petty_cash == 100_000


def test_mvp_and_improvement_dice_rolled_at_the_table_entered_on_a_phone(
    page, live_server, artifacts_dir, django_user_model
):
    """Random MVP: the home coach reads the MVP off a D11 at the table (4: H4, who had 1 SPP), the page
    then asks for H4's improvement roll (6 SPP: a level), and the sequence uses both as entered."""
    from matches.models import DiceRoll
    from matches.services import PlayerLine, ReportInput, report_save
    from teams.models import ImprovementRoll, Player

    match, humans, orcs = build_match(django_user_model, mvp_mode="random")
    h2, h4 = player(humans, 2), player(humans, 4)
    Player.objects.filter(pk=h4).update(spp=1)
    report = ReportInput(
        home_score=1,
        away_score=0,
        lines=(PlayerLine(h2, touchdowns=1),),
        dice={"winnings:home": [3], "winnings:away": [2], "ff:home": [1, 1, 1], "ff:away": [6, 6]},
    )
    report_save(match=match, report=report, by=humans.coach)
    page.set_viewport_size(PHONE)
    match_url = live_server.url + match.get_absolute_url()

    log_in(page, live_server, "alice")
    page.goto(match_url)
    page.get_by_role("link", name="Post-match dice").click()
    page.wait_for_url("**/dice/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    rows = page.locator(".die-row")
    assert [rows.nth(i).locator(".fw-semibold").first.inner_text() for i in range(2)] == [
        "MVP draw, Reavers",
        "MVP draw, Gouged Eye",
    ]
    assert "Improvement roll" not in page.locator("#dice-form").inner_text()  # nobody crosses a level yet
    home_mvp = page.get_by_label("MVP draw, Reavers")
    assert home_mvp.get_attribute("max") == "11"
    assert page.locator(".mvp-candidates").first.locator("li").nth(3).inner_text() == "4 #4 H4"
    home_mvp.fill("4")
    page.screenshot(path=str(artifacts_dir / "match-12-dice-mvp-phone.png"), full_page=True)
    page.get_by_role("button", name="Save the dice").click()
    page.wait_for_load_state("load")

    # The MVP takes H4 from 1 to 6 SPP: his improvement roll is asked for now.
    page.get_by_label("Improvement roll 1 of #4 H4 (Reavers), die 1").fill("3")
    page.get_by_label("Improvement roll 1 of #4 H4 (Reavers), die 2").fill("5")
    page.screenshot(path=str(artifacts_dir / "match-13-dice-improvement-phone.png"), full_page=True)
    page.get_by_role("button", name="Save the dice").click()
    page.wait_for_load_state("load")
    assert page.get_by_label("Improvement roll 1 of #4 H4 (Reavers), die 2").input_value() == "5"

    page.goto(match_url)
    page.get_by_role("button", name="Submit the result").click()
    page.wait_for_url(match_url)
    log_in(page, live_server, "bob")
    page.goto(match_url)
    page.get_by_role("link", name="Confirm", exact=True).click()
    page.wait_for_url("**/confirm/")
    page.get_by_role("button", name="Confirm the result").click()
    page.wait_for_url(match_url)
    page.wait_for_selector('#postgame[data-status="processed"]')
    assert "MVP: #4 H4 (+5 SPP, 6 in all)" in page.locator("#postgame-steps").inner_text()
    roll = ImprovementRoll.objects.get(player_id=h4, match=match)
    assert (roll.d6a, roll.d6b) == (3, 5)
    assert DiceRoll.objects.get(match=match, purpose=f"improvement:p{h4}:1").source == DiceRoll.Source.ENTERED
    page.screenshot(path=str(artifacts_dir / "match-14-dice-processed-phone.png"), full_page=True)
