"""The league's roster catalogue: profiles (MA, ST, AG, AV) the commissioner completes where the
ruleset's source lost them, or corrects. Each is a house-rule row keyed "profile:<ref>", so the
league's ruleset (league_ruleset) applies it with its other house rules and a confirmed match keeps
it in its snapshot; every change is audited."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.models import HouseRule, League
from league.core.permissions import is_commissioner
from league.core.selectors import PROFILE_PREFIX, profile_rules
from league.rules import STATS, Position, StarPlayer, load_ruleset
from league.rules.ruleset import profile_problem


def ruleset_profile(league: League, ref: str) -> dict[str, int | None]:
    """The profile the ruleset's own data gives (None where its source lost it)."""
    ruleset = load_ruleset(league.ruleset)
    kind, _sep, rest = ref.partition(":")
    entry: StarPlayer | Position
    if kind == "star":
        entry = ruleset.star_players[rest]
    else:
        team_key, _sep, position_key = rest.partition(":")
        entry = ruleset.team(team_key).position(position_key)
    return {stat: getattr(entry, stat) for stat in STATS}


def roster_profile_set(*, league: League, by: User | None, ref: str, stats: Mapping[str, int] | None) -> None:
    """Give `ref` ("position:<team>:<position>" or "star:<star>") the league's profile `stats`, or
    None to follow the ruleset again. A profile equal to the ruleset's removes the league's row."""
    if by is None or not is_commissioner(by, league):
        raise PermissionDenied(_("Only a commissioner of the league may change its roster catalogue."))
    ruleset = load_ruleset(league.ruleset)
    if stats is not None:
        problem = profile_problem(ruleset, ref, dict(stats))
        if problem:
            low, high = ruleset.params.stat_min_value, ruleset.params.stat_max_value
            raise ValidationError(
                _("Each characteristic is a whole number from %(low)s to %(high)s.") % {"low": low, "high": high}
            )
    elif profile_problem(ruleset, ref, {s: ruleset.params.stat_min_value for s in STATS}):
        raise ValidationError(_("This is not a position or a star player of the league's ruleset."))
    own = ruleset_profile(league, ref)
    with transaction.atomic():
        old = profile_rules(League.objects.prefetch_related("house_rules").get(pk=league.pk)).get(ref)
        key = PROFILE_PREFIX + ref
        if stats is None or dict(stats) == own:
            HouseRule.objects.filter(league=league, key=key).delete()
        else:
            HouseRule.objects.update_or_create(league=league, key=key, defaults={"value": dict(stats)})
        log_action(
            action="league.roster_profile.changed",
            actor=by,
            league=league,
            profile=ref,
            old=old or own,
            new=dict(stats) if stats is not None else own,
        )
