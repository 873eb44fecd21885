"""Celery task posting one webhook delivery, retried with exponential backoff."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from league.webhooks.services import DELIVER, DELIVER_BATCH, attempt, attempt_batch


@shared_task(name=DELIVER, bind=True, acks_late=True, max_retries=None)
def deliver(self: Any, delivery_id: int) -> Any:
    # The service counts the attempts (MAX_ATTEMPTS) and records each; Celery only waits between them.
    wait = attempt(delivery_id, retries=self.request.retries)
    if wait is None:
        return None
    # throw=False: the retry is queued and returned rather than raised. A worker then ends this run
    # as a success (the delivery's own record tells the attempts); run eagerly (no broker), the
    # returned retry is what apply() runs next, where a raised one would escape under
    # CELERY_TASK_EAGER_PROPAGATES.
    return self.retry(countdown=wait, throw=False)


@shared_task(name=DELIVER_BATCH, acks_late=True)
def deliver_batch(delivery_ids: list[int]) -> None:
    # The deliveries one transaction made, each posted once here; those to post again go to
    # `deliver`, which counts on from the attempts made (its request's retries).
    for delivery_id, (wait, made) in attempt_batch(delivery_ids).items():
        deliver.apply_async((delivery_id,), countdown=wait, retries=made)
