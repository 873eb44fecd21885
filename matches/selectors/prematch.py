"""What the pre-match of many scheduled matches waits for, and from whom, in a few reads whatever
their number (the to-do of the home page): the roster TVs of every team at once, then the turns of
petty cash and inducements from each match's declarations (matches.services.inducements)."""

from __future__ import annotations

from collections.abc import Iterable

from league.rules import Ruleset, holder_benefits, journeyman_positions, journeymen_needed
from matches.models import Match
from matches.services.common import match_ruleset
from matches.services.inducements import PrematchState, prematch_state
from matches.services.prematch import has_step
from teams.hooks import held_keys
from teams.models import Player, Team
from teams.selectors import roster_value


def expected_tvs(teams: Iterable[Team], rulesets: dict[int, Ruleset]) -> dict[int, int]:
    """Each team's roster TV once its free journeymen have joined (expected_squad's figure), in
    three reads: the players with their gains, and the trophies held. `rulesets`: by league id."""
    by_pk = {team.pk: team for team in teams}
    players: dict[int, list[Player]] = {pk: [] for pk in by_pk}
    for player in Player.objects.filter(team_id__in=list(by_pk), status=Player.Status.ACTIVE).prefetch_related(
        "advancements"
    ):
        players[player.team_id].append(player)
    held = held_keys(by_pk)
    values = {}
    for pk, team in by_pk.items():
        ruleset = rulesets[team.league_id]
        rows = players[pk]
        # The ruleset's trophies are data (league.competitions.challenges.trophies.selectors.ruleset_trophies): no read.
        benefits = holder_benefits(dict(ruleset.trophies), held.get(pk, []))
        tv = roster_value(
            ruleset,
            team,
            ((p.position, p.miss_next_game, [a.kind for a in p.advancements.all()], p.rookie, p.roster) for p in rows),
            benefits,
        )
        if has_step(ruleset, "journeymen"):
            needed = journeymen_needed(ruleset, sum(1 for p in rows if not p.miss_next_game))
            if needed:
                tv += needed * journeyman_positions(ruleset, team.race)[0].cost
        values[pk] = tv
    return values


def prematch_states(matches: Iterable[Match]) -> dict[int, PrematchState]:
    """What each scheduled match's pre-match waits for (its home and away teams loaded)."""
    scheduled = [m for m in matches if m.status == Match.Status.SCHEDULED]
    if not scheduled:
        return {}
    rulesets: dict[int, Ruleset] = {}
    for match in scheduled:
        if match.league_id not in rulesets:
            rulesets[match.league_id] = match_ruleset(match)
    tvs = expected_tvs({t.pk: t for m in scheduled for t in (m.home, m.away)}.values(), rulesets)
    return {
        m.pk: prematch_state(m, rulesets[m.league_id], {"home": tvs[m.home_id], "away": tvs[m.away_id]})
        for m in scheduled
    }
