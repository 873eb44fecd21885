"""Raise the Dead (PBBL P18/L44, spec §1.2): an opponent with ST 4 or less, no Regeneration and no
Stunty, killed in the match, becomes a new Zombie that a Necromantic or Undead team adds for free
after the match if it has fewer than 16 players; once per match; counted at full value in TV
(§1.3). Through the match page, after an imported match is processed."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from league.core.models import AuditEntry
from matches.importing import import_match
from matches.models import Match
from teams.models import Player
from teams.selectors import compute_team_value
from teams.services import PlayerOrder, team_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(pbbl_league, pbbl_orcs, coach_alice, commissioner, django_capture_on_commit_callbacks) -> Match:
    """Necromantic Grave Guard 0-0 the Red Tuskers; two Tuskers (linemen, ST 3) died."""
    zombies = [PlayerOrder("zombie", f"Z{i}") for i in range(1, 12)]
    team_create(league=pbbl_league, coach=coach_alice, name="Grave Guard", race="necromantic", players=zombies)
    report = {
        "format_version": 1,
        "report_id": "grave-1",
        "league": pbbl_league.slug,
        "ruleset": pbbl_league.ruleset,
        "home": "Grave Guard",
        "away": "Red Tuskers",
        "prematch": {"weather": [3, 4]},
        "result": {"home_score": 0, "away_score": 0},
        "casualties": {"away": [{"number": 3, "d6": 6, "d8": 1}, {"number": 4, "d6": 6, "d8": 2}]},
    }
    with django_capture_on_commit_callbacks(execute=True):
        match = import_match(report, by=commissioner).match
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    return match


def _page(client, match) -> str:
    return html.unescape(client.get(match.get_absolute_url()).content.decode())


def test_the_necromancer_raises_one_zombie_for_free(client, played, pbbl_orcs, coach_alice) -> None:
    grave = played.home
    victim = pbbl_orcs.players.get(number=3)
    assert victim.status == Player.Status.DEAD
    treasury, value = grave.treasury, compute_team_value(grave)
    client.force_login(coach_alice)
    page = _page(client, played)
    form = page[page.index('id="raise-home"') :]
    assert f'value="raise_dead:{victim.pk}"' in form and "Raise the Dead" in form and "Zombie" in form
    assert 'id="raise-away"' not in page  # alice does not manage the Tuskers (nor may they raise)

    url = reverse("matches:raise", args=[played.pk])
    response = client.post(url, {"side": "home", "choice": f"raise_dead:{victim.pk}", "name": "Risen Tusker"})
    assert response.status_code == 302
    grave.refresh_from_db()
    risen = grave.players.get(name="Risen Tusker")
    assert (risen.position, risen.raised_from_id, risen.number) == ("zombie", victim.pk, 12)
    assert grave.treasury == treasury  # free...
    assert grave.team_value == compute_team_value(grave) == value + 40_000  # ...at full value in TV
    assert AuditEntry.objects.filter(action="matches.player.raised", team=grave).count() == 1
    page = _page(client, played)
    assert "Risen Tusker" in page[page.index('id="raised-list"') :] and 'id="raise-home"' not in page

    # Once per match: the second dead Tusker stays dead.
    other = pbbl_orcs.players.get(number=4)
    text = html.unescape(
        client.post(
            url, {"side": "home", "choice": f"raise_dead:{other.pk}", "name": "Again"}, follow=True
        ).content.decode()
    )
    assert "Grave Guard has already raised 1 player from this match (Raise the Dead)." in text
    assert grave.players.count() == 12


def test_refusals_name_their_reason(client, played, pbbl_orcs, coach_alice, coach_bob, user_factory) -> None:
    url = reverse("matches:raise", args=[played.pk])
    victim = pbbl_orcs.players.get(number=3)
    data = {"side": "home", "choice": f"raise_dead:{victim.pk}", "name": "X"}
    assert client.post(url, data).status_code == 302 and "/login" in client.post(url, data).url  # anonymous
    for outsider in (user_factory("sam"), coach_bob):  # a stranger; the Tuskers' coach, for the other team
        client.force_login(outsider)
        assert client.post(url, data).status_code == 403
    text = html.unescape(
        client.post(
            url, {"side": "away", "choice": f"raise_dead:{victim.pk}", "name": "X"}, follow=True
        ).content.decode()
    )
    assert "Red Tuskers cannot raise players this way." in text
    client.force_login(coach_alice)
    alive = pbbl_orcs.players.get(number=5)
    text = html.unescape(
        client.post(
            url, {"side": "home", "choice": f"raise_dead:{alive.pk}", "name": "X"}, follow=True
        ).content.decode()
    )
    assert "Only an opposing player killed in this match can be raised." in text
    Player.objects.bulk_create(
        Player(team=played.home, position="zombie", name=f"Extra {n}", number=n) for n in range(12, 17)
    )
    text = html.unescape(
        client.post(
            url, {"side": "home", "choice": f"raise_dead:{victim.pk}", "name": "X"}, follow=True
        ).content.decode()
    )
    assert "The roster is full (16 players)." in text
    client.cookies["django_language"] = "fr"
    text = html.unescape(
        client.post(
            url, {"side": "home", "choice": f"raise_dead:{victim.pk}", "name": "X"}, follow=True
        ).content.decode()
    )
    assert "L'effectif est complet (16 joueurs)." in text
    assert "Relevés d'entre les morts" in text
    assert not Player.objects.filter(raised_from__isnull=False).exists()


def test_nurgles_rot_raises_every_victim_but_a_stunty_one(
    client, pbbl_league, pbbl_orcs, coach_alice, coach_bob, commissioner, django_capture_on_commit_callbacks
) -> None:
    # Nurgle's Rot (P28/L64): no once-per-match limit; the victim has no Decay, Regeneration, Stunty.
    from teams.services import player_hire

    rotters = [PlayerOrder("rotter", f"R{i}") for i in range(1, 12)]
    nurgle = team_create(league=pbbl_league, coach=coach_alice, name="Plague Pit", race="nurgle", players=rotters)
    goblin = player_hire(team=pbbl_orcs, position="goblin", name="Snik", number=12, by=coach_bob)
    dead = [{"number": n, "d6": 6, "d8": d8} for n, d8 in ((3, 1), (4, 2), (12, 3))]
    report = {
        "format_version": 1,
        "report_id": "plague-1",
        "league": pbbl_league.slug,
        "ruleset": pbbl_league.ruleset,
        "home": "Plague Pit",
        "away": "Red Tuskers",
        "prematch": {"weather": [3, 4]},
        "result": {"home_score": 0, "away_score": 0},
        "casualties": {"away": dead},
    }
    with django_capture_on_commit_callbacks(execute=True):
        match = import_match(report, by=commissioner).match
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    client.force_login(coach_alice)
    form = _page(client, match)
    form = form[form.index('id="raise-home"') :]
    assert "Nurgle's Rot" in form and "Rotter" in form and f"nurgles_rot:{goblin.pk}" not in form
    url = reverse("matches:raise", args=[match.pk])
    text = html.unescape(
        client.post(
            url, {"side": "home", "choice": f"nurgles_rot:{goblin.pk}", "name": "G"}, follow=True
        ).content.decode()
    )
    assert f"{goblin} cannot be raised: he has Stunty." in text
    for n in (3, 4):
        victim = pbbl_orcs.players.get(number=n)
        assert (
            client.post(url, {"side": "home", "choice": f"nurgles_rot:{victim.pk}", "name": f"Rot {n}"}).status_code
            == 302
        )
    assert sorted(nurgle.players.filter(raised_from__isnull=False).values_list("position", flat=True)) == ["rotter"] * 2
