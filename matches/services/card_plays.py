"""Special play cards played in a match (Match.cards_played): which card, by which side, and the
players it touched. A coach marks his own cards on the match page while the match is played, up to
the result's submission; a result given whole (the import, the API, a commissioner's correction)
may carry them too. A card played is one its side bought for this match (MatchCard), played once;
a card that leaves something after the match (its data's `lasting`) names the one player it
touched, of the right team. Whether that player suffered what the card undoes (a death, an
injury) is the engine's check when the result is submitted (league.rules.postmatch.card_plays).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.rules import Ruleset
from league.rules.postmatch.card_plays import TARGET
from matches.card_models import MatchCard
from matches.models import Match, MatchPlayer
from matches.services.common import MatchError, check_participant, lock_match, match_ruleset, require_status
from matches.services.prematch import may_declare

SIDES = ("home", "away")
# Cards are marked while the match is played and its sheet filled in; a submitted result is
# confirmed or sent back as it stands (sent back, it is a draft again).
PLAYABLE = (Match.Status.PREMATCH_DONE, Match.Status.DRAFT)


def _name(ruleset: Ruleset, key: str) -> str:
    card = ruleset.special_cards.cards.get(key)
    return card.name(get_language() or "en") if card else key


def card_play_problems(match: Match, ruleset: Ruleset, entries: Iterable[Any]) -> list[str]:
    """Every reason the cards played do not fit the match, in the coaches' words."""
    bought = set(MatchCard.objects.filter(match=match).values_list("side", "card"))
    sides = dict(MatchPlayer.objects.filter(match=match).values_list("player_id", "side"))
    problems: list[str] = []
    seen: set[str] = set()
    for entry in entries:
        if not isinstance(entry, Mapping) or set(entry) - {"side", "card", "players"}:
            problems.append(_("A card played names its side, the card and the players it touched, nothing else."))
            continue
        side, key, players = entry.get("side"), entry.get("card"), entry.get("players", [])
        card = ruleset.special_cards.cards.get(key) if isinstance(key, str) else None
        if side not in SIDES or card is None:
            problems.append(
                _("“%(card)s” is not a special play card of this league's ruleset, played by home or away.")
                % {"card": key}
            )
            continue
        words = {"card": card.name(get_language() or "en"), "team": match.team(side).name}
        if (side, key) not in bought:
            problems.append(_("%(team)s did not buy %(card)s for this match.") % words)
        if key in seen:
            problems.append(_("%(card)s is played only once.") % words)
        seen.add(str(key))
        if not isinstance(players, list) or any(type(p) is not int or p not in sides for p in players):
            problems.append(_("%(card)s: name players who took part in this match.") % words)
            continue
        if len(set(players)) != len(players):
            problems.append(_("%(card)s: each player is named once.") % words)
        if not card.lasting:
            continue
        if len(players) != 1:
            problems.append(_("%(card)s: name the one player it touched.") % words)
        elif (sides[players[0]] == side) != (TARGET[card.lasting] == "own"):
            other = side if TARGET[card.lasting] == "own" else ("away" if side == "home" else "home")
            problems.append(_("%(card)s: name a player of %(team)s.") % {**words, "team": match.team(other).name})
    return problems


def card_play(*, match: Match, side: str, card: str, players: list[int], played: bool = True, by: User | None) -> Match:
    """Mark one of `side`'s cards as played, touching `players` (ids), or as not played after all."""
    check_participant(match, by)
    if side not in SIDES:
        raise MatchError([_("A side is home or away.")])
    if not may_declare(match, side, by):
        raise MatchError(
            [_("Only the coach of %(team)s or the commissioner plays its cards.") % {"team": match.team(side).name}]
        )
    with transaction.atomic():
        lock_match(match)
        require_status(match, *PLAYABLE)
        entries = [e for e in match.cards_played or [] if not (e.get("card") == card and e.get("side") == side)]
        if played:
            entries.append({"side": side, "card": card, "players": sorted(set(players))})
        elif len(entries) == len(match.cards_played or []):
            raise MatchError([_("That card was not marked as played.")])
        problems = card_play_problems(match, match_ruleset(match), entries)
        if problems:
            raise MatchError(problems)
        match.cards_played = entries
        match.save(update_fields=["cards_played"])
        log_action(
            action="matches.card.played" if played else "matches.card.unplayed",
            actor=by,
            league=match.league,
            match=match.pk,
            side=side,
            card=card,
            players=sorted(set(players)) if played else [],
        )
    return match


def card_violation(code: str, params: Mapping[str, Any], match: Match, player: str) -> str:
    """The engine's refusal of a card played (league.rules.postmatch.card_plays), worded; `player`
    is the touched player's name."""
    words = {"card": _name(match_ruleset(match), str(params.get("card", ""))), "player": player}
    if code == "card_needs_death":
        return _("%(card)s: %(player)s did not die in this match, so the card has no death to cancel.") % words
    if code == "card_needs_casualty":
        return (
            _("%(card)s: %(player)s suffered no injury of 41 or more in this match, so the card has nothing to undo.")
            % words
        )
    return _("%(card)s cannot be played so: check its side and the players it touched.") % words
