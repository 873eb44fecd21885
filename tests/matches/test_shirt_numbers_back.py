"""A player given back by a void, an edit or a replay (his death, departure or release taken back)
takes his shirt number back when no active team-mate wears it, else the lowest free one; the
preview says which, and a later late result of the team runs instead of failing on the number."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from league.rules import load_ruleset
from league.rules.postmatch import mvp_candidates
from matches.models import DiceRoll, Match, MatchCorrection, MatchEffect, MatchPlayer
from matches.services.snapshot import report_from_json
from teams.models import Player
from teams.services import player_hire
from tests.matches.history_helpers import Result, SteadyDice, enter, three_teams

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]

R, G, F = "Reavers", "Gouged Eye", "Grey Fangs"
DEATH = Result(R, G, 3, (1, 0), {("home", 1): {"touchdowns": 1}}, (("home", 3, 6, 1),))  # H3 dies (D68 61)
LATER = Result(R, F, 5, (0, 0))


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


def text(response) -> str:
    body = response.content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).replace("&#x27;", "'").replace("\u00a0", " ")


def confirm(client, correction: MatchCorrection, capture) -> MatchCorrection:
    with capture(execute=True):
        response = client.post(reverse("matches:correction", args=[correction.pk]), {"action": "confirm"})
    assert response.status_code == 302
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    return correction


def void(client, match: Match, capture) -> tuple[MatchCorrection, str]:
    response = client.post(
        reverse("matches:correct", args=[match.pk]), {"action": "void", "void-reason": "Never played"}
    )
    assert response.status_code == 302, text(response)
    correction = MatchCorrection.objects.filter(match=match).latest("pk")
    preview = text(client.get(response["Location"]))
    return confirm(client, correction, capture), preview


def restore(client, correction: MatchCorrection, capture) -> tuple[MatchCorrection, str]:
    response = client.post(
        reverse("matches:correction", args=[correction.pk]), {"action": "restore", "restore-reason": "It was played"}
    )
    assert response.status_code == 302
    again = MatchCorrection.objects.filter(match=correction.match).latest("pk")
    preview = text(client.get(response["Location"]))
    return confirm(client, again, capture), preview


@pytest.fixture
def league(user_factory, commissioner):
    teams = three_teams("Numbers", commissioner, user_factory("na"), user_factory("nb"), user_factory("nc"))
    # A twelfth Reaver: the death leaves eleven, and no journeyman takes the dead man's number.
    player_hire(team=teams[R], position="lineman", name="H12", by=teams[R].coach)
    return teams


def numbers(team) -> dict[str, tuple[int, str]]:
    return {p.name: (p.number, p.status) for p in Player.objects.filter(team=team)}


def test_a_void_gives_the_dead_man_another_number_when_his_is_worn(
    boss, league, commissioner, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    death = enter(league, DEATH, commissioner, capture)
    assert death.status == Match.Status.PROCESSED, death.failure_reason
    reavers = league[R]
    assert reavers.players.get(name="H3").status == Player.Status.DEAD
    # The coach fills the gap: the new lineman takes the lowest free number, the dead man's 3.
    rookie = player_hire(team=reavers, position="lineman", name="Newcomer", by=reavers.coach)
    assert rookie.number == 3
    before = numbers(reavers)

    voided, preview = void(boss, death, capture)
    assert "H3 takes number 13: 3 is now worn by Newcomer" in preview
    after = numbers(reavers)
    assert after["H3"] == (13, Player.Status.ACTIVE) and after["Newcomer"] == (3, Player.Status.ACTIVE)

    restored, preview = restore(boss, voided, capture)
    assert "Shirt numbers" in preview
    # He dies again in the restored match, with the number he wore in it.
    assert numbers(reavers) == before


def test_a_void_gives_his_number_back_when_it_is_free(boss, league, commissioner, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    death = enter(league, DEATH, commissioner, capture)
    _voided, preview = void(boss, death, capture)
    assert "H3 gets number 3 back" in preview
    assert numbers(league[R])["H3"] == (3, Player.Status.ACTIVE)


def test_the_preview_says_it_in_french(boss, league, commissioner, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    death = enter(league, DEATH, commissioner, capture)
    player_hire(team=league[R], position="lineman", name="Newcomer", by=league[R].coach)
    boss.cookies["django_language"] = "fr"
    _voided, preview = void(boss, death, capture)
    assert "H3 prend le numéro 13 : le 3 est porté par Newcomer" in preview


def test_a_late_result_before_the_death_runs_and_gives_the_number_back_after(
    league, commissioner, django_capture_on_commit_callbacks
):
    """A result played before the death, entered after the coach gave the number to a newcomer:
    the replay takes the death back, runs the late match, and kills him again with his number."""
    capture = django_capture_on_commit_callbacks
    enter(league, DEATH, commissioner, capture)
    reavers = league[R]
    player_hire(team=reavers, position="lineman", name="Newcomer", by=reavers.coach)
    before = numbers(reavers)
    later = enter(league, LATER, commissioner, capture)
    assert later.status == Match.Status.PROCESSED
    late = enter(league, Result(R, F, 1, (1, 0), {("home", 2): {"touchdowns": 1}}), commissioner, capture)
    assert late.status == Match.Status.PROCESSED, late.failure_reason
    assert numbers(reavers) == before


def test_after_a_void_the_later_match_draws_its_mvp_among_the_players_the_replayed_state_gives(
    boss, league, commissioner, django_capture_on_commit_callbacks
):
    """The match after the death was set up without H3 (dead then): once the death is void, its
    replay counts him among the players who could play, hence among the MVP candidates; restored,
    he leaves that roster again."""
    capture = django_capture_on_commit_callbacks
    death = enter(league, DEATH, commissioner, capture)
    later = enter(league, LATER, commissioner, capture)
    h3 = league[R].players.get(name="H3").pk
    assert not MatchPlayer.objects.filter(match=later, player_id=h3).exists()
    before = _candidates(later)
    assert f"p{h3}" not in before

    voided, _preview = void(boss, death, capture)
    line = MatchPlayer.objects.get(match=later, player_id=h3)
    assert line.eligible
    after = _candidates(later)
    assert after == tuple(sorted((*before, f"p{h3}"), key=_number_of))
    mvp = MatchEffect.objects.get(match=later, key="mvp:home:1")
    die = DiceRoll.objects.get(match=later, purpose="mvp:home:1").values[0]
    assert mvp.player_id == int(after[die - 1][1:])  # the stored die read on the replayed list

    restore(boss, voided, capture)
    assert not MatchPlayer.objects.filter(match=later, player_id=h3).exists()
    assert _candidates(later) == before


def _number_of(ref: str) -> int:
    return Player.objects.get(pk=int(ref[1:])).number


def _candidates(match: Match) -> tuple[str, ...]:
    """The home side's MVP candidates of the match's last run, from the report it stored."""
    match.refresh_from_db()
    report = report_from_json(match.postgame_input)
    return mvp_candidates(load_ruleset(match.league.ruleset), report.home)


def test_a_journeyman_the_replay_hires_again_takes_another_number_when_his_is_worn(
    boss, user_factory, commissioner, django_capture_on_commit_callbacks
):
    """Eleven Reavers: H3's death brings a journeyman, number 3. Corrected, H5 died instead of H3:
    H3 is back with his number 3, and the same journeyman joins again (the later match names him),
    with the lowest free number, 5."""
    capture = django_capture_on_commit_callbacks
    teams = three_teams("Journeymen", commissioner, user_factory("ja"), user_factory("jb"), user_factory("jc"))
    death = enter(teams, DEATH, commissioner, capture)
    journeyman = Player.objects.get(team=teams[R], journeyman=True, status=Player.Status.ACTIVE)
    assert journeyman.number == 3
    later = enter(teams, LATER, commissioner, capture)
    assert MatchPlayer.objects.filter(match=later, player=journeyman).exists()
    hired = Player.objects.filter(team=teams[R], journeyman=True).count()

    form = boss.get(reverse("matches:correct", args=[death.pk])).context["form"]
    data = {
        k: "on" if v is True else str(v)
        for k, v in form.initial.items()
        if v is not None and v != "" and v is not False
    }
    h3, h5 = (teams[R].players.get(name=name).pk for name in ("H3", "H5"))
    data = {k: v for k, v in data.items() if not k.startswith(f"p{h3}_")}
    data |= {f"p{h5}_d6": "6", f"p{h5}_d8": "1", "action": "edit", "reason": "H5 died, not H3"}
    response = boss.post(reverse("matches:correct", args=[death.pk]), data)
    assert response.status_code == 302
    correction = MatchCorrection.objects.get(match=death)
    preview = text(boss.get(response["Location"]))
    assert "H3 gets number 3 back" in preview
    confirm(boss, correction, capture)

    assert numbers(teams[R])["H3"] == (3, Player.Status.ACTIVE)
    assert numbers(teams[R])["H5"] == (5, Player.Status.DEAD)
    journeyman.refresh_from_db()
    assert journeyman.number == 5  # released after the later match, as before the correction
    assert Player.objects.filter(team=teams[R], journeyman=True).count() == hired
    assert MatchPlayer.objects.filter(match=later, player=journeyman).exists()
