"""The scope a Celery task's writes claim (league/infra/page_versions.py), from its arguments: a
post-match sequence changes its match's league, not the whole site.

A task registered here runs inside `page_scope(...)` of what `claim_task(name, scopes)` gives for its
arguments; any other task claims nothing, so its writes bump the whole site's version. The signals
fire in the worker's process and, for a task run eagerly, in the caller's: the same thread as the
task, so the claim holds exactly while it runs.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from typing import Any

from celery.signals import task_postrun, task_prerun

from league.infra.page_versions import Scope, enter_scope, leave_scope

_CLAIMS: dict[str, Callable[..., list[Scope]]] = {}
_tokens: dict[str, list[contextvars.Token]] = {}


def claim_task(name: str, scopes: Callable[..., list[Scope]]) -> None:
    """`scopes` takes the task's arguments (as it is called) and says what its writes change."""
    _CLAIMS[name] = scopes


def _enter(task_id: str | None = None, task: Any = None, args: Any = None, kwargs: Any = None, **_: Any) -> None:
    claim = _CLAIMS.get(getattr(task, "name", ""))
    if claim is None or task_id is None:
        return
    try:
        scopes = claim(*(args or ()), **(kwargs or {}))
    except TypeError:  # called in a way the claim does not know: claim nothing (the whole site)
        return
    _tokens.setdefault(task_id, []).append(enter_scope(*scopes))


def _leave(task_id: str | None = None, **_: Any) -> None:
    tokens = _tokens.get(task_id or "")
    if tokens:
        leave_scope(tokens.pop())
        if not tokens:
            del _tokens[task_id or ""]


task_prerun.connect(_enter, weak=False, dispatch_uid="league.infra.task_scopes.enter")
task_postrun.connect(_leave, weak=False, dispatch_uid="league.infra.task_scopes.leave")
