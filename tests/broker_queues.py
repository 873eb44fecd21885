"""Queues of a test run's own on a Redis broker that other runs may share, and their cleanup."""

from __future__ import annotations

import json


def forget_redis_queue(url: str, queue: str) -> None:
    """A killed worker leaves its message unacknowledged; nobody else listens to this queue, so
    remove it and its traces rather than leave them in a shared Redis database."""
    import redis

    client = redis.Redis.from_url(url)
    for tag, payload in client.hgetall("unacked").items():
        try:
            routing_key = json.loads(payload)[2]
        except (ValueError, IndexError, TypeError):
            continue
        if routing_key == queue:
            client.hdel("unacked", tag)
            client.zrem("unacked_index", tag)
    client.delete(queue, *(f"{queue}\x06\x16{p}" for p in (3, 6, 9)), f"_kombu.binding.{queue}")
