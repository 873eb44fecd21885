"""The league's roster catalogue through its page: a profile the PBBL seed lost is
completed by the commissioner (audited), a position without one cannot be hired, a correction shows
on the team page, a reset asks for confirmation, and a confirmed match keeps the profiles it used."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.core.models import AuditEntry, HouseRule
from league.core.selectors import league_ruleset, settings_snapshot, snapshot_ruleset

from teams.errors import TeamRuleError
from teams.services import PlayerOrder, team_create

pytestmark = pytest.mark.django_db

CATCHER = "position:norse:catcher"  # PBBL 0-2 Catchers: no LRB5 source for their profile


def _url(league, team="norse"):  # type: ignore[no-untyped-def]
    return reverse("league:roster_catalogue", args=[league.slug]) + f"?team={team}"


def _post(client, league, **data):  # type: ignore[no-untyped-def]
    return client.post(_url(league), {"team": "norse", **data}, follow=True)


def test_unknown_profiles_are_flagged_and_block_hiring(client, pbbl_league, coach_alice) -> None:
    client.force_login(coach_alice)
    page = client.get(_url(pbbl_league)).content.decode()
    row = page[page.index('id="profile-position-norse-catcher"') :]
    assert "to complete" in row[: row.index("</tr>")] and ">?<" in row[: row.index("</tr>")]
    assert 'name="ma"' not in page  # a coach reads it, only the commissioner edits
    players = [PlayerOrder("lineman", f"N{i}") for i in range(1, 11)] + [PlayerOrder("catcher", "Unknown")]
    with pytest.raises(TeamRuleError) as refused:
        team_create(league=pbbl_league, coach=coach_alice, name="Skjold", race="norse", players=players)
    assert "roster catalogue" in str(refused.value)


def test_a_coach_may_not_change_it(client, pbbl_league, coach_alice) -> None:
    client.force_login(coach_alice)
    response = client.post(_url(pbbl_league), {"team": "norse", "ref": CATCHER, "ma": 6, "st": 3, "ag": 3, "av": 8})
    assert response.status_code == 403 and not HouseRule.objects.exists()


def test_bad_values_are_refused_and_nothing_is_stored(client, pbbl_league, commissioner) -> None:
    client.force_login(commissioner)
    page = _post(client, pbbl_league, ref=CATCHER, action="save", ma=11, st=3, ag=3, av=8).content.decode()
    assert "whole number from 1 to 10" in page
    page = _post(client, pbbl_league, ref=CATCHER, action="save", ma="six", st=3, ag=3, av=8).content.decode()
    assert "whole number" in page
    assert not HouseRule.objects.exists() and not AuditEntry.objects.filter(action__contains="roster").exists()


def test_the_commissioner_completes_a_profile_then_it_can_be_hired(
    client, pbbl_league, commissioner, coach_alice
) -> None:
    client.force_login(commissioner)
    _post(client, pbbl_league, ref=CATCHER, action="save", ma=7, st=3, ag=3, av=8)
    assert HouseRule.objects.get(key="profile:" + CATCHER).value == {"ma": 7, "st": 3, "ag": 3, "av": 8}
    entry = AuditEntry.objects.get(action="league.roster_profile.changed")
    assert entry.data["new"] == {"ma": 7, "st": 3, "ag": 3, "av": 8} and entry.data["old"]["ma"] is None
    page = client.get(_url(pbbl_league)).content.decode()
    row = page[page.index('id="profile-position-norse-catcher"') :]
    assert "corrected by the league" in row[: row.index("</tr>")]
    catcher = league_ruleset(pbbl_league).team("norse").position("catcher")
    assert (catcher.ma, catcher.av, catcher.profile_complete) == (7, 8, True)
    players = [PlayerOrder("lineman", f"N{i}") for i in range(1, 11)] + [PlayerOrder("catcher", "Known")]
    team = team_create(league=pbbl_league, coach=coach_alice, name="Skjold", race="norse", players=players)
    assert team.players.filter(position="catcher").count() == 1


def test_a_reset_asks_first_and_a_snapshot_keeps_the_profile(client, pbbl_league, commissioner) -> None:
    client.force_login(commissioner)
    _post(client, pbbl_league, ref=CATCHER, action="save", ma=7, st=3, ag=3, av=8)
    kept = settings_snapshot(pbbl_league)
    page = _post(client, pbbl_league, ref=CATCHER, action="reset").content.decode()
    assert 'id="reset-confirm-form"' in page and HouseRule.objects.filter(key="profile:" + CATCHER).exists()
    _post(client, pbbl_league, ref=CATCHER, action="reset", confirmed="1")
    assert not HouseRule.objects.filter(key="profile:" + CATCHER).exists()
    assert league_ruleset(pbbl_league).team("norse").position("catcher").ma is None
    # A match confirmed while the league's profile stood replays with it.
    assert snapshot_ruleset(kept).team("norse").position("catcher").ma == 7


def test_a_correction_shows_on_the_team_page(client, pbbl_league, pbbl_humans, commissioner, coach_alice) -> None:
    client.force_login(commissioner)
    _post(client, pbbl_league, ref="position:human:lineman", action="save", ma=7, st=3, ag=3, av=8, team="human")
    client.force_login(coach_alice)
    page = client.get(reverse("teams:detail", args=[pbbl_humans.pk])).content.decode()
    assert page.count('class="stat roster-ma" data-label="MA">7<') == 11
