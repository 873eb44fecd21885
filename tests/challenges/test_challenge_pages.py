"""League challenges through the pages (seed 000 p.31 L4036-4057): issue, the weekly
limit, accept, refuse (a 2-0 with nothing else changed), replacements, the commissioner's ruling
on a late answer, and who may do what."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.forms.models import model_to_dict
from django.urls import reverse
from django.utils import timezone
from league.competitions.challenges.models import Challenge
from league.core.models import AuditEntry, HouseRule

from matches.models import Match
from teams.models import Advancement, Injury, Player, Team, TreasuryEntry
from tests.challenges.conftest import answer, issue, login, regular_season, url
from tests.seasons.helpers import play
from tests.standings.conftest import figures_of

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def messages_of(response) -> str:
    return response.content.decode()


def test_a_coach_issues_a_challenge_and_the_page_shows_it_with_its_deadline(world):
    season, (a, b, *_rest) = world
    before = timezone.now()
    response = issue(season, a, b)
    assert response.status_code == 302
    challenge = Challenge.objects.get()
    assert (challenge.challenger, challenge.challenged, challenge.status) == (a, b, "pending")
    # One day to answer by default (the rule), from the issue.
    assert before + timedelta(days=1) <= challenge.deadline <= timezone.now() + timedelta(days=1)
    assert AuditEntry.objects.filter(action="league.challenge.issued").count() == 1
    page = login(b.coach).get(url(season))
    html = page.content.decode()
    assert page.status_code == 200 and f'id="challenge-{challenge.pk}"' in html
    assert "Answer due" in html and 'value="accept"' in html  # the challenged coach may answer
    # The challenger may not answer his own challenge; the season page links to the list.
    assert 'value="accept"' not in login(a.coach).get(url(season)).content.decode()
    season_page = login(a.coach).get(season.get_absolute_url()).content.decode()
    assert url(season) in season_page
    assert 'id="season-challenges"' in season_page and "Answer due" in season_page  # the deadline shows there too


def test_the_weekly_limit_refuses_a_second_challenge_with_a_clear_message(world):
    season, (a, b, c, _d) = world
    assert issue(season, a, b).status_code == 302
    refused = issue(season, a, c)
    assert refused.status_code == 400
    assert "already issued 1 challenge(s) this week: the limit is 1 per week" in refused.content.decode()
    assert Challenge.objects.count() == 1
    # Another coach still may; a league that allows two a week lets the first coach issue again.
    assert issue(season, c, b).status_code == 302
    HouseRule.objects.create(league=season.league, key="challenges_per_week", value=2)
    assert issue(season, a, c).status_code == 302
    assert Challenge.objects.count() == 3


@pytest.mark.parametrize("case", ["itself", "not_in_season", "disabled", "closed"])
def test_bad_challenges_are_refused_and_change_nothing(world, make_teams, commissioner, case):
    season, (a, b, *_rest) = world
    target = b
    if case == "itself":
        target = a
    elif case == "not_in_season":
        (target,) = make_teams(1, prefix="Outsider")
    elif case == "disabled":
        HouseRule.objects.create(league=season.league, key="challenges_enabled", value=False)
    else:
        season.status = "closed"
        season.save()
    response = issue(season, a, target)
    assert response.status_code == 400
    expected = {
        "itself": "A team cannot challenge itself.",
        "not_in_season": "does not play in this season.",
        "disabled": "This league does not play challenges.",
        "closed": "Challenges are issued during the regular season only.",
    }[case]
    assert expected in response.content.decode()
    assert not Challenge.objects.exists()


def test_accepting_makes_a_fixture_of_the_season(world):
    season, (a, b, *_rest) = world
    issue(season, a, b)
    challenge = Challenge.objects.get()
    response = answer(season, challenge, b.coach, "accept")
    assert response.status_code == 302
    challenge.refresh_from_db()
    match = challenge.match
    assert challenge.status == "accepted" and match is not None
    assert (match.season, match.home, match.away, match.status, match.round) == (season, a, b, "scheduled", None)
    assert match.get_absolute_url() in login(a.coach).get(url(season)).content.decode()
    assert match.home.name in login(a.coach).get(season.get_absolute_url()).content.decode()
    # Answered once only.
    assert answer(season, challenge, b.coach, "refuse", confirmed="1").status_code == 400


def snapshot(*teams: Team) -> dict:
    """Everything a post-match sequence could change for these teams."""
    ids = [t.pk for t in teams]
    rows = lambda qs: [model_to_dict(row) for row in qs.order_by("pk")]  # noqa: E731
    return {
        "teams": rows(Team.objects.filter(pk__in=ids)),
        "players": rows(Player.objects.filter(team__in=ids)),
        "injuries": rows(Injury.objects.filter(player__team__in=ids)),
        "advancements": rows(Advancement.objects.filter(player__team__in=ids)),
        "ledger": rows(TreasuryEntry.objects.filter(team__in=ids)),
        "matches": rows(Match.objects.filter(home__in=ids) | Match.objects.filter(away__in=ids)),
    }


def test_a_refusal_is_a_2_0_win_in_the_standings_and_nothing_else_changes(world, boss):
    season, (a, b, c, d) = world
    # Some history to keep: SPP, a miss-next-game mark, a played match.
    Player.objects.filter(team=a, number=1).update(spp=7, miss_next_game=True)
    Player.objects.filter(team=b, number=2).update(spp=3, niggling_injuries=1, miss_next_game=True)
    play(Match.objects.create(league=season.league, home=c, away=d, season=season, scheduled_by=b.coach), 1, 0)
    issue(season, a, b)
    challenge = Challenge.objects.get()
    before = snapshot(a, b, c, d)
    standings_url = reverse("league:season_standings", args=[season.league.slug, season.number])
    names = {t.pk: t.name for t in (a, b, c, d)}
    # Read once before: the cached table must change when the refusal is recorded.
    assert figures_of(boss.get(standings_url), names)[a.name][0] == 0

    confirm = answer(season, challenge, b.coach, "refuse")
    assert confirm.status_code == 200 and "challenge-confirm-form" in confirm.content.decode()
    assert Challenge.objects.get().status == "pending"  # nothing until confirmed
    assert answer(season, challenge, b.coach, "refuse", confirmed="1").status_code == 302

    challenge.refresh_from_db()
    assert (challenge.status, challenge.forfeit_to, challenge.match) == ("refused", "challenger", None)
    assert snapshot(a, b, c, d) == before  # rosters, SPP, injuries, marks, treasury, ledger, FF
    figures = figures_of(boss.get(standings_url), names)
    # played, W, D, L, TD for, TD against, CAS for, CAS against, bonus, conceded, byes
    assert figures[a.name][:8] == (1, 1, 0, 0, 2, 0, 0, 0)
    assert figures[b.name][:8] == (1, 0, 0, 1, 0, 2, 0, 0)
    assert figures[c.name][:8] == (1, 1, 0, 0, 1, 0, 0, 0)


def test_the_league_setting_makes_a_refusal_clear_the_miss_next_game_marks(world):
    season, (a, b, *_rest) = world
    HouseRule.objects.create(league=season.league, key="challenge_refusal_clears_miss_next_game", value=True)
    marked = Player.objects.filter(team=b, number=2)
    marked.update(miss_next_game=True)
    issue(season, a, b)
    answer(season, Challenge.objects.get(), b.coach, "refuse", confirmed="1")
    assert not marked.get().miss_next_game
    assert Challenge.objects.get().cleared_marks == [marked.get().pk]


def test_a_replacement_who_agrees_plays_the_challenger(world):
    season, (a, b, c, _d) = world
    issue(season, a, b)
    challenge = Challenge.objects.get()
    assert answer(season, challenge, b.coach, "replace", replacement=c.pk).status_code == 302
    challenge.refresh_from_db()
    assert (challenge.status, challenge.replacement) == ("replacing", c)
    # Only the replacement's coach (or the commissioner) agrees for him.
    assert answer(season, challenge, b.coach, "agree").status_code == 403
    assert answer(season, challenge, c.coach, "agree").status_code == 302
    challenge.refresh_from_db()
    assert challenge.status == "replaced"
    assert (challenge.match.home, challenge.match.away, challenge.match.season) == (a, c, season)


def test_a_challenger_who_will_not_play_the_replacement_loses_0_2(world, boss):
    season, (a, b, c, d) = world
    issue(season, a, b)
    challenge = Challenge.objects.get()
    answer(season, challenge, b.coach, "replace", replacement=c.pk)
    # Before the replacement agrees there is nothing to decline.
    assert answer(season, challenge, a.coach, "decline", confirmed="1").status_code == 400
    answer(season, challenge, c.coach, "agree")
    assert answer(season, challenge, a.coach, "decline").status_code == 200  # the confirmation
    assert answer(season, challenge, a.coach, "decline", confirmed="1").status_code == 302
    challenge.refresh_from_db()
    assert (challenge.status, challenge.forfeit_to, challenge.match) == ("forfeited", "opponent", None)
    assert not Match.objects.exists()  # the scheduled fixture went
    standings = boss.get(reverse("league:season_standings", args=[season.league.slug, season.number]))
    figures = figures_of(standings, {t.pk: t.name for t in (a, b, c, d)})
    assert figures[a.name][:6] == (1, 0, 0, 1, 0, 2)
    assert figures[c.name][:6] == (1, 1, 0, 0, 2, 0)
    assert figures[b.name][0] == 0


def test_a_replacement_outside_the_season_or_who_played_the_challenger_is_refused(world, make_teams):
    season, (a, b, c, d) = world
    (outsider,) = make_teams(1, prefix="Outsider")
    issue(season, a, b)
    challenge = Challenge.objects.get()
    refused = answer(season, challenge, b.coach, "replace", replacement=outsider.pk)
    assert refused.status_code == 400 and "does not play in this season." in refused.content.decode()
    play(Match.objects.create(league=season.league, home=c, away=a, season=season, scheduled_by=a.coach), 2, 2)
    refused = answer(season, challenge, b.coach, "replace", replacement=c.pk)
    assert refused.status_code == 400
    assert "has already played" in refused.content.decode()
    assert answer(season, challenge, b.coach, "replace", replacement=a.pk).status_code == 400
    assert answer(season, challenge, b.coach, "replace", replacement=999999).status_code == 404
    challenge.refresh_from_db()
    assert (challenge.status, challenge.replacement) == ("pending", None)
    assert answer(season, challenge, b.coach, "replace", replacement=d.pk).status_code == 302


def late(challenge) -> None:
    Challenge.objects.filter(pk=challenge.pk).update(deadline=timezone.now() - timedelta(hours=1))


def rule(season, challenge, who, **data):
    return login(who).post(url(season, "league:challenge_rule", challenge.pk), data)


def test_the_commissioner_rules_on_a_late_answer(world, commissioner, boss):
    season, (a, b, c, d) = world
    issue(season, a, b)
    challenge = Challenge.objects.get()
    # Not late yet: no award.
    early = rule(season, challenge, commissioner, ruling="award", reason="No answer")
    assert early.status_code == 400 and "not late yet" in early.content.decode()
    late(challenge)
    page = login(b.coach).get(url(season)).content.decode()
    assert "Late: the commissioner rules." in page and 'value="accept"' not in page
    refused = answer(season, challenge, b.coach, "accept")
    assert refused.status_code == 400 and "The answer is late" in refused.content.decode()
    # Only the commissioner rules, with a reason.
    assert rule(season, challenge, b.coach, ruling="award", reason="x").status_code == 403
    assert rule(season, challenge, commissioner, ruling="award", reason=" ").status_code == 400
    # Extending lets the challenged coach answer again.
    assert rule(season, challenge, commissioner, ruling="extend", days="2", reason="Holidays").status_code == 302
    challenge.refresh_from_db()
    assert challenge.status == "pending" and challenge.deadline > timezone.now() + timedelta(days=1)
    assert "Holidays" in login(a.coach).get(url(season)).content.decode()
    late(challenge)
    assert rule(season, challenge, commissioner, ruling="award", reason="Still silent").status_code == 302
    challenge.refresh_from_db()
    assert (challenge.status, challenge.forfeit_to, challenge.ruled_by) == ("ruled", "challenger", commissioner)
    assert AuditEntry.objects.filter(action="league.challenge.ruled").count() == 2
    standings = boss.get(reverse("league:season_standings", args=[season.league.slug, season.number]))
    assert figures_of(standings, {t.pk: t.name for t in (a, b, c, d)})[a.name][:2] == (1, 1)
    # A closed challenge is not ruled again.
    assert rule(season, challenge, commissioner, ruling="cancel", reason="x").status_code == 400


def test_a_cancelled_challenge_counts_nowhere(world, commissioner):
    season, (a, b, *_rest) = world
    issue(season, a, b)
    challenge = Challenge.objects.get()
    assert rule(season, challenge, commissioner, ruling="cancel", reason="Mistake").status_code == 302
    challenge.refresh_from_db()
    assert (challenge.status, challenge.forfeit_to) == ("cancelled", "")


def test_permissions_and_bad_input(world, client, user_factory):
    season, (a, b, c, _d) = world
    # Issuing for someone else's team, or anonymously, is forbidden.
    assert issue(season, b, c, client=login(a.coach)).status_code == 403
    assert client.post(url(season), {"challenger": a.pk, "challenged": b.pk}).status_code == 403
    assert issue(season, a, b).status_code == 302
    challenge = Challenge.objects.get()
    # Only the challenged coach (or the commissioner) answers; a stranger gets 403 even on the confirmation.
    assert answer(season, challenge, c.coach, "accept").status_code == 403
    assert answer(season, challenge, c.coach, "refuse").status_code == 403
    assert answer(season, challenge, user_factory("stranger"), "refuse", confirmed="1").status_code == 403
    assert client.post(url(season, "league:challenge_answer", challenge.pk), {"action": "accept"}).status_code == 403
    # Unknown things: 404 or 400, never a 500.
    assert answer(season, challenge, b.coach, "dance").status_code == 400
    assert login(b.coach).get(reverse("league:season_challenges", args=[season.league.slug, 99])).status_code == 404
    missing = reverse("league:challenge_answer", args=[season.league.slug, season.number, 99999])
    assert login(b.coach).post(missing, {"action": "accept"}).status_code == 404
    assert login(a.coach).post(url(season), {"challenger": "x", "challenged": b.pk}).status_code == 404
    assert login(b.coach).get(url(season, "league:challenge_answer", challenge.pk)).status_code == 405
    assert Challenge.objects.get().status == "pending"
    # The commissioner answers for the challenged coach.
    assert answer(season, challenge, season.league.commissioner, "accept").status_code == 302


def test_the_page_reads_in_a_fixed_number_of_queries(league, commissioner, make_teams):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from league.competitions.challenges.services import challenge_issue

    def count(season) -> int:
        client = login(commissioner)
        client.get(url(season))  # warm the session and caches
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url(season)).status_code == 200
        return len(queries)

    small_teams = make_teams(2, prefix="Small")
    small = regular_season(league, commissioner, small_teams, "Small")
    challenge_issue(season=small, challenger=small_teams[0], challenged=small_teams[1], by=commissioner)
    few = count(small)
    big_teams = make_teams(12, prefix="Big")
    big = regular_season(league, commissioner, big_teams, "Big")
    for one, other in zip(big_teams[::2], big_teams[1::2], strict=True):
        challenge_issue(season=big, challenger=one, challenged=other, by=commissioner)
    assert count(big) == few


def test_the_settings_page_offers_the_challenge_settings(boss, league):
    page = boss.get(reverse("league:settings", args=[league.slug])).content.decode()
    assert "League challenges" in page
    for key in ("challenges_enabled", "challenges_per_week", "challenge_answer_days"):
        assert f'name="{key}"' in page
    assert 'name="challenge_refusal_clears_miss_next_game"' in page


def test_once_the_regular_season_is_over_only_the_commissioner_rules(world, commissioner):
    season, (a, b, *_rest) = world
    issue(season, a, b)
    challenge = Challenge.objects.get()
    season.status = "playoffs"
    season.save()
    refused = answer(season, challenge, b.coach, "accept")
    assert refused.status_code == 400 and "The regular season is over" in refused.content.decode()
    assert not Match.objects.exists()
    assert 'value="accept"' not in login(b.coach).get(url(season)).content.decode()
    assert rule(season, challenge, commissioner, ruling="cancel", reason="Season over").status_code == 302
