"""The notifications' pages requested in French (tests/web/test_french_pages.py): alice told of the
demo match (a reason given), one of her mails failed for the commissioner's page."""

from __future__ import annotations

from django.urls import reverse

from tests.web.french_world import Page, World, slug


def told(w: World):
    """alice's notifications in the world, made once: the demo match confirmed, then sent back."""
    if "notices" not in w.extra:
        from league.core.events import Event
        from league.notices import services

        alice = w.users["alice"]
        params = {"home": "Reikland Reavers", "away": "Orcland Raiders", "home_score": 1, "away_score": 0}
        path = reverse("matches:detail", args=[w.processed.pk])
        made = services.notifications_create(Event("result.confirmed", w.league.pk, (alice.pk,), params, path))
        made += services.notifications_create(
            Event("result.sent_back", w.league.pk, (alice.pk,), {**params, "reason": "Mauvais score"}, path)
        )
        services.mail_error([made[0].pk], OSError("Network is unreachable"), final=True)
        w.extra["notices"] = made
    return w.extra["notices"]


def unsubscribe_url(w: World, token: str | None = None) -> str:
    from league.notices.mail import unsubscribe_token

    return reverse("notices:unsubscribe", args=[token or unsubscribe_token(w.users["alice"].pk)])


PAGES = [
    Page("notices:list", "alice", lambda w: told(w) and reverse("notices:list")),
    Page("notices:list", "frank", lambda w: reverse("notices:list"), note="none yet"),
    Page("notices:follow", "alice", lambda w: reverse("notices:follow", args=[told(w)[1].pk]), note="its match"),
    Page("notices:read_all", "alice", lambda w: told(w) and reverse("notices:read_all"), lambda w: {}),
    Page("notices:unsubscribe", None, lambda w: unsubscribe_url(w)),
    Page("notices:unsubscribe", None, lambda w: unsubscribe_url(w, "bad:token"), status=400, note="tampered"),
    Page("league:mail", "commissioner", lambda w: told(w) and reverse("league:mail", args=[slug(w)])),
    Page(
        "league:mail",
        "commissioner",
        lambda w: reverse("league:mail", args=[slug(w)]),
        lambda w: {"notification": "abc"},
        status=400,
        note="not an id",
    ),
    # last: alice no longer mailed
    Page("notices:unsubscribe", None, lambda w: unsubscribe_url(w), lambda w: {}, note="done"),
]
