"""Celery tasks for matches: thin wrappers that take ids and call one service."""

from __future__ import annotations

from celery import shared_task

from matches.services.postgame import postgame_run, postgame_sweep


@shared_task(name="matches.run_postgame", acks_late=True, reject_on_worker_lost=True)
def run_postgame(match_id: int) -> bool:
    # The service claims the match with a compare-and-swap and applies keyed effects, so a
    # redelivered message (acks_late) finds nothing to do or resumes where a dead worker stopped.
    return postgame_run(match_id)


@shared_task(name="matches.sweep_postgame")
def sweep_postgame() -> list[int]:
    """Periodic: queue confirmed matches that never reached a worker and runs whose worker died."""
    return postgame_sweep()
