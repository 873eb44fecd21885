"""The web half of .ci/prod-smoke, standard library only (the production install has no HTTP client):
log in as a coach through the login page and confirm a submitted result through its page."""

from __future__ import annotations

import http.cookiejar
import re
import sys
import urllib.parse
import urllib.request

base, match_id, username, password = sys.argv[1:5]
jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    if not found:
        sys.exit("no CSRF token in the page")
    return found.group(1)


def post(path: str, fields: dict[str, str]) -> tuple[int, str, str]:
    page = opener.open(base + path).read().decode()
    data = urllib.parse.urlencode({"csrfmiddlewaretoken": csrf_of(page), **fields}).encode()
    request = urllib.request.Request(base + path, data=data, headers={"Referer": base + path})
    with opener.open(request) as response:
        return response.status, response.geturl(), response.read().decode()


status, where, _ = post("/accounts/login/", {"username": username, "password": password})
if "/accounts/login/" in where:
    sys.exit(f"login as {username} failed")
status, where, html = post(f"/matches/{match_id}/confirm/", {})
print(f"confirm: HTTP {status}, now at {where}")
if status != 200 or f"/matches/{match_id}/" not in where:
    sys.exit("the confirmation was not accepted")
