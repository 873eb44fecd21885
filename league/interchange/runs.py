"""Import runs: check a dump (the dry run), then load it in stages on a worker, resumable.

The page and the command go through these services only. A check decodes the dump and plans the
load without writing anything but the run itself (its report and the dump, kept so the worker, or
a later resume, reads the same bytes). The real run is refused while the dry run names an unmapped
row or a problem (all or nothing); it then runs on a worker (`run_execute`), stage after stage,
and a failed run resumes at the first stage with work left.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import current_app
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.auth.models import User as Account
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.core.audit import log_action
from league.core.models import League
from league.core.permissions import is_commissioner
from league.core.selectors import league_ruleset
from league.interchange.messages import message
from league.interchange.models import ImportRun
from league.interchange.obblm.decode import decode_dump
from league.interchange.obblm.load import STAGE_NAMES, load_all, stage_sizes
from league.interchange.obblm.mapping import Load
from league.interchange.obblm.plan import plan, refusals, worded
from league.interchange.obblm.recompute import diff
from league.interchange.obblm.tables import versions
from league.interchange.safe import DUMP_LIMIT, UnsafeInput
from league.interchange.snapshot import LeagueSnapshot
from league.interchange.sqldump import read_dump
from league.rules import player_value
from teams.models import Player, Team

log = logging.getLogger(__name__)
User = AbstractBaseUser | AnonymousUser
VERSIONS = versions()  # the folders of league/interchange/obblm/versions/
# A dump is read whole in memory: past the reader's limit it is refused before any parsing.
MAX_BYTES = DUMP_LIMIT
RUN_IMPORT = "league.interchange.run_import"
LIVE = (ImportRun.State.QUEUED, ImportRun.State.RUNNING)


class ImportRefused(Exception):
    """Why a dump cannot be checked or loaded, each reason worded in the active language."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def read_snapshot(data: bytes, *, version: str, league: League) -> LeagueSnapshot:
    """The dump's bytes, read safely (league.interchange.sqldump) and decoded into the league's
    ruleset keys (league.interchange.obblm.decode); ImportRefused with the reader's words."""
    try:
        dump = read_dump(data)
    except UnsafeInput as refusal:
        raise ImportRefused([message(refusal)]) from refusal
    try:
        return decode_dump(dump, version=version or None, ruleset=league.ruleset, ruleset_data=league_ruleset(league))
    except ValueError as error:  # not an OBBLM dump, an unknown version, a value OBBLM never writes
        raise ImportRefused([_("This dump cannot be decoded: %(reason)s.") % {"reason": error}]) from error


def _load(league: League, snapshot: LeagueSnapshot, run: ImportRun | None = None) -> Load:
    load = Load(
        league=league,
        ruleset=league_ruleset(league),
        snapshot=snapshot,
        by=league.commissioner,
        run_id=run.pk if run else None,
        site_url=run.site_url if run else "",
    )
    load.refresh()
    return load


def _check_commissioner(by: User | None, league: League) -> None:
    """None is the management command (the server's operator): always allowed."""
    if by is not None and not is_commissioner(by, league):
        raise PermissionDenied(_("Only a commissioner of the league may import into it."))


def run_check(
    *,
    league: League,
    by: User | None,
    file_name: str,
    data: bytes,
    version: str = "",
    site_url: str = "",
    keep: bool = True,
) -> ImportRun:
    """The dry run: decode and plan. Writes the run (its report and the dump, unless not `keep`) and nothing else."""
    _check_commissioner(by, league)
    if version and version not in VERSIONS:
        raise ImportRefused([_("Unknown version “%(version)s”.") % {"version": version}])
    if len(data) > MAX_BYTES:
        raise ImportRefused([_("The file is larger than %(mb)s MB.") % {"mb": MAX_BYTES // (1024 * 1024)}])
    if not data:
        raise ImportRefused([_("The file is empty.")])
    snapshot = read_snapshot(data, version=version, league=league)
    report = plan(_load(league, snapshot))
    run = ImportRun(
        league=league,
        created_by=by if isinstance(by, Account) else None,
        file_name=file_name[:200],
        data=data,
        version_asked=version,
        version=snapshot.version,
        dry_report=report,
        site_url=site_url[:200],
    )
    if keep:
        run.save()
    return run


def _live_elsewhere(run: ImportRun) -> bool:
    return ImportRun.objects.filter(league_id=run.league_id, state__in=LIVE).exclude(pk=run.pk).exists()


def run_start(*, run: ImportRun, by: User | None, queue: bool = True) -> ImportRun:
    """The real run, after a dry run with nothing to refuse; queued for a worker (`queue`) or left
    for the caller to execute (the command). A failed run starts again where it stopped."""
    _check_commissioner(by, run.league)
    if not (run.state == ImportRun.State.CHECKED or run.resumable):
        raise ImportRefused([_("This import has already started.")])
    snapshot = read_snapshot(bytes(run.data), version=run.version_asked, league=run.league)
    report = plan(_load(run.league, snapshot, run))
    refused = refusals(report)
    if refused:
        ImportRun.objects.filter(pk=run.pk).update(dry_report=report)
        raise ImportRefused([_("Nothing was imported: every row must be brought over."), *worded(refused)])
    with transaction.atomic():
        locked = ImportRun.objects.select_for_update().get(pk=run.pk)
        if _live_elsewhere(locked) or not (locked.state == ImportRun.State.CHECKED or locked.resumable):
            raise ImportRefused([_("Another import into this league is running: wait for it to finish.")])
        sizes = stage_sizes(_load(run.league, snapshot, run))
        locked.state, locked.error, locked.dry_report = ImportRun.State.QUEUED, "", report
        locked.total = sum(sizes.values())
        locked.save(update_fields=["state", "error", "dry_report", "total", "updated_at"])
        log_action(
            action="interchange.import.started",
            actor=by if isinstance(by, Account) else None,
            league=run.league,
            run=run.pk,
            file=run.file_name,
        )
        if queue:
            # By name (league/interchange/tasks.py registers it): the task module imports this one.
            transaction.on_commit(lambda: current_app.tasks[RUN_IMPORT].delay(run.pk))
    return locked


def run_execute(run_id: int) -> bool:
    """The worker's entry: claim the run, load every stage with work left, write the final report.
    False when there was nothing to do (already done, or not started)."""
    with transaction.atomic():
        run = ImportRun.objects.select_for_update().select_related("league").filter(pk=run_id).first()
        if run is None or run.state not in LIVE:
            return False
        run.state, run.done = ImportRun.State.RUNNING, 0
        run.save(update_fields=["state", "done", "updated_at"])
    try:
        snapshot = read_snapshot(bytes(run.data), version=run.version_asked, league=run.league)
        load = _load(run.league, snapshot, run)
        sizes = stage_sizes(load)

        def progressed(stage: str, rows: int) -> None:
            index = STAGE_NAMES.index(stage)
            done = sum(sizes[name] for name in STAGE_NAMES[: index + 1])
            nxt = STAGE_NAMES[index + 1] if index + 1 < len(STAGE_NAMES) else ""
            ImportRun.objects.filter(pk=run_id).update(done=done, stage=nxt, updated_at=timezone.now())

        ImportRun.objects.filter(pk=run_id).update(stage=STAGE_NAMES[0])
        load_all(load, on_stage=progressed)
        report = final_report(load)
    except Exception as error:  # any failure: the committed stages stay, the run resumes later
        log.exception("import run %s failed", run_id)
        ImportRun.objects.filter(pk=run_id).update(
            state=ImportRun.State.FAILED, error=str(error)[:2000], updated_at=timezone.now()
        )
        return False
    ImportRun.objects.filter(pk=run_id).update(
        state=ImportRun.State.DONE, report=report, stage="", done=sum(sizes.values()), finished_at=timezone.now()
    )
    log_action(action="interchange.import.done", actor=None, league=run.league, run=run_id)
    return True


def decoder_diff(load: Load) -> list[dict[str, Any]]:
    """The decoder's recount against the dump's cached columns (SPP, injuries, status, fan factor,
    records), each with its reason (a gettext_noop pattern the page words)."""
    return [
        {"key": d.source.key, "what": d.column, "dump": d.cached, "ours": d.computed, "reason": d.reason}
        for d in diff(load.snapshot, load.ruleset)
    ]


def final_report(load: Load) -> dict[str, Any]:
    """After the run: what was created and every difference from the dump's cached figures, each
    with why (an English gettext_noop pattern the page words)."""
    snap, ruleset, values = load.snapshot, load.ruleset, []
    load.refresh()
    teams = Team.objects.in_bulk([load.mapped[t.source.key] for t in snap.teams if t.source.key in load.mapped])
    for row in snap.teams:
        team = teams.get(load.mapped.get(row.source.key, 0))
        tv = row.cached.get("tv")
        if team is not None and tv is not None and int(str(tv)) != team.team_value:
            values.append({"key": row.source.key, "what": "tv", "dump": int(str(tv)), "ours": team.team_value})
    players = Player.objects.in_bulk([load.mapped[p.source.key] for p in snap.players if p.source.key in load.mapped])
    for prow in snap.players:
        player = players.get(load.mapped.get(prow.source.key, 0))
        cached = prow.cached.get("value")
        if player is None or cached is None or player.status != Player.Status.ACTIVE:
            continue
        team = teams[player.team_id]
        cost = ruleset.team(team.race).position(player.position).cost
        kinds = list(player.advancements.values_list("kind", flat=True))
        ours = player_value(ruleset, position_cost=cost, improvements=kinds)
        if int(str(cached)) != ours:
            values.append({"key": prow.source.key, "what": "value", "dump": int(str(cached)), "ours": ours})
    # Each row named as the commissioner knows it (the dump's ids alone say nothing on the page).
    names = {t.source.key: t.name for t in snap.teams}
    names.update({p.source.key: p.name for p in snap.players})
    names.update({c.source.key: c.name for c in snap.coaches})
    rows = [{**v, "name": names.get(v["key"], "")} for v in [*decoder_diff(load), *values]]
    return {"counts": plan_counts(snap), "values": rows, "explain": EXPLAIN}


EXPLAIN = {
    "tv": gettext_noop(
        "Team value computed with the league's ruleset: its prices and gains, players missing the next match not counted; OBBLM's is cached by its triggers and may be stale."
    ),
    "value": gettext_noop(
        "Player value from the ruleset's position cost and the gains brought over; OBBLM's includes its own price tables and manual extra value."
    ),
}


def plan_counts(snapshot: LeagueSnapshot) -> dict[str, int]:
    return {
        "coaches": len(snapshot.coaches),
        "teams": len(snapshot.teams),
        "players": len(snapshot.players),
        "seasons": len(snapshot.tours),
        "matches": len(snapshot.matches),
    }
