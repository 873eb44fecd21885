"""Team pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language

from teams.models import Team
from teams.selectors import ledger_entries, roster_rows, team_ruleset


def team_detail(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team.objects.select_related("league", "coach"), pk=pk)
    ruleset = team_ruleset(team)
    lang = get_language() or "en"
    team_list = ruleset.team(team.race)
    roster = []
    for row in roster_rows(team, ruleset):
        roster.append(
            {
                "player": row.player,
                "position_name": row.position.name(lang),
                "ma": row.ma, "st": row.st, "ag": row.ag, "av": row.av,
                "skill_names": [ruleset.skills[k].name(lang) for k in row.skills],
                "value": row.value,
            }
        )
    return render(
        request,
        "teams/detail.html",
        {
            "team": team,
            "race_name": team_list.name(lang),
            "reroll_cost": team_list.reroll_cost,
            "roster": roster,
            "ledger": ledger_entries(team),
        },
    )
