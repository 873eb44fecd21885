"""Play-offs through the pages and the real post-match runner: qualification, the stored draw,
winners advancing by themselves, the final deciding the season."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from league.competitions.seasons.models import Bracket, BracketGame, Round, Season
from league.competitions.standings.playoffs.services import match_processed
from league.core.models import AuditEntry

from league.scheduling.brackets import bracket as engine_bracket
from league.scheduling.brackets import participants
from matches.models import Match
from tests.builders import play

pytestmark = pytest.mark.django_db


def url(season) -> str:
    return reverse("league:season_playoffs", args=[season.league.slug, season.number])


def create(client, season, **fields):
    data = {"size": "4", "qualification": "standings", "seeding": "draw", "action": "confirm", **fields}
    return client.post(url(season), {k: str(v) for k, v in data.items()})


def test_five_teams_top_four_drawn_into_semis_then_final_then_champion(
    client, make_season, commissioner, django_capture_on_commit_callbacks
):
    season, teams = make_season(5)
    client.force_login(commissioner)
    page = client.get(url(season))
    assert page.status_code == 200 and 'id="bracket-form"' in page.content.decode()
    preview = client.post(
        url(season), {"size": "4", "qualification": "standings", "seeding": "draw", "action": "preview"}
    )
    text = preview.content.decode()
    assert preview.status_code == 200 and 'id="bracket-preview"' in text
    assert not Bracket.objects.exists()  # a preview writes nothing
    listed = text[text.index('id="bracket-preview"') :]
    assert [listed.index(t.name) for t in teams[:4]] == sorted(listed.index(t.name) for t in teams[:4])
    assert teams[4].name not in listed

    response = create(client, season)
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.status == Season.Status.PLAYOFFS
    bracket = Bracket.objects.get(season=season)
    assert bracket.seeds == [t.pk for t in teams[:4]] and isinstance(bracket.draw_roll, int)
    # The stored die reproduces the draw.
    again = engine_bracket(bracket.seeds, random_draw=True, rng=random.Random(bracket.draw_roll))
    semis = list(Match.objects.filter(season=season, stage="semi_final").order_by("bracket_game__number"))
    assert [(m.home_id, m.away_id) for m in semis] == [participants(again, n) for n in (1, 2)]
    assert Round.objects.filter(season=season, phase="playoff").count() == 2
    assert not Match.objects.filter(season=season, stage="final").exists()
    page = client.get(url(season)).content.decode()
    assert f"Drawn at random with the number {bracket.draw_roll}" in page and "Semi-finals" in page

    winners = []
    for semi in semis:
        played = play(semi, 1, 2, django_capture_on_commit_callbacks)  # the away side wins
        winners.append(played.away_id)
    final = Match.objects.get(season=season, stage="final")
    assert (final.home_id, final.away_id) == tuple(winners) and final.round.code == "final"
    assert final.is_final_stage
    assert BracketGame.objects.get(match=semis[0]).winner_id == winners[0]
    season.refresh_from_db()
    assert season.status == Season.Status.PLAYOFFS and season.winner is None

    play(final, 3, 1, django_capture_on_commit_callbacks)
    season.refresh_from_db()
    assert season.winner_id == winners[0] and season.status == Season.Status.CLOSED and season.closed_at
    assert AuditEntry.objects.filter(action="league.playoffs.champion").count() == 1
    assert AuditEntry.objects.filter(action="league.playoffs.closed").count() == 1
    page = client.get(url(season)).content.decode()
    assert 'id="champion"' in page and season.winner.name in page[page.index('id="champion"') :][:300]

    # Running the advance again changes nothing.
    counts = (
        Match.objects.count(),
        AuditEntry.objects.count(),
        BracketGame.objects.filter(winner__isnull=False).count(),
    )
    for match in [*semis, final]:
        match_processed(match.pk)
    assert counts == (
        Match.objects.count(),
        AuditEntry.objects.count(),
        BracketGame.objects.filter(winner__isnull=False).count(),
    )
