"""Read-side queries for leagues and the rulesets they play."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from league.core.models import AuditEntry, League, Membership, MembershipRequest
from league.rules import Ruleset, load_ruleset

# House rules that are not ruleset parameters: the points scheme and tie-breakers of the standings
# (league/competitions/standings/table.py reads them), so they are never handed to Ruleset.with_overrides.
STANDINGS_RULES = frozenset({"standings_scheme", "standings_tie_breakers"})


# House-rule rows whose key starts with this are the league's roster catalogue: a profile the
# league completes or corrects ("profile:position:<team>:<position>", "profile:star:<star>").
PROFILE_PREFIX = "profile:"


def parameter_rules(league: League) -> dict[str, object]:
    """The league's house rules that override ruleset parameters (filtered in Python so that a
    prefetched league.house_rules is not queried again)."""
    return {
        rule.key: rule.value
        for rule in league.house_rules.all()
        if rule.key not in STANDINGS_RULES and not rule.key.startswith(PROFILE_PREFIX)
    }


def profile_rules(league: League) -> dict[str, dict[str, int]]:
    """The league's roster catalogue: profile ref -> {ma, st, ag, av} (same prefetched rows)."""
    return {
        rule.key.removeprefix(PROFILE_PREFIX): rule.value
        for rule in league.house_rules.all()
        if rule.key.startswith(PROFILE_PREFIX)
    }


def league_ruleset(league: League) -> Ruleset:
    """The league's ruleset with its house rules applied, then its roster catalogue."""
    overrides, profiles = parameter_rules(league), profile_rules(league)
    ruleset = load_ruleset(league.ruleset)
    ruleset = ruleset.with_overrides(overrides) if overrides else ruleset
    return ruleset.with_profiles(profiles) if profiles else ruleset


def league_list() -> QuerySet[League]:
    return League.objects.select_related("commissioner").order_by("name")


def league_setting_values(league: League) -> dict[str, object]:
    """Each setting of the league's ruleset ([settings] in its data) with the value in force."""
    ruleset = league_ruleset(league)
    values = ruleset.parameter_values()  # an optional group's as "<group>.<name>"
    return {s.key: getattr(league, s.key) if s.league_field else values[s.key] for s in ruleset.league_settings}


def league_setting_changes(league: League, limit: int = 50) -> QuerySet[AuditEntry]:
    return AuditEntry.objects.filter(league=league, action="league.setting.changed").select_related("actor")[:limit]


def settings_snapshot(league: League) -> dict[str, object]:
    """The league's effective parameters, as JSON, to keep with a match when it is confirmed."""
    ruleset = league_ruleset(league)
    # Optional groups' parameters too, as "<group>.<name>" (a bank's): parameter_values().
    return {
        "ruleset": ruleset.key,
        "version": ruleset.version,
        "parameters": ruleset.parameter_values(),
        # The league's roster catalogue, so a replay uses the profiles the match was played with.
        "profiles": {ref: dict(stats) for ref, stats in ruleset.profiles.items()},
    }


def snapshot_ruleset(snapshot: dict[str, object]) -> Ruleset:
    """The ruleset a match was confirmed under: its ruleset's data with the kept parameters.

    A parameter the snapshot lacks (added to the engine later) takes the ruleset's value.
    """
    base = load_ruleset(str(snapshot["ruleset"]))
    kept, profiles = snapshot.get("parameters"), snapshot.get("profiles")
    if isinstance(kept, dict):
        known = base.parameter_values()
        overrides = {key: value for key, value in kept.items() if key in known and known[key] != value}
        base = base.with_overrides(overrides) if overrides else base
    return base.with_profiles(profiles) if isinstance(profiles, dict) and profiles else base


def pending_for(user: User, league: League) -> MembershipRequest | None:
    """The user's pending invitation to, or request to join, the league."""
    return MembershipRequest.objects.filter(league=league, user_id=user.pk, status="pending").first()


def league_members(league: League) -> QuerySet[Membership]:
    return Membership.objects.filter(league=league).select_related("user").order_by("user__username")


def pending_requests(league: League) -> QuerySet[MembershipRequest]:
    return MembershipRequest.objects.filter(league=league, status="pending").select_related("user")


def league_or_404(slug: str) -> League:
    """The league by its slug, with its commissioner."""
    return get_object_or_404(League.objects.select_related("commissioner"), slug=slug)


def league_with_rules_or_404(slug: str) -> League:
    """The league by its slug, its house rules read with it (the ruleset's reads use them)."""
    return get_object_or_404(League.objects.prefetch_related("house_rules"), slug=slug)


def pending_invitation_or_404(league: League, user_id: int) -> MembershipRequest:
    return get_object_or_404(MembershipRequest, league=league, user_id=user_id, kind="invitation", status="pending")


def pending_request_or_404(league: League, pk: int) -> MembershipRequest:
    return get_object_or_404(MembershipRequest, pk=pk, league=league, kind="request", status="pending")


def membership_or_404(league: League, pk: int) -> Membership:
    return get_object_or_404(Membership, pk=pk, league=league)


def audit_of(league: League, action: str, limit: int = 50) -> list[AuditEntry]:
    """The league's latest audit entries of one action, with who acted."""
    return list(AuditEntry.objects.filter(league=league, action=action).select_related("actor")[:limit])


def league_has_teams(league: League) -> bool:
    """Whether a team was created in the league (its ruleset is then fixed)."""
    return league.teams.exists()


def league_has_house_rules(league: League) -> bool:
    """Whether the league changed any setting or profile of its ruleset."""
    return league.house_rules.exists()


def commissioners(league: League) -> tuple[int, ...]:
    """The user ids of whoever runs the league: its commissioner and its co-commissioners (a site
    administrator is not told of every league's disputes)."""
    ids = set(
        Membership.objects.filter(league=league, role=Membership.Role.COMMISSIONER).values_list("user_id", flat=True)
    )
    if league.commissioner_id is not None:
        ids.add(league.commissioner_id)
    return tuple(sorted(ids))
