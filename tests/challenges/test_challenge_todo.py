"""A challenge in the to-do of whoever it waits for (the home page's list and the menu's count),
and a coach's own teams not offered as the team to challenge (seed 000 p.31)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from league.competitions.challenges.models import Challenge

from tests.challenges.conftest import answer, issue, login, url

pytestmark = pytest.mark.django_db


def waiting(client) -> list[tuple[str, str]]:
    html = client.get(reverse("home")).content.decode()
    section = html.split('id="waiting"', 1)[1].split("</section>", 1)[0]
    return re.findall(r'data-kind="([a-z_]+)".*?<a class="btn[^"]*" href="([^"]+)"', section, re.S)


def badge(client) -> int:
    html = client.get("/rosters/").content.decode()
    found = re.search(r'id="waiting-badge">[^<]*<span class="badge[^>]*>(\d+)</span>', html)
    return int(found.group(1)) if found else 0


def test_the_challenged_coach_finds_the_challenge_in_his_to_do(world):
    season, (a, b, c, _d) = world
    assert issue(season, a, b).status_code == 302
    challenge = Challenge.objects.get()
    link = f"{url(season)}#challenge-{challenge.pk}"
    challenged = login(b.coach)
    assert ("to_answer", link) in waiting(challenged) and badge(challenged) == 1
    home = challenged.get(reverse("home")).content.decode()
    assert f"{a.name} challenges {b.name}" in home
    # Not the challenger's to answer, nor a stranger's.
    assert not [kind for kind, _link in waiting(login(a.coach)) if kind.startswith("to_")]
    assert badge(login(c.coach)) == 0
    # Named the replacement: it moves to the replacement's coach, and leaves the challenged one's.
    assert answer(season, challenge, b.coach, "replace", replacement=c.pk).status_code == 302
    assert waiting(login(c.coach)) == [("to_agree", link)] and badge(login(c.coach)) == 1
    assert waiting(challenged) == [] and badge(challenged) == 0
    # Once agreed, the challenge leaves the to-do (the fixture takes its place).
    assert answer(season, challenge, c.coach, "agree").status_code == 302
    assert ("to_agree", link) not in waiting(login(c.coach))


def test_a_late_answer_waits_for_the_commissioner(world, commissioner):
    season, (a, b, *_rest) = world
    issue(season, a, b)
    challenge = Challenge.objects.get()
    Challenge.objects.filter(pk=challenge.pk).update(deadline=timezone.now() - timedelta(hours=1))
    link = f"{url(season)}#challenge-{challenge.pk}"
    assert waiting(login(b.coach)) == []  # too late to answer: nothing to do for him
    assert ("to_rule", link) in waiting(login(commissioner))
    assert badge(login(commissioner)) == 1


def test_a_coach_is_not_offered_his_own_teams_to_challenge(world, commissioner):
    season, (a, b, *_rest) = world
    page = login(a.coach).get(url(season)).content.decode()
    targets = page.split('id="challenged"', 1)[1].split("</select>", 1)[0]
    assert f'value="{b.pk}"' in targets and f'value="{a.pk}"' not in targets
    # The commissioner issues for any team, so every team is offered to him.
    everyone = login(commissioner).get(url(season)).content.decode()
    assert f'value="{a.pk}"' in everyone.split('id="challenged"', 1)[1].split("</select>", 1)[0]


def test_a_time_before_noon_is_not_followed_by_a_second_period(world, commissioner):
    """English times end with "a.m." or "p.m.": a sentence ending with one takes no second period."""
    season, (a, b, *_rest) = world
    issue(season, a, b)
    morning = timezone.localtime().replace(hour=9, minute=30) + timedelta(days=1)
    Challenge.objects.update(deadline=morning)
    for who, page in (
        (b.coach, url(season)),
        (b.coach, season.get_absolute_url()),
        (b.coach, reverse("home")),
        (commissioner, url(season)),
    ):
        html = login(who).get(page).content.decode()
        assert "a.m." in html, page
        assert "a.m.." not in html and "p.m.." not in html, page
