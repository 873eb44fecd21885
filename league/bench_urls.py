"""The bench's URLconf (league/tooling/bench_settings.py, `manage.py bench_league`): the project's URLs
plus a truly bare view, the yardstick every page is compared with. No public URLconf includes
this module: the bare view never ships to users.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import include, path

BARE_PATH = "/bench-league/bare/"
BASE_PATH = "/bench-league/base/"


def bare(request: HttpRequest) -> HttpResponse:
    """Nothing but the stack: the middleware run as for every page, no template, no query."""
    return HttpResponse("ok")


def base(request: HttpRequest) -> HttpResponse:
    """base.html and nothing of its own: what every page shares (the session, the user, the
    menu and its badge of actions waiting)."""
    return render(request, "base.html", {})


urlpatterns = [
    path(BARE_PATH.strip("/") + "/", bare, name="bench_bare"),
    path(BASE_PATH.strip("/") + "/", base, name="bench_base"),
    path("", include("league.config.urls")),
]
handler400 = "league.pages.views.bad_request"
