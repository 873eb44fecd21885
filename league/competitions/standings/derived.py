"""What the competitions derive from a league's results, as plain comparable values, for a replay
of its matches (a late result, a correction, a void) to say what it moves: each season's table,
the seeding a drawn bracket would now get, the trophies each team holds and the league's records (matches.hooks
derived_state; matches.services.history_diff compares them before and after).

A replay never redraws a bracket by itself: while none of its matches is under way the commissioner
may have it drawn again with the correction (playoffs.redraw); once one is, he confirms the
correction knowing that it stands as drawn (docs/decisions/matches.md, "A bracket after a correction").

Read from the derived tables (league.competitions.derived), brought up to date first with what the
caller's transaction changed: a replay marks them as it runs its matches, so the build the commit
would run happens here instead (it then finds nothing left) and the before and after are lookups,
not the season's table and the league's records computed twice over every line of the league.
Where a table cannot be kept (a tie-breaker on the teams' value) it is computed, as its page does.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import ValidationError

from league.competitions.challenges.trophies.selectors import held_keys
from league.competitions.derived import read as kept
from league.competitions.derived.build import build
from league.competitions.seasons.models import Bracket, Season
from league.competitions.standings.cache import season_version
from league.competitions.standings.playoffs.redraw import under_way
from league.competitions.standings.playoffs.services import BracketChoice, qualifiers
from league.competitions.standings.table import season_settings, versioned_settings
from league.core.models import League
from teams.models import Team

log = logging.getLogger(__name__)


def derived_state(league_id: int) -> dict[str, Any]:
    try:
        build(league_id)  # in a savepoint: a failure leaves the tables stale and they are computed
    except Exception:
        log.exception("derived tables of league %s not built for a replay's comparison", league_id)
    names = dict(Team.objects.filter(league_id=league_id).values_list("pk", "name"))
    found: dict[str, Any] = {}
    seasons = Season.objects.filter(league_id=league_id, status__in=(Season.Status.REGULAR, Season.Status.PLAYOFFS))
    for season in seasons.order_by("number"):
        try:
            version = season_version(season, versioned_settings(season, season_settings(season)))
            rows = kept.table(season, version).rows
        except ValueError:  # a scheme the league broke since: its page says so
            continue
        found[f"standings:{season.pk}"] = {
            "season": season.name,
            "rows": [[row.position, names.get(int(row.team), str(row.team)), row.points] for row in rows],
        }
        bracket = Bracket.objects.filter(season=season).first()
        if bracket is not None and bracket.qualification != Bracket.Qualification.MANUAL:
            found[f"seeding:{season.pk}"] = _seeding(season, bracket, names)
    held = held_keys(names)
    found["trophies"] = {names[team_id]: keys for team_id, keys in sorted(held.items()) if keys}
    found["records"] = _records(league_id)
    return found


def _records(league_id: int) -> dict[str, list[str]]:
    """Each of the league's records (a figure in one match or one season) with its holders."""
    league = League.objects.get(pk=league_id)
    held: dict[str, list[str]] = {}
    for row in kept.records(league):
        held.setdefault(f"{row['stat']}:{row['scope']}", []).append(
            f"{row['name']} ({row['team_name']}): {row['value']}"
        )
    return {key: sorted(holders) for key, holders in sorted(held.items())}


def _seeding(season: Season, bracket: Bracket, names: dict[int, str]) -> dict[str, Any]:
    choice = BracketChoice(size=bracket.size, qualification=bracket.qualification, seeding=bracket.seeding)
    try:
        now: list[str] | None = [names.get(t, str(t)) for t in qualifiers(season, choice)]
    except ValidationError:  # a tie the table cannot break: no seeding until lots are drawn
        now = None
    started = under_way(bracket)
    return {
        "season": season.name,
        "drawn": [names.get(t, str(t)) for t in bracket.seeds],
        "qualified": now,
        "played": bool(started),  # a match under way: the bracket stands as drawn
        "played_matches": started,
    }
