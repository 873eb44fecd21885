"""The special play cards played, for the match page (matches.services.card_plays): a card played is
shown to both sides with the players it touched; a side's cards not played stay named to its coach
and the commissioner only, with the form that marks one played while the match is being played."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from league.core.permissions import is_commissioner
from league.rules import Ruleset
from matches.card_models import MatchCard
from matches.models import Match, MatchPlayer
from matches.services.card_plays import PLAYABLE, SIDES
from matches.services.common import side_of_user
from matches.services.prematch import may_declare


def card_plays_panel(
    match: Match, ruleset: Ruleset, user: AbstractBaseUser | AnonymousUser, lang: str
) -> dict[str, Any] | None:
    """Per side, the cards this user may see, played or not; None when no card was bought."""
    rows = list(MatchCard.objects.filter(match=match).order_by("side", "order"))
    if not rows:
        return None
    lines = list(MatchPlayer.objects.filter(match=match).select_related("player").order_by("side", "player__number"))
    names = {line.player_id: f"#{line.player.number} {line.player.name}" for line in lines}
    played = {(e.get("side"), e.get("card")): e for e in match.cards_played or [] if isinstance(e, dict)}
    commissioner, mine = is_commissioner(user, match.league), side_of_user(match, user)
    open_ = match.status in PLAYABLE
    sides = []
    for side in SIDES:
        sees = commissioner or mine == side
        may_play = open_ and sees and user.is_authenticated and may_declare(match, side, user)
        cards = []
        for row in (r for r in rows if r.side == side):
            entry = played.get((side, row.card))
            if entry is None and not sees:
                continue  # secret until played
            card = ruleset.special_cards.cards.get(row.card)
            cards.append(
                {
                    "key": row.card,
                    "name": card.name(lang) if card else row.card,
                    "label": card.label if card else "",
                    "effect": card.effect(lang) if card else "",
                    "lasting": card.lasting if card else "",
                    "played": entry is not None,
                    "players": [names.get(pk, f"#{pk}") for pk in (entry or {}).get("players", [])],
                    "chosen": set((entry or {}).get("players", [])),
                    "may_play": may_play,
                }
            )
        sides.append({"side": side, "team": match.team(side), "cards": cards})
    if not any(s["cards"] for s in sides):
        return None
    teams = [
        {
            "team": match.team(side),
            "players": [{"id": ln.player_id, "name": names[ln.player_id]} for ln in lines if ln.side == side],
        }
        for side in SIDES
    ]
    return {"sides": sides, "teams": teams, "open": open_}
