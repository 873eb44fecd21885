"""Through the pages: a commissioner excludes inducements or turns on the
short-league winnings (seed 000 p.34) on the settings page, and the pre-match page and the
post-match sequence apply them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.core.models import AuditEntry, HouseRule
from matches.forms.common import MERCENARY_ROWS
from matches.models import Match, MatchInducement
from teams.models import TreasuryEntry
from tests.matches.test_views_support import declare_petty_cash, login, prematch_through_pages
from tests.web.test_league_admin import settings_form

pytestmark = pytest.mark.django_db

EXCLUDED = "This league has removed Wizard from the inducements (its settings)."


def save_settings(client, league, commissioner, **changes: object):
    response = login(client, commissioner).post(
        reverse("league:settings", args=[league.slug]), settings_form(league, **changes), follow=True
    )
    assert response.status_code == 200
    return response.content.decode()


def test_the_commissioner_ticks_the_inducements_the_league_excludes(client, league, commissioner):
    url = reverse("league:settings", args=[league.slug])
    page = login(client, commissioner).get(url).content.decode()
    assert "Inducements this league removes from the list" in page and "p.34" in page
    assert 'type="checkbox" name="excluded_inducements" value="wizard"' in page
    assert "Short-league winnings" in page and "Double FAME in the winnings roll" in page
    # Ticked in any order, kept in the ruleset's order.
    page = save_settings(client, league, commissioner, excluded_inducements=["wizard", "star_players"])
    assert "Settings saved" in page and "none → Star Players, Wizard" in page
    assert HouseRule.objects.get(league=league, key="excluded_inducements").value == ["star_players", "wizard"]
    entry = AuditEntry.objects.get(action="league.setting.changed")
    assert entry.data == {"setting": "excluded_inducements", "old": [], "new": ["star_players", "wizard"]}
    page = client.get(url).content.decode()
    assert 'value="wizard" class="form-check-input" id="id_excluded_inducements_7" checked' in page
    # The same boxes again: nothing changes.
    assert "Nothing changed." in save_settings(
        client, league, commissioner, excluded_inducements=["star_players", "wizard"]
    )
    # In French, the inducements by their French names.
    client.cookies["django_language"] = "fr"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Primes de match que cette ligue retire de la liste" in page and "Sorcier" in page
    assert "Champion, Sorcier" in page  # the value in force
    # Unticking every box removes the house rule.
    client.cookies["django_language"] = "en"
    save_settings(client, league, commissioner, excluded_inducements=[])
    assert not HouseRule.objects.filter(key="excluded_inducements").exists()


def test_an_inducement_the_ruleset_does_not_have_is_refused(client, league, commissioner):
    page = save_settings(client, league, commissioner, excluded_inducements=["wizard", "dragon"])
    assert "Select a valid choice. dragon is not one of the available choices." in page
    assert not HouseRule.objects.exists() and not AuditEntry.objects.filter(action="league.setting.changed").exists()


def _prematch(client, match, coach):
    return login(client, coach).post(
        reverse("matches:inducements", args=[match.pk]), {"side": "home", "home_item_wizard": "1"}
    )


def test_a_league_excluding_wizards_refuses_one_on_the_prematch_page(
    client, league, commissioner, scheduled, coach_alice
):
    save_settings(client, league, commissioner, excluded_inducements=["wizard"])
    declare_petty_cash(scheduled, home=150_000)  # 30,000 of inducement money + 150,000: a wizard is affordable
    page = login(client, coach_alice).get(reverse("matches:prematch", args=[scheduled.pk])).content.decode()
    help_text = page.split('id="id_home_item_wizard_helptext"')[1][:200]
    assert "Removed from the inducements by this league's settings." in help_text
    # Only the side whose turn it is chooses (the Reavers, stronger with their petty cash): its wizard.
    assert page.count("Removed from the inducements by this league's settings.") == 1
    save_settings(client, league, commissioner, excluded_inducements=["wizard", "star_players", "mercenaries"])
    page = login(client, coach_alice).get(reverse("matches:prematch", args=[scheduled.pk])).content.decode()
    # Its wizard, its stars and its mercenary rows.
    assert page.count("Removed from the inducements by this league's settings.") == 1 + 1 + MERCENARY_ROWS
    save_settings(client, league, commissioner, excluded_inducements=["wizard"])
    login(client, coach_alice)
    response = _prematch(client, scheduled, coach_alice)
    assert response.status_code == 200 and EXCLUDED in response.content.decode()  # the form again, with why
    scheduled.refresh_from_db()
    assert scheduled.status == Match.Status.SCHEDULED and not MatchInducement.objects.exists()
    client.cookies["django_language"] = "fr"
    french = _prematch(client, scheduled, coach_alice).content.decode()
    assert "Cette ligue a retiré Sorcier des primes de match (ses réglages)." in french
    client.cookies["django_language"] = "en"
    # The commissioner puts wizards back: the same order is accepted.
    save_settings(client, league, commissioner, excluded_inducements=[])
    response = _prematch(client, scheduled, coach_alice)
    assert response.status_code == 302, response.content.decode()
    prematch_through_pages(client, scheduled)  # the orcs choose nothing, the weather is recorded
    assert [(i.key, i.cost) for i in MatchInducement.objects.all()] == [("wizard", 150_000)]


def _winnings(match) -> dict[str, int]:
    entries = TreasuryEntry.objects.filter(match=match, kind=TreasuryEntry.Kind.WINNINGS)
    return {("home" if e.team_id == match.home_id else "away"): e.amount for e in entries}


@pytest.fixture
def short_league(request, client, league, commissioner):
    """The short-league option the test is parametrized with, set on the settings page."""
    if request.param != "off":
        save_settings(client, league, commissioner, short_league_winnings=request.param)
    return request.param


# The worked match (tests/builders.py): humans win 2-1, FAME 1 and 0, winnings dice 5
# (re-rolled from 2) and 3. Rulebook: (5 + 1) x 10k + 10k and (3 + 0) x 10k.
@pytest.mark.parametrize(
    ("short_league", "home", "away"),
    [
        ("off", 70_000, 30_000),
        ("extra", 70_000 + 20_000, 30_000 + 10_000),  # +20,000 for the win, +10,000 for the loss
        ("double_fame", (5 + 2) * 10_000 + 10_000, 30_000),  # FAME 1 counts 2; FAME 0 stays 0
    ],
    indirect=["short_league"],
)
def test_short_league_winnings_reach_the_ledger(client, short_league, processed_match, coach_alice, home, away):
    assert _winnings(processed_match) == {"home": home, "away": away}
    assert processed_match.settings_snapshot["parameters"]["short_league_winnings"] == short_league
    page = login(client, coach_alice).get(processed_match.get_absolute_url()).content.decode()
    assert f"Winnings: {home:,} gp (D6 2, re-rolled: 5)." in page


def test_a_later_change_does_not_alter_a_confirmed_match(client, league, commissioner, submitted_match, coach_bob):
    """The snapshot taken at confirmation keeps the option the match was played under."""
    from matches.services import postgame_run, report_confirm

    save_settings(client, league, commissioner, short_league_winnings="extra")
    report_confirm(match=submitted_match, by=coach_bob)
    save_settings(client, league, commissioner, short_league_winnings="off")
    assert postgame_run(submitted_match.pk) is True
    assert _winnings(submitted_match) == {"home": 90_000, "away": 40_000}
