"""Which pages of a league are rendered at write time, and for whom (league/infra/page_warm.py): the
pages every reader of one standing shares and most readers open after a result (the home, the current
season, its standings, the leaders), for a member and for the commissioner as well as a visitor."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.urls import reverse

from league.core.models import League, Membership
from league.pages.selectors import current_season

EVERYONE: tuple[str, ...] = ("visitor", "member", "commissioner")


def league_paths(league_id: int) -> dict[str, tuple[str, ...]]:
    """The paths, each with the standings that may read it."""
    league = League.objects.filter(pk=league_id).first()
    if league is None:
        return {}
    paths = {
        reverse("league:detail", args=[league.slug]): EVERYONE,
        reverse("league:stats", args=[league.slug]): EVERYONE,
    }
    season = current_season(league)
    if season is not None:
        paths[reverse("league:season", args=[league.slug, season.number])] = EVERYONE
        paths[reverse("league:season_standings", args=[league.slug, season.number])] = EVERYONE
        paths[reverse("league:season_fixtures", args=[league.slug, season.number])] = ("commissioner",)
    return paths


def league_readers(league_id: int) -> dict[str, Any]:
    """The commissioner, and a member who is not one (his standing's copy serves every member)."""
    league = League.objects.filter(pk=league_id).select_related("commissioner").first()
    if league is None:
        return {}
    member = (
        Membership.objects.filter(league_id=league_id, role=Membership.Role.COACH, user__is_active=True)
        .exclude(user_id=league.commissioner_id)
        .order_by("pk")
        .values_list("user_id", flat=True)
        .first()
    )
    users = get_user_model().objects.in_bulk([u for u in (member, league.commissioner_id) if u])
    return {"member": users.get(member), "commissioner": users.get(league.commissioner_id)}
