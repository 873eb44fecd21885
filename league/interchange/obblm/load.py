"""Writes a decoded OBBLM/NAFLM league (a LeagueSnapshot) into an existing league, in stages.

Stages, in order, each one transaction that records its ImportedObject rows with what it writes
(league.interchange.obblm.mapping): coaches, teams (with players, gains and treasury), seasons,
matches (with their lines, injuries and recorded effects), derived (kept figures, team values,
teams made ready). A killed worker leaves whole stages behind; the run resumes at the first stage
with work left, and a done import run again writes nothing.

The teams stay drafts (not shown as playing teams) until the last stage: a half-loaded league
never offers a half-loaded team to play.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from league.accounts.services import password_invitation_send
from league.core.models import Membership
from league.interchange.obblm.load_matches import stage_derived, stage_matches, stage_seasons
from league.interchange.obblm.mapping import Load
from league.interchange.obblm.plan import advancement_kinds, casualties_by_key, recomputed_spp
from teams.models import Advancement, Player, Team, TreasuryEntry
from teams.services.ledger import treasury_post

USERNAME_MAX = 150


def aware(moment: datetime | None) -> datetime | None:
    """OBBLM's DATETIME has no zone: read in the site's."""
    if moment is None or timezone.is_aware(moment):
        return moment
    return timezone.make_aware(moment)


def _username(name: str) -> str:
    """A free username from the OBBLM login (Django's letters, digits and @.+-_), numbered if taken."""
    base = re.sub(r"[^\w.@+-]+", "_", name.strip()).strip("_")[: USERNAME_MAX - 6] or "coach"
    candidate, n = base, 1
    while User.objects.filter(username__iexact=candidate).exists():
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def _account(name: str, real_name: str, email: str) -> tuple[User, bool]:
    """The existing user with this e-mail, else a new invited account: no usable password (OBBLM's
    unsalted md5 is never ported, import-export-formats.md §5.10), the e-mail kept."""
    if email:
        found = User.objects.filter(email__iexact=email).order_by("pk").first()
        if found is not None:
            return found, False
    first, _sep, last = real_name.strip().partition(" ")
    user = User(username=_username(name), email=email, first_name=first[:150], last_name=last[:150])
    user.set_unusable_password()
    user.save()
    return user, True


def stage_coaches(load: Load) -> int:
    invited: list[int] = []
    done = 0
    with transaction.atomic():
        for row in load.snapshot.coaches:
            if row.source.key in load.mapped:
                continue
            user, created = _account(row.name, row.real_name, row.email)
            Membership.objects.get_or_create(league=load.league, user=user, defaults={"role": Membership.Role.COACH})
            load.record(row.source.key, user)
            done += 1
            if created and row.email:
                invited.append(int(user.pk))
        transaction.on_commit(lambda: invite(load, invited))
    return done


def invite(load: Load, user_ids: list[int]) -> None:
    """The password-set mail to each new account (after the commit: a rolled-back stage mails no one)."""
    if not user_ids or not load.site_url:
        return
    site = load.site_url.rstrip("/")
    for user in User.objects.filter(pk__in=user_ids):
        password_invitation_send(user=user, league_name=load.league.name, absolute=lambda path: f"{site}{path}")


def _fan_factor(load: Load, team_key: str, bought: int) -> int:
    changes = sum(
        (m.home_ff_change if m.home.key == team_key else m.away_ff_change)
        for m in load.snapshot.matches
        if team_key in (m.home.key, m.away.key)
    )
    return max(0, bought + changes)


def killed(load: Load) -> set[str]:
    """The players a match line says died (one pass over the lines)."""
    dead = {k for k, result in casualties_by_key(load.ruleset).items() if result.dead}
    return {
        line.player.key
        for match in load.snapshot.matches
        for line in match.lines
        if {line.injury, *line.injuries_more} & dead
    }


def _player_status(dead: set[str], key: str, left: datetime | None) -> str:
    if key in dead:
        return Player.Status.DEAD
    return Player.Status.FIRED if left is not None else Player.Status.ACTIVE


def stage_teams(load: Load) -> int:
    snap, done = load.snapshot, 0
    spp, dead = recomputed_spp(load.ruleset, snap), killed(load)
    with transaction.atomic():
        for row in snap.teams:
            if row.source.key in load.mapped:
                continue
            team = Team.objects.create(
                league=load.league,
                coach_id=load.id_of(row.coach.key),
                name=row.name,
                race=row.race,
                status=Team.Status.DRAFT,
                rerolls=row.rerolls,
                fan_factor=_fan_factor(load, row.source.key, row.fan_factor_bought),
                assistant_coaches=row.assistant_coaches,
                cheerleaders=row.cheerleaders,
                apothecary=row.apothecary,
            )
            load.record(row.source.key, team)
            # The dump's treasury is the balance the team brings: one opening entry of the ledger,
            # the kind a new team's budget uses (every ruleset has it), keyed by the dump row.
            treasury_post(
                team=team,
                kind=TreasuryEntry.Kind.STARTING_BUDGET,
                amount=row.treasury,
                key=f"import:obblm:{row.source.key}",
                memo=gettext_noop("Treasury brought over from OBBLM"),
            )
            done += 1 + _players(load, team, row.source.key, spp, dead)
    return done


def _players(load: Load, team: Team, team_key: str, spp: dict[str, int], dead: set[str]) -> int:
    done = 0
    for row in load.snapshot.players:
        if row.team.key != team_key or row.source.key in load.mapped:
            continue
        player = Player.objects.create(
            team=team,
            number=row.number,
            name=row.name,
            position=row.position,
            status=_player_status(dead, row.source.key, row.left),
            journeyman=row.journeyman,
            spp=max(0, spp.get(row.source.key, 0)),
        )
        hired = aware(row.hired)
        if hired is not None:
            Player.objects.filter(pk=player.pk).update(hired_at=hired)
        kinds = advancement_kinds(load.ruleset, team.race, row.position, row.skills, row.stat_gains)
        Advancement.objects.bulk_create(Advancement(player=player, kind=kind, skill=skill) for kind, skill in kinds)
        load.record(row.source.key, player)
        done += 1
    return done


STAGES: tuple[tuple[str, Callable[[Load], int]], ...] = (
    ("coaches", stage_coaches),
    ("teams", stage_teams),
    ("seasons", stage_seasons),
    ("matches", stage_matches),
    ("derived", stage_derived),
)
STAGE_NAMES = tuple(name for name, _stage in STAGES)


def stage_sizes(load: Load) -> dict[str, int]:
    """Rows each stage handles: the progress bar's total."""
    snap = load.snapshot
    return {
        "coaches": len(snap.coaches),
        "teams": len(snap.teams) + len(snap.players),
        "seasons": len(snap.tours),
        "matches": len(snap.matches),
        "derived": len(snap.teams),
    }


def load_all(load: Load, *, on_stage: Callable[[str, int], None] | None = None, start: str = "") -> None:
    """Run every stage from `start` (the first one by default); `on_stage(name, rows)` after each commit."""
    names = STAGE_NAMES[STAGE_NAMES.index(start) :] if start else STAGE_NAMES
    for name, stage in STAGES:
        if name not in names:
            continue
        load.refresh()
        rows = stage(load)
        if on_stage is not None:
            on_stage(name, rows)
