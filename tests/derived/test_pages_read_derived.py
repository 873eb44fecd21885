"""The pages read the derived tables: a result entered as the pages enter it (its post-match
sequence run, on-commit callbacks run as a commit runs them), then the standings, the league's
home and the statistics pages served without computing the table or the figures on read; a void
(a correction replayed) brings them back to what is left."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.cache import caches
from django.urls import reverse
from django.utils import timezone

from league.competitions.derived import read as derived
from league.competitions.derived.models import DerivedDirty, PlayerTotal, StandingRow
from league.competitions.seasons.models import SeasonTeam
from matches.models import Match, MatchPlayer
from matches.services import PlayerLine, ReportInput
from matches.services.corrections import correction_confirm, correction_draft
from tests.derived.compare import differences
from tests.history.league import TeamSpec, build_league, listed, prepared, save_sheet, submit_and_confirm
from tests.standings.conftest import table_of

pytestmark = pytest.mark.django_db


def _computed_on_read(*args, **kwargs):
    raise AssertionError("computed on read: the derived tables should have been read")


def _lookups_only(patch) -> None:
    """The table and the figures may not be computed while the pages are read (and no page kept)."""
    for cache in caches.all():
        cache.clear()
    patch.setattr("league.competitions.derived.standing_rows.season_table", _computed_on_read)
    for name in ("leaders", "records", "hall_of_fame", "player_totals"):
        patch.setattr(f"league.competitions.stats.selectors.{name}", _computed_on_read)
    patch.setattr("league.pages.selectors.computed_season_leaders", _computed_on_read)


def _csv(client, name, slug, **query):
    response = client.get(reverse(f"league:{name}", args=[slug]), {"format": "csv", **query})
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode().lstrip("\ufeff"))))


def _one_result(commissioner, user_factory, capture):
    """A league of two teams and one result, 2-0, both touchdowns by the home team's first player."""
    coaches = [user_factory("coach-a"), user_factory("coach-b")]
    specs = [TeamSpec("Reavers", "human", 11), TeamSpec("Grey Fangs", "orc", 11)]
    built = build_league("Derived", commissioner, coaches, specs)
    match = prepared(built, "Reavers", "Grey Fangs", commissioner)
    scorer = listed(match)["home"][0]
    sheet = ReportInput(home_score=2, away_score=0, lines=(PlayerLine(scorer.player_id, touchdowns=2),))
    return built, submit_and_confirm(save_sheet(match, sheet), capture), scorer


def test_after_a_result_and_its_void_the_pages_read_the_derived_tables(
    client, commissioner, user_factory, django_capture_on_commit_callbacks, monkeypatch
):
    built, match, scorer = _one_result(commissioner, user_factory, django_capture_on_commit_callbacks)
    league, season = built.league, built.season
    assert match.status == "processed"
    assert not DerivedDirty.objects.filter(league=league).exists()
    assert StandingRow.objects.filter(season=season).count() == 2
    names = {t.pk: t.name for t in built.teams.values()}
    client.force_login(commissioner)

    with monkeypatch.context() as patch:
        _lookups_only(patch)
        standings = client.get(reverse("league:season_standings", args=[league.slug, season.number]))
        assert table_of(standings, names)[0][1:] == ("Reavers", 3)
        home = client.get(reverse("league:detail", args=[league.slug]))
        leaders = home.content.decode().partition('id="leaders-touchdowns"')[2].partition("</ol>")[0]
        assert scorer.player.display_name in leaders and "<strong>2</strong>" in leaders
        for rows in (_csv(client, "stats", league.slug), _csv(client, "stats", league.slug, season=season.number)):
            row = next(r for r in rows if r.get("Player") == scorer.player.display_name)
            assert row["Touchdowns"] == "2"
        page = client.get(reverse("league:stats", args=[league.slug]))
        assert page.status_code == 200 and scorer.player.display_name in page.content.decode()
        records = _csv(client, "stats_records", league.slug)
        assert any(r["Player"] == scorer.player.display_name and r["Value"] == "2" for r in records)
        hall = _csv(client, "stats_hall_of_fame", league.slug)
        assert any(r["Player"] == scorer.player.display_name for r in hall)

    correction = correction_draft(match=match, by=commissioner, reason="void", void=True)
    with django_capture_on_commit_callbacks(execute=True):
        correction_confirm(correction=correction, by=commissioner)
    match.refresh_from_db()
    assert match.status == "void"
    assert not PlayerTotal.objects.filter(league=league).exclude(spp=0, touchdowns=0, mvps=0).exists()

    _lookups_only(monkeypatch)
    standings = client.get(reverse("league:season_standings", args=[league.slug, season.number]))
    assert [points for _position, _team, points in table_of(standings, names)] == [0, 0]
    assert _csv(client, "stats", league.slug) == []
    assert _csv(client, "stats_records", league.slug) == []
    assert _csv(client, "stats_hall_of_fame", league.slug) == []


def test_a_write_no_receiver_heard_is_never_shown_and_the_next_build_takes_it_in(
    commissioner, user_factory, django_capture_on_commit_callbacks
):
    built, match, scorer = _one_result(commissioner, user_factory, django_capture_on_commit_callbacks)
    league = built.league
    assert derived.stats_ready(league) and differences(league) == []
    # A bulk write (as an import writes): a line changed and its match stamped, no signal sent.
    MatchPlayer.objects.filter(match=match, player_id=scorer.player_id).update(touchdowns=3)
    Match.objects.filter(pk=match.pk).update(processed_at=timezone.now())
    assert not derived.stats_ready(league)  # the pages compute: nothing stale is shown
    assert [r["touchdowns"] for r in derived.leaders(league) if r["player"] == scorer.player_id] == [3]
    # The next change the receivers hear (a lot drawn, here a season's entry saved) is built, and
    # the build sees the sums moved: the league is built whole again.
    with django_capture_on_commit_callbacks(execute=True):
        SeasonTeam.objects.filter(season=built.season).first().save()
    assert derived.stats_ready(league)
    assert differences(league) == []
