"""A drawn play-off bracket after a correction of the regular season, through the correction's page
and the API (docs/decisions/matches.md, "A bracket after a correction"): while none of its matches
is under way the preview shows the drawn and the corrected seeding side by side and the commissioner
may have the bracket drawn again (audited); once one is, the correction is refused, naming the
season and the match, until he confirms that the bracket stays as it stands; a correction that
leaves the seeding as drawn asks nothing.

The season (tests/builders.make_season): Team k beats every team after it 2-0, so the table is
Team 01, 02, 03, 04...; the bracket is seeded by the standings (1 v 4, 2 v 3). The correction turns
Team 01's 2-0 win over Team 02 into a 0-3 loss: Team 02 tops the table, Team 01 is second.
"""

from __future__ import annotations

import re

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from league.competitions.seasons.models import Bracket
from league.competitions.standings.playoffs import redraw as redraw_module
from league.competitions.standings.playoffs.services import BracketChoice, bracket_create, build
from league.core import events
from league.core.models import AuditEntry
from league.scheduling import brackets as engine
from matches.models import Match, MatchCorrection

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]

SWAPPED = {"home_score": 0, "away_score": 3, "home_uncredited_touchdowns": 0, "away_uncredited_touchdowns": 3}
WIDER = {"home_score": 3, "away_score": 0, "home_uncredited_touchdowns": 3, "away_uncredited_touchdowns": 0}


def drawn(make_season, commissioner, n: int = 4, size: int | None = None):
    season, teams = make_season(n)
    bracket = bracket_create(
        season=season, choice=BracketChoice(size or n, "standings", "standings"), by=commissioner, unplayed_ok=True
    )
    match = Match.objects.get(home=teams[0], away=teams[1], stage="")
    return season, teams, bracket, match


def pairings(bracket: Bracket) -> dict[int, tuple[int, int]]:
    """Each game's match, as (home, away) team ids, by game number."""
    return {
        g.number: (g.match.home_id, g.match.away_id)
        for g in bracket.games.select_related("match").exclude(match=None).order_by("number")
    }


def expected_pairings(bracket: Bracket, seeds: list[int]) -> dict[int, tuple[int, int]]:
    """What a bracket created from these seeds would pair, in the games whose two teams are known."""
    fresh = build(seeds, bracket.seeding, bracket.third_place, bracket.draw_roll)
    found = {}
    for game in fresh.games:
        home, away = engine.participants(fresh, game.number)
        if home is not None and away is not None and not engine.is_bye(fresh, game.number):
            found[game.number] = (home, away)
    return found


def text(response) -> str:
    body = response.content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).replace("&#x27;", "'")


def draft_on_page(client, match: Match, result: dict[str, int]) -> MatchCorrection:
    """The correction sheet as the page fills it, the result changed, posted: the draft's preview."""
    url = reverse("matches:correct", args=[match.pk])
    form = client.get(url).context["form"]
    data = {
        name: "on" if value is True else str(value)
        for name, value in form.initial.items()
        if value not in (None, "", False)
    }
    data |= {name: str(value) for name, value in result.items()} | {"action": "edit", "reason": "score misread"}
    response = client.post(url, data)
    assert response.status_code == 302, text(response)
    return MatchCorrection.objects.filter(match=match).latest("pk")


def page(correction: MatchCorrection) -> str:
    return reverse("matches:correction", args=[correction.pk])


def confirm_on_page(client, correction, capture, **boxes: str):
    with capture(execute=True):  # the worker's task, in-process, once the confirmation commits
        return client.post(page(correction), {"action": "confirm", **boxes}, follow=True)


def play_first_game(bracket: Bracket, status: str = Match.Status.PROCESSED) -> Match:
    game = bracket.games.exclude(match=None).order_by("number").first()
    Match.objects.filter(pk=game.match_id).update(status=status, home_score=1, away_score=0)
    return Match.objects.select_related("home", "away").get(pk=game.match_id)


# --- Through the pages ---


def test_the_preview_shows_both_seedings_and_a_redraw_accepted_follows_the_new_one(
    client, make_season, commissioner, django_capture_on_commit_callbacks
):
    season, teams, bracket, match = drawn(make_season, commissioner)
    t1, t2, t3, t4 = (t.pk for t in teams)
    assert pairings(bracket) == {1: (t1, t4), 2: (t2, t3)}
    client.force_login(commissioner)
    correction = draft_on_page(client, match, SWAPPED)

    preview = client.get(page(correction))
    body, words = preview.content.decode(), text(preview)
    assert f'id="bracket-seeds-{season.pk}"' in body and 'name="redraw_bracket"' in body
    assert 'id="bracket-warning"' not in body and 'name="acknowledged"' not in body
    # Side by side: seed, as drawn, by the corrected table.
    assert "1 Team 01 Team 02" in words and "2 Team 02 Team 01" in words and "3 Team 03 Team 03" in words
    assert "Redraw the bracket with the new seeding" in words

    answer = confirm_on_page(client, correction, django_capture_on_commit_callbacks, redraw_bracket="on")
    assert answer.status_code == 200
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    assert correction.preview["redraw_brackets"] == [season.pk]
    bracket.refresh_from_db()
    assert bracket.seeds == [t2, t1, t3, t4]
    assert pairings(bracket) == {1: (t2, t4), 2: (t1, t3)} == expected_pairings(bracket, bracket.seeds)
    assert Match.objects.filter(season=season, stage=Match.Stage.SEMI_FINAL).count() == 2  # the old ones gone
    entry = AuditEntry.objects.get(action="league.playoffs.redrawn")
    assert entry.data["seeds_before"] == ["Team 01", "Team 02", "Team 03", "Team 04"]
    assert entry.data["seeds_after"] == ["Team 02", "Team 01", "Team 03", "Team 04"]
    assert entry.data["correction"] == correction.pk and entry.actor_id == commissioner.pk
    assert "Season 1 play-offs drawn again with the corrected table" in text(client.get(page(correction)))


def test_not_accepted_the_bracket_stands_as_drawn(
    client, make_season, commissioner, django_capture_on_commit_callbacks
):
    season, teams, bracket, match = drawn(make_season, commissioner)
    before, seeds = pairings(bracket), list(bracket.seeds)
    ids = set(bracket.games.exclude(match=None).values_list("match_id", flat=True))
    client.force_login(commissioner)
    correction = draft_on_page(client, match, SWAPPED)
    confirm_on_page(client, correction, django_capture_on_commit_callbacks)
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    bracket.refresh_from_db()
    assert bracket.seeds == seeds and pairings(bracket) == before
    assert set(bracket.games.exclude(match=None).values_list("match_id", flat=True)) == ids
    assert not AuditEntry.objects.filter(action="league.playoffs.redrawn").exists()
    match.refresh_from_db()
    assert (match.home_score, match.away_score) == (0, 3)


def test_a_played_bracket_refuses_naming_the_match_then_stands_once_confirmed(
    client, make_season, commissioner, django_capture_on_commit_callbacks
):
    season, teams, bracket, match = drawn(make_season, commissioner)
    played = play_first_game(bracket)
    before = pairings(bracket)
    client.force_login(commissioner)
    correction = draft_on_page(client, match, SWAPPED)
    body = client.get(page(correction)).content.decode()
    assert 'id="bracket-warning"' in body and 'name="acknowledged"' in body and 'name="redraw_bracket"' not in body

    refused = text(confirm_on_page(client, correction, django_capture_on_commit_callbacks))
    assert (
        f"The Season 1 play-off bracket cannot be drawn again: its match {played.home.name} – {played.away.name}"
        in (refused)
    )
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.DRAFT
    # A redraw asked for anyway is refused the same way: the bracket has a match under way.
    confirm_on_page(client, correction, django_capture_on_commit_callbacks, redraw_bracket="on", acknowledged="on")
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.DRAFT

    confirm_on_page(client, correction, django_capture_on_commit_callbacks, acknowledged="on")
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    assert correction.preview["kept_brackets"] == [season.pk]
    bracket.refresh_from_db()
    assert bracket.seeds == [t.pk for t in teams] and pairings(bracket) == before


def test_a_seeding_left_as_drawn_asks_nothing(client, make_season, commissioner, django_capture_on_commit_callbacks):
    season, teams, bracket, match = drawn(make_season, commissioner)
    play_first_game(bracket)  # even with a match played: the seeding does not move
    client.force_login(commissioner)
    correction = draft_on_page(client, match, WIDER)
    body = client.get(page(correction)).content.decode()
    assert "bracket-seeds-" not in body and "bracket-warning" not in body
    confirm_on_page(client, correction, django_capture_on_commit_callbacks)
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason


def test_the_bracket_section_reads_in_french(client, make_season, commissioner):
    season, teams, bracket, match = drawn(make_season, commissioner)
    client.force_login(commissioner)
    correction = draft_on_page(client, match, SWAPPED)
    words = text(client.get(page(correction), HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Refaire le tirage du tableau avec les nouvelles têtes de série" in words
    assert "Selon le classement corrigé" in words


# --- Through the API ---


@pytest.fixture
def api(commissioner) -> APIClient:
    client = APIClient()
    client.force_login(commissioner)
    return client


def api_draft(api, match: Match, result: dict[str, int]) -> dict:
    response = api.post(
        f"/api/matches/{match.pk}/corrections/",
        {"reason": "score misread", "inputs": {"result": result}},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()


def api_confirm(api, correction_id: int, capture, body: dict):
    with capture(execute=True):
        return api.post(f"/api/matches/corrections/{correction_id}/confirm/", body, format="json")


def test_the_api_redraws_keeps_and_refuses(
    api, make_season, commissioner, django_capture_on_commit_callbacks, monkeypatch
):
    season, teams, bracket, match = drawn(make_season, commissioner)
    t1, t2, t3, t4 = (t.pk for t in teams)
    told: list[events.Event] = []
    monkeypatch.setitem(events.LISTENERS, "test", told.append)
    draft = api_draft(api, match, SWAPPED)
    seeding = draft["preview"]["derived"][f"seeding:{season.pk}"]["after"]
    assert seeding["qualified"] == ["Team 02", "Team 01", "Team 03", "Team 04"] and seeding["played"] is False

    wrong = api_confirm(api, draft["id"], django_capture_on_commit_callbacks, {"redraw_bracket": "yes"})
    assert wrong.status_code == 400 and wrong.json()["errors"] == ["redraw_bracket: true or false."]
    done = api_confirm(api, draft["id"], django_capture_on_commit_callbacks, {"redraw_bracket": True})
    assert done.status_code == 202, done.content
    assert api.get(f"/api/matches/corrections/{draft['id']}/").json()["moved"]["bracket_redrawn"] == [
        {
            "season": "Season 1",
            "before": ["Team 01", "Team 02", "Team 03", "Team 04"],
            "after": ["Team 02", "Team 01", "Team 03", "Team 04"],
        }
    ]
    bracket.refresh_from_db()
    assert pairings(bracket) == {1: (t2, t4), 2: (t1, t3)}
    # The season's coaches are told (in-app, by mail, webhooks), once the correction commits.
    (redrawn,) = [e for e in told if e.kind == "playoffs.redrawn"]
    assert set(redrawn.recipients) == {t.coach_id for t in teams}
    assert redrawn.data["seeds_after"] == ["Team 02", "Team 01", "Team 03", "Team 04"]

    # The table back as it was: with a semi-final played, the API refuses until keep_bracket.
    played = play_first_game(bracket)
    back = api_draft(api, match, {**WIDER, "home_score": 2, "home_uncredited_touchdowns": 2})
    refused = api_confirm(api, back["id"], django_capture_on_commit_callbacks, {})
    assert refused.status_code == 400
    assert f"its match {played.home.name} – {played.away.name} is already under way" in refused.json()["errors"][0]
    kept = api_confirm(api, back["id"], django_capture_on_commit_callbacks, {"keep_bracket": True})
    assert kept.status_code == 202, kept.content
    bracket.refresh_from_db()
    assert bracket.seeds == [t2, t1, t3, t4]  # stands as drawn
    assert MatchCorrection.objects.get(pk=back["id"]).status == MatchCorrection.Status.APPLIED


def test_the_api_refuses_a_redraw_when_the_seeding_does_not_move(
    api, make_season, commissioner, django_capture_on_commit_callbacks
):
    season, teams, bracket, match = drawn(make_season, commissioner)
    draft = api_draft(api, match, WIDER)
    refused = api_confirm(api, draft["id"], django_capture_on_commit_callbacks, {"redraw_bracket": True})
    assert refused.status_code == 400 and "no play-off bracket to draw again" in refused.json()["errors"][0]
    assert api_confirm(api, draft["id"], django_capture_on_commit_callbacks, {}).status_code == 202


def test_a_match_under_way_since_the_preview_fails_the_redraw_and_changes_nothing(
    api, make_season, commissioner, django_capture_on_commit_callbacks
):
    season, teams, bracket, match = drawn(make_season, commissioner)
    draft = api_draft(api, match, SWAPPED)
    started = play_first_game(bracket, Match.Status.PREMATCH_DONE)  # after the preview
    before = pairings(bracket)
    api_confirm(api, draft["id"], django_capture_on_commit_callbacks, {"redraw_bracket": True})
    correction = MatchCorrection.objects.get(pk=draft["id"])
    assert correction.status == MatchCorrection.Status.FAILED
    assert f"{started.home.name} – {started.away.name} is under way since the preview" in correction.failure_reason
    bracket.refresh_from_db()
    match.refresh_from_db()
    assert pairings(bracket) == before and (match.home_score, match.away_score) == (2, 0)


# --- Byes and later rounds ---


def test_byes_and_a_later_round_already_paired_are_drawn_again(
    api, make_season, commissioner, django_capture_on_commit_callbacks
):
    # Five teams in a bracket of eight: seeds 1, 2 and 3 have byes; game 6 (winner of 2's bye v winner
    # of 3's bye) is paired from the start. The correction makes Team 02 seed 1 and Team 01 seed 2.
    season, teams, bracket, match = drawn(make_season, commissioner, n=5)
    t1, t2, t3, t4, t5 = (t.pk for t in teams)
    assert pairings(bracket) == {2: (t4, t5), 6: (t2, t3)}
    draft = api_draft(api, match, SWAPPED)
    api_confirm(api, draft["id"], django_capture_on_commit_callbacks, {"redraw_bracket": True})
    bracket.refresh_from_db()
    assert bracket.seeds == [t2, t1, t3, t4, t5]
    assert pairings(bracket) == {2: (t4, t5), 6: (t1, t3)} == expected_pairings(bracket, bracket.seeds)
    byes = dict(bracket.games.filter(round_number=1).exclude(winner=None).values_list("number", "winner_id"))
    assert byes == {1: t2, 3: t1, 4: t3}


@pytest.fixture
def six(make_season):
    return make_season(6, number=7)


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_redraw_is_the_bracket_the_new_seeds_would_have_drawn(six, commissioner, monkeypatch, data):
    """Any size, either seeding, with or without a third-place game, another order or other
    qualifiers: drawn again, the bracket pairs (and gives its byes) as one created from the new seeds."""
    season, teams = six
    n = data.draw(st.integers(min_value=2, max_value=6), label="teams")
    seeding = data.draw(st.sampled_from(["standings", "draw"]), label="seeding")
    third = n >= 4 and data.draw(st.booleans(), label="third place")
    seeds = [teams[k].pk for k in data.draw(st.permutations(range(6)), label="new table")[:n]]

    class Done(Exception):
        pass

    try:
        with transaction.atomic():  # each example on the same season, put back
            bracket = bracket_create(
                season=season, choice=BracketChoice(n, "standings", seeding, third), by=commissioner, unplayed_ok=True
            )
            drawn_seeds = list(bracket.seeds)
            monkeypatch.setattr(redraw_module, "qualifiers", lambda season, choice: seeds)
            done = redraw_module.redraw_brackets([season.pk], by=commissioner, match_id=0, correction=0)
            assert bool(done) == (seeds != drawn_seeds)
            bracket.refresh_from_db()
            assert bracket.seeds == seeds
            assert pairings(bracket) == expected_pairings(bracket, seeds)
            fresh = build(seeds, seeding, third, bracket.draw_roll)
            for game in bracket.games.all():
                if engine.is_bye(fresh, game.number):
                    assert game.winner_id == engine.winner(fresh, game.number)
            live = set(Match.objects.filter(season=season).exclude(stage="").values_list("pk", flat=True))
            assert live == set(bracket.games.exclude(match=None).values_list("match_id", flat=True))
            raise Done
    except Done:
        pass


def test_a_coach_accepting_the_others_proposal_never_redraws(
    make_season, commissioner, django_capture_on_commit_callbacks
):
    season, teams, bracket, match = drawn(make_season, commissioner)
    league = season.league
    league.coaches_correct = True
    league.save(update_fields=["coaches_correct"])
    proposer, other = APIClient(), APIClient()
    proposer.force_login(teams[0].coach)
    other.force_login(teams[1].coach)
    draft = api_draft(proposer, match, SWAPPED)
    refused = api_confirm(other, draft["id"], django_capture_on_commit_callbacks, {"redraw_bracket": True})
    assert refused.status_code == 400
    assert refused.json()["errors"] == ["Only the commissioner can have a play-off bracket drawn again."]
    assert api_confirm(other, draft["id"], django_capture_on_commit_callbacks, {}).status_code == 202
    bracket.refresh_from_db()
    assert bracket.seeds == [t.pk for t in teams]
