"""One kept copy of a page for every anonymous visitor (league/infra/page_cache.py).

A visitor with no session sees what every other visitor sees, in his language: the page's key
carries its versions, URL, language and htmx headers, not his cookies. What differs between two
visitors' copies is only the CSRF token of each form (the language switch, the log-in link's form):
it is masked from the browser's own secret. So the copy kept has every token of the secret it was
rendered with replaced by a marker, and each visitor served it gets tokens masked from his own
secret, as Django's `{% csrf_token %}` would have given him: a form posted from it passes the CSRF
check, and no visitor ever receives another's secret.

A logged-in reader of a league's page that says so (`share_among_readers`: a page whose body shows
the same to every reader of one standing in the league, as the standings do) is served the copy of
his standing: a member of the league, its commissioner, or neither (found in the versions his key
reads already: page_versions._USER_LEAGUES), with the menu cut out. His own menu (his name, his
badges, his log-out form) is kept apart, per reader and page, under his menu's versions, and put
back in its place: one render of a league's table after a result serves every member.

Anyone else with a session (anonymous with something kept in it, or a page that does not say it is
shared) is served his own copy, as before: his page may show what his session holds.
"""

from __future__ import annotations

import re
import secrets

from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import CSRF_ALLOWED_CHARS
from django.utils import translation

from league.infra.page_versions import LEAGUE, PLAY, SITE, TEAM

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


# --- Logged-in readers: one copy per standing in the league, the menu apart ---

NAV_START, NAV_END = b"<!--nav-->", b"<!--/nav-->"  # templates/base.html: around what the reader's menu shows
HOLE = b"\x00nav\x00"


def share_among_readers(request: HttpRequest) -> None:
    """Called by a league page's view: what it rendered for this reader, the menu aside, is what it
    renders for every reader of his standing in the league (member, commissioner, neither)."""
    request.page_shared = True  # type: ignore[attr-defined]


def _ids(part: str) -> set[int]:
    """The versions' ids of a key part ("id:number,..."; the tests' local count of writes may follow,
    after a dot: page_cache.PAGE_CACHE_LOCAL_WRITES)."""
    found = set()
    for entry in part.split(","):
        pk, colon, _number = entry.partition(":")
        if colon and pk.lstrip("-").isdigit():
            found.add(int(pk))
    return found


def page_league(versions: str) -> int | None:
    """The league whose version keys the page (one of its own, its teams' or its matches'), if any."""
    page_part = versions.partition("|")[2]
    leagues = [pk - LEAGUE for pk in _ids(page_part) if LEAGUE < pk < LEAGUE + (1 << 40)]
    return leagues[0] if len(leagues) == 1 else None


def standing(versions: str, user_versions: str) -> tuple[str, str] | None:
    """The reader's standing in the page's league (member, commissioner, coach of a team the page
    shows), and the versions its copy is keyed by (the site's and the page's, not his own): None when
    the page is no one league's."""
    site_part, _bar, page_part = versions.partition("|")
    league = page_league(versions)
    if league is None:
        return None
    mine = _ids(user_versions)
    member, commissioner = LEAGUE + league in mine, PLAY + league in mine
    # A team's page, its players' or its matches': whether one of those teams is his (he manages it,
    # or plays the match: the view shows him more and shares nothing with him).
    own = any(TEAM < pk < TEAM + (1 << 40) for pk in _ids(page_part) & mine)
    site = next((entry for entry in site_part.split(",") if entry.startswith(f"{SITE}:")), "")
    return f"member={member:d},commissioner={commissioner:d},own={own:d}", f"{site}|{page_part}"


def cut_menu(content: bytes) -> tuple[bytes, bytes] | None:
    """The page with its menu cut out (a hole in its place), and the menu; None without one menu."""
    if content.count(NAV_START) != 1 or content.count(NAV_END) != 1 or HOLE in content:
        return None
    head, _start, rest = content.partition(NAV_START)
    menu, _end, tail = rest.partition(NAV_END)
    return head + NAV_START + HOLE + NAV_END + tail, menu


def put_menu(body: bytes, menu: bytes) -> bytes:
    return body.replace(HOLE, menu, 1)
