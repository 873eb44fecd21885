"""Helpers shared by the match page tests (test_views_*.py); no test lives here. Their fixtures
(coach_carol, draft_match, submitted_match, processed_match...) are in tests/builders.py.

Everything is built through the services, as a coach would through the pages.
"""

from __future__ import annotations

from typing import Any

from matches.models import Match


def login(client, user):
    client.force_login(user)
    return client


def declare_petty_cash(match: Match, *, home: int = 0, away: int = 0) -> None:
    """Both sides declare their petty cash, in the ruleset's order, as the commissioner may."""
    from matches.services import petty_cash_declare
    from matches.services.common import match_ruleset
    from matches.services.prematch import petty_cash_state

    order, _turn = petty_cash_state(match, match_ruleset(match))
    for side in order:
        amount = home if side == "home" else away
        petty_cash_declare(match=match, side=side, amount=amount, by=match.league.commissioner)


def prematch_through_pages(client, match: Match, weather: dict[str, str] | None = None, **items: str):
    """The pre-match as the two coaches make it on the pages: the petty cash declared (0 unless
    already declared), each side choosing its own inducements in turn, as its coach (`items`:
    fields named home_… or away_…), then the weather recorded by the home coach. Stops at the first
    refusal and returns that page (followed); else the match page."""
    from django.urls import reverse

    from matches.selectors.prematch import prematch_states

    if not (match.home_petty_cash_declared and match.away_petty_cash_declared):
        from matches.services.common import match_ruleset
        from matches.services.prematch import has_step

        if has_step(match_ruleset(match), "petty_cash"):
            declare_petty_cash(match)
    for _turn in range(2):
        match.refresh_from_db()
        state = prematch_states([match])[match.pk]
        if state.step != "inducements":
            break
        side = state.side
        client.force_login(match.team(side).coach)
        own = {k: v for k, v in items.items() if k.startswith(f"{side}_")}
        response = client.post(reverse("matches:inducements", args=[match.pk]), {"side": side, **own}, follow=True)
        match.refresh_from_db()
        if getattr(match, f"{side}_inducements") is None:
            return response
    client.force_login(match.home.coach)
    data = weather if weather is not None else {"weather_source": "server"}
    return client.post(reverse("matches:prematch", args=[match.pk]), data, follow=True)


def report_data(match: Match, **fields: Any) -> dict[str, str]:
    """A valid result form: 1-0, nothing else entered (the server rolls every die).

    Unless a player is credited with a touchdown, the score is declared as touchdowns with no
    roster scorer (awarded: LRB6 p.15), so that it may be submitted without giving anyone SPP."""
    data = {"home_score": "1", "away_score": "0", "home_fame": "0", "away_fame": "0", "action": "save"}
    data.update({k: str(v) for k, v in fields.items()})
    if not any(k.endswith("_td") or "uncredited" in k for k in fields):
        data["home_uncredited_touchdowns"] = data["home_score"]
        data["away_uncredited_touchdowns"] = data["away_score"]
    return data
