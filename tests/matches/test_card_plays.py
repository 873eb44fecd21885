"""Special play cards played in a match (LRB6 p.34-42, spec §11 ★; PBBL A14-A15): marked on the
match page by the side that bought them, with the players they touched, and applied by the
post-match sequence: a death cancelled, an injury erased by a sponge where the league says so, an
opponent who may not be MVP; a card that changes nothing lasting leaves the roster as it was. The
outcome page names the card behind each effect. Refusals are worded and change nothing."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from league.core.models import AuditEntry
from matches.card_models import MatchCard
from matches.models import Match, MatchEffect
from matches.services import PrematchInput, prematch_record, report_confirm
from teams.models import Player
from tests.builders import pid, scheduled_in
from tests.matches.test_card_purchase import buy, set_cards
from tests.matches.test_views_support import login, report_data

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def card_match(client, commissioner, coach_alice, coach_bob) -> Match:
    """Humans (alice, home) v Orcs (bob), LRB6, a 200,000 card budget each. Alice enters the Miracle
    Worker drawn at the table (Good Karma, 100,000) and draws a Miscellaneous Mayhem card on the
    site; Bob enters Badyear Git. Then the pre-match is recorded."""
    match = scheduled_in("lrb6", "Card League", commissioner, coach_alice, coach_bob)
    set_cards(client, commissioner, match.league, **{"cards.mode": "budget", "cards.budget": 200_000})
    login(client, coach_alice)
    buy(client, match, "home", "good_karma", "miracle_worker")
    buy(client, match, "home", "special_team_plays")
    login(client, coach_bob)
    buy(client, match, "away", "miscellaneous_mayhem", "badyear_git")
    return prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)


def play(client, match, side: str, card: str, *players: int, played: str = "1", lang: str = "en") -> str:
    client.cookies["django_language"] = lang
    response = client.post(
        reverse("matches:card_play", args=[match.pk]),
        {"side": side, "card": card, "players": [str(p) for p in players], "played": played},
        follow=True,
    )
    assert response.status_code == 200
    return text(response)


def confirm(client, match, coach_alice, coach_bob, capture, **fields) -> Match:
    """Alice saves and submits the sheet (1-0 and `fields`), Bob confirms, the sequence runs."""
    url = reverse("matches:result", args=[match.pk])
    response = login(client, coach_alice).post(url, report_data(match, **fields) | {"action": "submit"})
    assert response.status_code == 302, text(response)
    with capture(execute=True):
        report_confirm(match=match, by=coach_bob)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    return match


def test_a_miracle_worker_cancels_a_death_and_the_outcome_page_names_it(
    client, card_match, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    match, h3 = card_match, pid(card_match.home, 3)
    login(client, coach_alice)
    page = play(client, match, "home", "miracle_worker", h3)
    assert "The card is marked as played." in page
    assert match.cards_played == [] and Match.objects.get(pk=match.pk).cards_played == [
        {"side": "home", "card": "miracle_worker", "players": [h3]}
    ]
    # Bob sees the card played, not Alice's other card (drawn by the site, still secret).
    other = MatchCard.objects.get(match=match, side="home", deck="special_team_plays").card
    bob_page = text(login(client, coach_bob).get(match.get_absolute_url()))
    section = bob_page[bob_page.index('id="card-plays"') :]
    assert "Miracle Worker" in section and f'id="card-play-home-{other}"' not in section
    # #3 killed (D6 6, D8 1: 61), the card makes him KO'd instead.
    match = confirm(
        client, match, coach_alice, coach_bob, django_capture_on_commit_callbacks, **{f"p{h3}_d6": 6, f"p{h3}_d8": 1}
    )
    player = Player.objects.get(pk=h3)
    assert player.status == Player.Status.ACTIVE and not player.injuries.exists()
    assert not MatchEffect.objects.filter(match=match, kind="dead").exists()
    effect = MatchEffect.objects.get(match=match, kind="card_played")
    assert effect.player_id == h3 and effect.data["lasting"] == "cancel_casualty"
    outcome = text(login(client, coach_alice).get(match.get_absolute_url()))
    assert "Miracle Worker played: the casualty of #3 H3 is cancelled, he was only KO'd." in outcome
    client.cookies["django_language"] = "fr"
    outcome = text(client.get(match.get_absolute_url()))
    assert "Carte Doigts de fée jouée : la sortie de #3 H3 est annulée, il n'était que K.O." in outcome
    assert AuditEntry.objects.filter(action="matches.card.played").count() == 1


def test_the_same_death_without_the_card_kills(
    client, card_match, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    match, h3 = card_match, pid(card_match.home, 3)
    confirm(
        client, match, coach_alice, coach_bob, django_capture_on_commit_callbacks, **{f"p{h3}_d6": 6, f"p{h3}_d8": 1}
    )
    assert Player.objects.get(pk=h3).status == Player.Status.DEAD


def test_a_card_that_changes_nothing_lasting_leaves_the_roster_as_it_was(
    client, card_match, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    match, o4 = card_match, pid(card_match.away, 4)
    before = list(Player.objects.filter(team=match.away).values_list("pk", "spp", "status", "niggling_injuries"))
    login(client, coach_bob)
    play(client, match, "away", "badyear_git", o4)
    match = confirm(client, match, coach_alice, coach_bob, django_capture_on_commit_callbacks)
    after = list(Player.objects.filter(team=match.away).values_list("pk", "spp", "status", "niggling_injuries"))
    mvp = MatchEffect.objects.get(match=match, kind="mvp", team=match.away).player_id
    assert [row for row in after if row[0] != mvp] == [row for row in before if row[0] != mvp]
    assert not Player.objects.get(pk=o4).advancements.exists()
    outcome = text(login(client, coach_bob).get(match.get_absolute_url()))
    assert "Badyear Git played: nothing lasts after the match." in outcome


@pytest.mark.parametrize(
    ("who", "card", "players", "message"),
    [
        ("alice", "badyear_git", (), "Reavers did not buy Badyear Git for this match."),
        ("alice", "miracle_worker", (), "Miracle Worker: name the one player it touched."),
        ("alice", "miracle_worker", ("away", 2), "Miracle Worker: name a player of Reavers."),
        ("alice", "miracle_worker", (99999,), "Miracle Worker: name players who took part in this match."),
    ],
    ids=["not-bought", "no-player", "opponent", "stranger"],
)
def test_each_refusal_is_worded_and_changes_nothing(client, card_match, coach_alice, who, card, players, message):
    match = card_match
    ids = [pid(match.away, p) if isinstance(p, int) and p < 99 else p for p in players if p != "away"]
    login(client, coach_alice)
    assert message in play(client, match, "home", card, *ids)
    assert Match.objects.get(pk=match.pk).cards_played == []


def test_only_the_cards_side_plays_it_and_only_until_submission(client, card_match, coach_alice, coach_bob):
    match, h3 = card_match, pid(card_match.home, 3)
    login(client, coach_bob)
    assert "Only the coach of Reavers or the commissioner plays its cards." in play(
        client, match, "home", "miracle_worker", h3
    )
    login(client, coach_alice)
    play(client, match, "home", "miracle_worker", h3)
    assert "The card is marked as not played." in play(client, match, "home", "miracle_worker", played="0")
    assert Match.objects.get(pk=match.pk).cards_played == []
    Match.objects.filter(pk=match.pk).update(status=Match.Status.SUBMITTED)
    page = play(client, match, "home", "miracle_worker", h3)
    assert Match.objects.get(pk=match.pk).cards_played == [] and "alert-danger" in page


def test_the_card_must_undo_something_the_player_suffered(client, card_match, coach_alice):
    match, h3 = card_match, pid(card_match.home, 3)
    login(client, coach_alice)
    play(client, match, "home", "miracle_worker", h3)
    url = reverse("matches:result", args=[match.pk])
    response = client.post(url, report_data(match) | {"action": "submit"}, follow=True)
    assert (
        "Miracle Worker: #3 H3 suffered no injury of 41 or more in this match, so the card has nothing to undo."
        in text(response)
    )
    assert Match.objects.get(pk=match.pk).status == Match.Status.DRAFT


def test_the_panel_and_its_messages_in_french(client, card_match, coach_alice):
    match, h3 = card_match, pid(card_match.home, 3)
    login(client, coach_alice)
    page = play(client, match, "home", "miracle_worker", h3, lang="fr")
    assert "La carte est marquée comme jouée." in page
    section = page[page.index('id="card-plays"') :]
    for words in ("Cartes spéciales jouées", "Doigts de fée", "Jouée", "Change un registre de la ligue", "#3 H3"):
        assert words in section, words
    assert "%(card)s : indiquez le joueur, un seul, que la carte a touché." not in page
    assert "Doigts de fée : indiquez le joueur, un seul, que la carte a touché." in play(
        client, match, "home", "miracle_worker", lang="fr"
    )
