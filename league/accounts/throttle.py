"""How many account mails may be asked for: password resets, confirmation links.

Counted in the default cache, per clock hour, under the address the mail goes to and under the
client's address (league.infra.lockout.client_ip, the one django-axes counts logins by): at most
ACCOUNT_MAILS_PER_HOUR for each. The cache rather than a table: a count that lives an hour needs no
migration and no cleaning, and the cache already answers every request. Without CACHE_URL each
process keeps its own counts, so the limit is per process (settings.py, CACHES); with CACHE_URL it is
the site's. A request for an address that has no account is counted like any other: the answer and
the refusal never tell whether an account exists.
"""

from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from league.infra.lockout import client_ip

WINDOW = 3600  # seconds


def _count(key: str) -> int:
    cache.add(key, 0, timeout=WINDOW)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=WINDOW)
        return 1


def mail_allowed(request: HttpRequest, kind: str, address: str) -> bool:
    """Counts one more `kind` mail asked for `address` from this client; False past the limit."""
    hour = int(time.time() // WINDOW)
    keys = [f"address:{address.strip().lower()}", f"client:{client_ip(request) or '-'}"]
    counts = [_count(f"account-mails:{kind}:{hour}:{hashlib.sha256(key.encode()).hexdigest()}") for key in keys]
    return max(counts) <= settings.ACCOUNT_MAILS_PER_HOUR
