"""The players a side fields for this match only, with the skills they carry while they play for it
(the result sheet and the match page): its journeymen (a line marked journeyman), its induced
mercenaries and its induced journeymen. The ruleset's data gives them their extra skills (Loner:
the `[journeymen]` and `[mercenaries]` skills of ruleset.toml); an induced player's skills were
recorded with the match at the pre-match (MatchInducement.skills)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.rules import Ruleset
from league.rules.catalogue.player_skills import induced_skills
from matches.models import Match, MatchInducement, MatchPlayer
from matches.selectors import outcome as read


def _names(ruleset: Ruleset, keys: Iterable[str], lang: str) -> list[str]:
    return [ruleset.skills[key].name(lang) if key in ruleset.skills else key for key in keys if key]


def _induced(ruleset: Ruleset, race: str, row: MatchInducement, lang: str) -> dict[str, Any] | None:
    """A mercenary or an induced journeyman, or None (a star, whose card lists his skills, or an item)."""
    team = ruleset.team(race) if race in ruleset.teams else None
    item = ruleset.inducements.get(row.key)
    if row.star or team is None or not (row.position or (item and item.pricing == "journeyman")):
        return None
    if row.position:
        try:
            position = team.position(row.position)
        except KeyError:  # a position the league's roster catalogue no longer has: its key, no skills
            return {"name": _("Mercenary %(position)s") % {"position": row.position}, "skills": []}
        what = _("Mercenary %(position)s") % {"position": position.name(lang)}
        extra = [key for key in row.extra_skill.split(";") if key]
        computed = induced_skills(ruleset, position, extra, mercenary=True)
    else:
        position = next(p for p in team.positions if p.journeyman_eligible)
        what = _("Journeyman %(position)s") % {"position": position.name(lang)}
        computed = induced_skills(ruleset, position, mercenary=False)
    # The skills recorded with the match; a match recorded before they were kept: the data's.
    skills = row.skills.split(";") if row.skills else computed
    return {"name": what, "skills": _names(ruleset, skills, lang)}


def temporary_players(
    match: Match, ruleset: Ruleset, lines: Iterable[MatchPlayer] | None = None
) -> list[dict[str, Any]]:
    """Per side with any: {team, players: [{name, skills}]}, journeymen on the roster first."""
    lang = get_language() or "en"
    lines = read.lines(match) if lines is None else lines
    sides = []
    inducements = read.inducements(match)
    for side in ("home", "away"):
        team = match.team(side)
        players = []
        for line in (ln for ln in lines if ln.side == side and ln.journeyman):
            try:
                position = ruleset.team(line.player.roster or team.race).position(line.player.position)
            except KeyError:
                continue
            skills = induced_skills(ruleset, position, mercenary=False)
            players.append({"name": f"{line.player} · {_('Journeyman')}", "skills": _names(ruleset, skills, lang)})
        for row in (r for r in inducements if r.side == side):
            found = _induced(ruleset, team.race, row, lang)
            if found:
                players.append(found)
        if players:
            sides.append({"team": team, "players": players})
    return sides
