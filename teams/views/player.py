"""A player's page: his career (matches, SPP by kind, injuries, improvements), public like the team's."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from league.infra.page_shared import share_among_readers
from league.rules import next_level, spp_level
from matches.effects.words import action_name, casualty_name, choice_label
from matches.selectors.common import player_career
from matches.views.common import lang
from teams.selectors import player_advancements, player_injuries, player_or_404, team_ruleset
from teams.views.common import team_or_404

SPP_ORDER = ("completion", "touchdown", "interception", "casualty", "mvp")


def player_detail(request: HttpRequest, pk: int, player_pk: int) -> HttpResponse:
    """The number of queries does not grow with the player's matches, injuries or improvements."""
    team = team_or_404(pk)
    player = player_or_404(team, player_pk)
    share_among_readers(request)  # nothing in it is the reader's own
    ruleset = team_ruleset(team)
    # His own roster's list (an alliance team's second or third roster), else the team's race.
    team_list = ruleset.team(player.roster or team.race)
    career = player_career(player)
    spp = career["spp_by_kind"]
    spp_rows = [
        {"kind": kind, "label": _("MVP") if kind == "mvp" else action_name(ruleset, kind), "spp": spp[kind]}
        for kind in sorted(spp, key=lambda k: (SPP_ORDER.index(k) if k in SPP_ORDER else len(SPP_ORDER), k))
    ]
    injuries = [{"injury": i, "name": casualty_name(ruleset, i.casualty)} for i in player_injuries(player)]
    improvements = [
        {"advancement": a, "name": choice_label(ruleset, a.kind, a.skill)} for a in player_advancements(player)
    ]
    position = next((p for p in team_list.roster_positions if p.key == player.position), None)
    # The level table of his position's group where the ruleset has one (big guys' doubled levels).
    where = {"team_key": team_list.key, "position_key": player.position}
    following = next_level(ruleset, player.spp, **where)
    return render(
        request,
        "teams/player.html",
        {
            "team": team,
            "player": player,
            "position_name": position.name(lang()) if position else player.position,
            "roster_name": team_list.name(lang()) if player.roster else "",
            "level_name": spp_level(ruleset, player.spp, **where).name(lang()),
            "next_spp": following.spp_min if following else None,
            "matches": career["matches"],
            "spp_rows": spp_rows,
            "injuries": injuries,
            "improvements": improvements,
        },
    )
