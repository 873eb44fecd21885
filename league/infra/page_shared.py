"""One kept copy of a page for every anonymous visitor (league/infra/page_cache.py).

A visitor with no session sees what every other visitor sees, in his language: the page's key
carries its versions, URL, language and htmx headers, not his cookies. What differs between two
visitors' copies is only the CSRF token of each form (the language switch, the log-in link's form):
it is masked from the browser's own secret. So the copy kept has every token of the secret it was
rendered with replaced by a marker, and each visitor served it gets tokens masked from his own
secret, as Django's `{% csrf_token %}` would have given him: a form posted from it passes the CSRF
check, and no visitor ever receives another's secret.

A visitor with a session (logged in, or anonymous with something kept in it) is served his own copy,
as before: his page may show what his session holds.
"""

from __future__ import annotations

import re
import secrets

from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import CSRF_ALLOWED_CHARS
from django.utils import translation

MARKER = b"\x00csrf-token\x00"
_TOKEN = re.compile(rb"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])")
_SECRET = re.compile(r"^[A-Za-z0-9]{32}$")
_SECRET_LENGTH = 32


def shared_reader(request: HttpRequest) -> bool:
    """A visitor whose pages are every visitor's: no session cookie, CSRF secrets in cookies (the
    default), and a CSRF cookie well formed if he has one."""
    if settings.SESSION_COOKIE_NAME in request.COOKIES or getattr(settings, "CSRF_USE_SESSIONS", False):
        return False
    cookie = request.COOKIES.get(settings.CSRF_COOKIE_NAME)
    return cookie is None or _secret_of(cookie) is not None


def shared_key_part(request: HttpRequest) -> str:
    """What the shared copy's key carries instead of the cookies: the language Django will choose."""
    return "shared:" + translation.get_language_from_request(request)


def _secret_of(cookie: str) -> str | None:
    """The secret of a CSRF cookie: 32 characters, or a masked one of 64 (set by Django before 4.1)."""
    if len(cookie) == 2 * _SECRET_LENGTH and cookie.isalnum() and cookie.isascii():
        return _unmask(cookie)
    return cookie if _SECRET.match(cookie) else None


def _unmask(token: str) -> str:
    mask, cipher = token[:_SECRET_LENGTH], token[_SECRET_LENGTH:]
    chars = CSRF_ALLOWED_CHARS
    return "".join(chars[chars.index(c) - chars.index(m)] for c, m in zip(cipher, mask, strict=True))


def _mask(secret: str) -> str:
    """A new token of `secret`, as django.middleware.csrf.get_token gives one: a random mask, then
    the secret shifted by it."""
    chars = CSRF_ALLOWED_CHARS
    mask = "".join(secrets.choice(chars) for _ in range(_SECRET_LENGTH))
    cipher = "".join(chars[(chars.index(s) + chars.index(m)) % len(chars)] for s, m in zip(secret, mask, strict=True))
    return mask + cipher


def to_keep(request: HttpRequest, content: bytes) -> bytes | None:
    """The copy to keep: the tokens of the request's secret replaced by the marker. None when it
    cannot be shared (the marker itself in the page, which no page holds)."""
    if MARKER in content:
        return None
    secret = request.META.get("CSRF_COOKIE")
    if not secret:
        return content

    def unmasked(found: re.Match[bytes]) -> bytes:
        token = found[0].decode("ascii")
        return MARKER if _unmask(token) == secret else found[0]

    return _TOKEN.sub(unmasked, content)


def to_serve(request: HttpRequest, kept: bytes) -> bytes | None:
    """The kept copy with this visitor's own tokens; None when it has forms and he has no CSRF
    cookie yet (the page is then rendered for him, which gives him one)."""
    if MARKER not in kept:
        return kept
    secret = _secret_of(request.COOKIES.get(settings.CSRF_COOKIE_NAME, ""))
    if secret is None:
        return None
    parts = kept.split(MARKER)
    out = [parts[0]]
    for part in parts[1:]:
        out += [_mask(secret).encode("ascii"), part]
    return b"".join(out)
