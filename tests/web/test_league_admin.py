"""League administration by its commissioner, in the app: creating a league."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.core.models import AuditEntry, League, Membership

pytestmark = pytest.mark.django_db


def new_league(**extra: str) -> dict[str, str]:
    data = {"name": "Ligue du Vieux Monde", "ruleset": "lrb6", "description": "", "language": "fr"}
    return {"membership_mode": "open", **data, **extra}


def test_anonymous_is_sent_to_login_and_nothing_is_created(client):
    response = client.post(reverse("league:new"), new_league())
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not League.objects.exists()


def test_a_logged_in_user_creates_a_league_and_becomes_its_commissioner(client, coach_alice):
    client.force_login(coach_alice)
    page = client.get(reverse("league:new"))
    assert "LRB6" in page.text or "lrb6" in page.text.lower()
    response = client.post(reverse("league:new"), new_league(membership_mode="approval", description="Du sang."))
    league = League.objects.get()
    assert response.status_code == 302 and response["Location"] == league.get_absolute_url()
    assert (league.name, league.slug, league.ruleset, league.language) == (
        "Ligue du Vieux Monde",
        "ligue-du-vieux-monde",
        "lrb6",
        "fr",
    )
    assert (
        league.commissioner == coach_alice and league.membership_mode == "approval" and league.description == "Du sang."
    )
    assert Membership.objects.get(league=league).role == Membership.Role.COMMISSIONER
    entry = AuditEntry.objects.get(action="league.league.created")
    assert entry.actor == coach_alice and entry.league == league
    assert entry.data["ruleset"] == "lrb6" and entry.data["version"] and entry.data["language"] == "fr"


def test_a_duplicate_or_reserved_name_is_refused_with_the_reason(client, coach_alice, league):
    client.force_login(coach_alice)
    response = client.post(reverse("league:new"), new_league(name="test league"))
    assert response.status_code == 200 and "already exists" in response.text
    response = client.post(reverse("league:new"), new_league(name="New"))
    assert response.status_code == 200 and "cannot be used" in response.text
    assert League.objects.count() == 1
    assert AuditEntry.objects.filter(action="league.league.created").count() == 1  # the fixture's league


def test_an_unknown_ruleset_is_refused(client, coach_alice):
    client.force_login(coach_alice)
    response = client.post(reverse("league:new"), new_league(ruleset="nope"))
    assert response.status_code == 200
    assert not League.objects.exists()


# --- the settings page (commissioner only) ---


def settings_form(league, **changes: object) -> dict[str, object]:
    """The settings form as the page fills it (current values), with `changes` applied."""
    from league.core.selectors import league_setting_values

    data: dict[str, object] = {}
    for key, value in {**league_setting_values(league), **changes}.items():
        if value is True:
            data[key] = "on"
        elif isinstance(value, list | tuple):
            data[key] = list(value)  # a multiple choice: one value per ticked box
        elif isinstance(value, dict):  # a map of numbers: one input per key, empty ones left out
            data.update({f"{key}__{k}": str(v) for k, v in value.items()})
        elif value is not False:
            data[key] = str(value)
    return data


@pytest.fixture
def other_commissioner(user_factory):
    from league.core.services import league_create

    user = user_factory("zoe")
    league_create(name="Other League", ruleset="lrb6", commissioner=user)
    return user


@pytest.mark.parametrize(("who", "status"), [(None, 403), ("alice", 403), ("zoe", 403), ("commissioner", 200)], ids=str)
def test_only_the_commissioner_sees_and_saves_the_settings(client, league, other_commissioner, who, status):
    from django.contrib.auth import get_user_model

    if who:
        client.force_login(get_user_model().objects.get(username=who))
    url = reverse("league:settings", args=[league.slug])
    page = client.get(url)
    assert page.status_code == status
    response = client.post(url, settings_form(league, mvp_mode="chosen"))
    assert response.status_code == (302 if status == 200 else 403)
    if status == 403:
        assert "Only the league&#x27;s commissioner may change its settings." in page.text
        assert not league.house_rules.exists()
    else:
        assert league.house_rules.get().value == "chosen"


def test_the_page_shows_each_setting_with_default_page_and_explanation(client, league, commissioner):
    client.force_login(commissioner)
    page = client.get(reverse("league:settings", args=[league.slug])).text
    assert "How each team&#x27;s MVP is chosen" in page and "p.26, p.34" in page
    assert "1,750,000 gp" in page  # the spiralling expenses threshold's default
    assert "Coaches may arrange their own matches" in page
    client.cookies["django_language"] = "fr"
    page = client.get(reverse("league:settings", args=[league.slug]), HTTP_ACCEPT_LANGUAGE="fr").text
    assert "Comment le JPV de chaque équipe est désigné" in page


def test_saving_writes_house_rules_and_audits_each_change_with_old_and_new(client, league, commissioner):
    from league.core.selectors import league_ruleset

    client.force_login(commissioner)
    url = reverse("league:settings", args=[league.slug])
    response = client.post(
        url,
        settings_form(league, spiralling_expenses_threshold=2_000_000, free_fan_factor=True, coaches_schedule=True),
        follow=True,
    )
    assert "Settings saved" in response.text and "2,000,000 gp" in response.text
    league.refresh_from_db()
    assert league.coaches_schedule is True
    params = league_ruleset(league).params
    assert params.spiralling_expenses_threshold == 2_000_000 and params.free_fan_factor is True
    rows = {e.data["setting"]: e.data for e in AuditEntry.objects.filter(action="league.setting.changed")}
    assert rows == {
        "spiralling_expenses_threshold": {
            "setting": "spiralling_expenses_threshold",
            "old": 1_750_000,
            "new": 2_000_000,
        },
        "free_fan_factor": {"setting": "free_fan_factor", "old": False, "new": True},
        "coaches_schedule": {"setting": "coaches_schedule", "old": False, "new": True},
    }
    assert AuditEntry.objects.filter(action="league.setting.changed", actor=commissioner).count() == 3
    assert 'id="settings-changes"' in response.text and "Free Fan Factor: every team" in response.text
    # Back to the default: the house rule goes, the change is audited, the rest stays.
    client.post(url, settings_form(league, free_fan_factor=False))
    assert set(league.house_rules.values_list("key", flat=True)) == {"spiralling_expenses_threshold"}
    assert AuditEntry.objects.filter(action="league.setting.changed").count() == 4


def test_a_value_the_engine_refuses_writes_nothing_and_says_why(client, league, commissioner):
    client.force_login(commissioner)
    url = reverse("league:settings", args=[league.slug])
    response = client.post(
        url, settings_form(league, mvp_mode="chosen", spiralling_expenses_band=155_000, max_consecutive_meetings=0)
    )
    assert response.status_code == 200
    assert "it must be a multiple of 10,000 gp" in response.text
    assert "the least allowed is 1" in response.text
    assert not league.house_rules.exists()  # mvp_mode was fine, but one refusal writes nothing
    assert not AuditEntry.objects.filter(action="league.setting.changed").exists()
