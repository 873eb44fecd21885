"""Writing a FUMBBL team into a league: all of it in one transaction, or nothing.

The team is created ready to play, as the usual creation flow leaves it (teams.services.creation),
in the uploading coach's name. Its treasury is one ledger entry (the starting budget, with the
FUMBBL team id in its key, which is also how a second import of the same team is recognised), its
players' gained skills and characteristics are Advancements, their lasting injuries Injury rows, and
their SPP the unspent SPP of FUMBBL (record.spp + extra_spp − spent_spp: docs/fumbbl-import.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from league.core.audit import log_action
from league.core.models import League
from league.core.permissions import is_member
from league.core.selectors import league_ruleset
from league.interchange.fumbbl.mapping import MappedTeam, Problem, map_team
from league.interchange.fumbbl.parse import FumbblFormatError, decode_json, parse_team
from teams.errors import gp
from teams.models import Advancement, Injury, Player, Team, TreasuryEntry
from teams.services.common import team_refresh_value
from teams.services.ledger import ledger_entry_problems, treasury_post_many

TREASURY_MEMO = N_("Treasury brought from FUMBBL")


class FumbblImportRefused(Exception):
    """The import wrote nothing; `problems` says every reason (translate with problem_text)."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(p.english() for p in problems))
        self.problems = problems


def problem_text(problem: Problem | FumbblFormatError) -> str:
    """The reason in the reader's language (gold written as the reader writes numbers)."""
    params = {
        k: gp(v) if k == "debt" else _(v) if isinstance(v, str) and k == "what" else v
        for k, v in problem.params.items()
    }
    return _(problem.pattern) % params if params else _(problem.pattern)


def import_key(fumbbl_id: int) -> str:
    return f"import:fumbbl:{fumbbl_id}"


def already_imported(league: League, fumbbl_id: int) -> Team | None:
    """The team of this league a FUMBBL team was imported as, if it was."""
    entry = TreasuryEntry.objects.filter(team__league=league, key=import_key(fumbbl_id)).select_related("team").first()
    return entry.team if entry else None


@dataclass
class Preview:
    mapped: MappedTeam

    @property
    def problems(self) -> list[Problem]:
        return self.mapped.problems


def fumbbl_preview(league: League, team_data: bytes, roster_data: bytes | None = None) -> Preview:
    """Read the files and map them onto the league's ruleset; nothing is written. A file that is
    not a FUMBBL answer raises FumbblImportRefused; a team the league cannot take lists why."""
    try:
        roster = decode_json(roster_data) if roster_data else None
        team = parse_team(decode_json(team_data), roster)
    except FumbblFormatError as error:
        raise FumbblImportRefused([Problem(error.pattern, error.params)]) from None
    ruleset = league_ruleset(league)
    mapped = map_team(ruleset, team)
    earlier = already_imported(league, team.id)
    if earlier is not None:
        mapped.problems.insert(
            0, Problem(N_("This FUMBBL team was already imported as %(team)s."), {"team": earlier.name})
        )
    elif team.name and Team.objects.filter(league=league, name__iexact=team.name).exists():
        mapped.problems.insert(
            0, Problem(N_("A team called “%(name)s” already plays in this league."), {"name": team.name})
        )
    if ledger_entry_problems(ruleset, TreasuryEntry.Kind.STARTING_BUDGET):
        mapped.problems.append(Problem(N_("This ruleset's ledger has no starting budget to bring the treasury in.")))
    return Preview(mapped)


def fumbbl_import(
    *, league: League, coach: User, team_data: bytes, roster_data: bytes | None = None, by: User | None = None
) -> Team:
    """Create the team, or raise FumbblImportRefused with every reason and write nothing."""
    if not is_member(coach, league):
        raise PermissionDenied(_("Join the league before creating a team in it."))
    with transaction.atomic():
        # One import of a FUMBBL team per league: two uploads at once wait for each other here.
        League.objects.select_for_update().filter(pk=league.pk).first()
        preview = fumbbl_preview(league, team_data, roster_data)
        if preview.problems:
            raise FumbblImportRefused(preview.problems)
        team = _write(league, coach, preview.mapped, by or coach)
    return team


def _write(league: League, coach: User, mapped: MappedTeam, by: User) -> Team:
    source = mapped.source
    team = Team.objects.create(
        league=league,
        coach=coach,
        status=Team.Status.READY,
        name=source.name,
        race=mapped.race,
        rerolls=source.rerolls,
        fan_factor=source.fan_factor,
        assistant_coaches=source.assistant_coaches,
        cheerleaders=source.cheerleaders,
        apothecary=source.apothecary,
    )
    players = Player.objects.bulk_create(
        Player(
            team=team,
            number=p.number,
            name=p.name,
            position=p.position,
            spp=p.spp,
            miss_next_game=p.miss_next_game,
            niggling_injuries=p.niggling,
        )
        for p in mapped.players
    )
    Advancement.objects.bulk_create(
        Advancement(player=player, kind=kind, skill=skill)
        for player, p in zip(players, mapped.players, strict=True)
        for kind, skill in p.advancements
    )
    Injury.objects.bulk_create(
        Injury(player=player, casualty=casualty, stat=stat)
        for player, p in zip(players, mapped.players, strict=True)
        for casualty, stat in p.injuries
    )
    treasury_post_many(
        team=team,
        entries=[(TreasuryEntry.Kind.STARTING_BUDGET, source.treasury, import_key(source.id), TREASURY_MEMO)],
        by=by,
    )
    team_refresh_value(team=team)
    log_action(
        action="teams.team.imported",
        actor=by,
        team=team,
        source="fumbbl",
        fumbbl_team=source.id,
        players=len(players),
        treasury=source.treasury,
    )
    return team


def league_and_coach(slug: str, username: str) -> tuple[League, User] | str:
    """The league and the coach a command names, or why not (in English: a command's words)."""
    league = League.objects.filter(slug=slug).first()
    if league is None:
        return f"No league {slug!r}."
    coach = User.objects.filter(username=username).first()
    if coach is None:
        return f"No user {username!r}."
    if not is_member(coach, league):
        return f"{username} is not a coach of {league.name}."
    return league, coach
