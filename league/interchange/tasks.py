"""Celery task of the imports: a thin wrapper that takes the run's id and calls the service."""

from __future__ import annotations

from celery import shared_task

from league.interchange.runs import RUN_IMPORT, run_execute


@shared_task(name=RUN_IMPORT, acks_late=True, reject_on_worker_lost=True)
def run_import(run_id: int) -> bool:
    # Every stage skips what the league's import map holds: a redelivered message (acks_late, a
    # worker killed mid-run) resumes at the first stage with work left.
    return run_execute(run_id)
