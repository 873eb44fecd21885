"""Who comes into a league: open, on request with approval, on invitation; and
co-commissioners. Through the pages, as the coaches and commissioners use them."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from league.core.models import AuditEntry, Membership, MembershipRequest
from league.core.permissions import is_commissioner

pytestmark = pytest.mark.django_db


def as_user(client, name: str):
    client.force_login(get_user_model().objects.get(username=name))
    return client


def members_post(client, league, **data):
    return client.post(reverse("league:members", args=[league.slug]), data, follow=True)


@pytest.mark.parametrize(("who", "status"), [(None, 403), ("alice", 403), ("zoe", 403), ("commissioner", 200)])
def test_only_a_commissioner_manages_the_coaches(client, league, user_factory, who, status):
    from league.core.services import league_create

    league_create(name="Other", ruleset="lrb6", commissioner=user_factory("zoe"))
    user_factory("dan")
    if who:
        as_user(client, who)
    assert client.get(reverse("league:members", args=[league.slug])).status_code == status
    response = client.post(reverse("league:members", args=[league.slug]), {"action": "invite", "username": "dan"})
    assert response.status_code == (302 if status == 200 else 403)
    assert MembershipRequest.objects.filter(kind="invitation").count() == (1 if status == 200 else 0)


def test_on_request_the_commissioner_approves_or_declines(client, league, user_factory):
    user_factory("dan")
    user_factory("eve")
    members_post(as_user(client, "commissioner"), league, action="mode", membership_mode="approval")
    league.refresh_from_db()
    assert league.membership_mode == "approval"
    for name in ("dan", "eve"):
        response = as_user(client, name).post(reverse("league:join", args=[league.slug]), follow=True)
        assert "Your request was sent" in response.text
    assert not Membership.objects.filter(user__username__in=["dan", "eve"]).exists()
    page = as_user(client, "commissioner").get(reverse("league:members", args=[league.slug])).text
    assert "dan" in page and "eve" in page
    dan, eve = (MembershipRequest.objects.get(user__username=n) for n in ("dan", "eve"))
    members_post(client, league, action="approve", request=dan.pk)
    members_post(client, league, action="decline", request=eve.pk)
    assert Membership.objects.get(league=league, user__username="dan").role == "coach"
    assert not Membership.objects.filter(league=league, user__username="eve").exists()
    actions = set(AuditEntry.objects.filter(league=league).values_list("action", flat=True))
    assert {"league.membership_mode.changed", "league.member.requested", "league.member.approved"} <= actions
    assert "league.member.declined" in actions


def test_on_invitation_only_an_invited_coach_comes_in(client, league, user_factory):
    user_factory("dan")
    user_factory("eve")
    members_post(as_user(client, "commissioner"), league, action="mode", membership_mode="invitation")
    response = as_user(client, "eve").post(reverse("league:join", args=[league.slug]), follow=True)
    assert "not open to new coaches" in response.text
    response = members_post(as_user(client, "commissioner"), league, action="invite", username="nobody")
    assert "No account is called" in response.text
    members_post(client, league, action="invite", username="dan")
    page = as_user(client, "dan").get(reverse("league:detail", args=[league.slug])).text
    assert "You are invited to this league." in page
    client.post(reverse("league:join", args=[league.slug]))
    assert Membership.objects.filter(league=league, user__username="dan", role="coach").exists()
    assert not Membership.objects.filter(league=league, user__username="eve").exists()
    assert AuditEntry.objects.filter(league=league, action="league.member.invitation_accepted").count() == 1


def test_the_commissioner_appoints_a_co_commissioner_who_cannot_appoint_others(client, league, coach_alice):
    membership = Membership.objects.get(league=league, user=coach_alice)
    assert not is_commissioner(coach_alice, league)
    members_post(as_user(client, "commissioner"), league, action="promote", membership=membership.pk)
    assert is_commissioner(coach_alice, league)
    assert as_user(client, "alice").get(reverse("league:settings", args=[league.slug])).status_code == 200
    owner = Membership.objects.get(league=league, user__username="commissioner")
    response = members_post(client, league, action="demote", membership=owner.pk)
    assert response.status_code == 403  # a co-commissioner appoints nobody
    members_post(as_user(client, "commissioner"), league, action="demote", membership=membership.pk)
    assert not is_commissioner(coach_alice, league)
    entries = AuditEntry.objects.filter(league=league, action="league.member.role_changed")
    assert [(e.data["old"], e.data["new"]) for e in entries.order_by("pk")] == [
        ("coach", "commissioner"),
        ("commissioner", "coach"),
    ]
