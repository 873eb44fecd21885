"""Special play cards played in a match, in the post-match sequence (spec §11 ★, PBBL A14-A15).

A card's lasting effect is its data (Card.lasting, catalogue/cards.py LASTING). The report is read
as the card left it before any step runs (with_card_plays): a cancelled casualty is gone from the
player's casualties, so no step sees a death or an injury that did not happen (the dead are not
removed, the team value counts him, the MVP may go to him); an assassinated opponent is no MVP
candidate. The step "cards" then names each card played in an effect of its own ("card_played"),
so that the outcome page says which card is behind a casualty that is not there. Everything else
a card does ends with the match: temporary players, skills and characteristics are never written.
"""

from __future__ import annotations

from dataclasses import replace

from ..catalogue.team_building import Violation
from ..parameter_groups import CardParameters
from ..registry import post_match_step
from ..ruleset import Ruleset
from .casualties import resolve_casualty
from .records import SIDES, CardPlay, MatchReport, PlayerReport, SideReport
from .run import Run

# What each lasting effect needs of its player: whose player he is, and what he suffered.
TARGET = {"cancel_casualty": "own", "cancel_death": "own", "sponge": "own", "not_mvp": "opponent"}
NEEDS = {"cancel_casualty": "casualty", "cancel_death": "death", "sponge": "casualty"}
FIRST_SERIOUS = 41  # "une blessure de 41 ou plus" (p.40 L5384): Badly Hurt (11-38) leaves nothing anyway


def _suffered(ruleset: Ruleset, player: PlayerReport, needs: str) -> bool:
    results = [r for cas in player.casualties_suffered for r in resolve_casualty(ruleset, cas).results]
    if needs == "death":
        return any(r.dead for r in results)
    return any(r.d68 >= FIRST_SERIOUS for r in results)


def card_play_violations(ruleset: Ruleset, report: MatchReport) -> tuple[Violation, ...]:
    """What the cards played get wrong as far as the report can tell: a card the ruleset does not
    have, one played twice, a player not in the match, and for a card with a lasting effect exactly
    one player, of the right team, who suffered what the card undoes."""
    cards = ruleset.special_cards.cards
    side_of = {p.ref: side for side in SIDES for p in report.side(side).players}
    players = {p.ref: p for side in SIDES for p in report.side(side).players}
    found: list[Violation] = []
    seen: set[str] = set()
    for play in report.cards_played:
        card = cards.get(play.card)
        params = {"card": play.card, "side": play.side}
        if card is None or play.side not in SIDES:
            found.append(Violation("card_unknown", params))
            continue
        if play.card in seen:
            found.append(Violation("card_played_twice", params))
        seen.add(play.card)
        unknown = [ref for ref in play.players if ref not in side_of]
        if unknown or len(set(play.players)) != len(play.players):
            found.append(Violation("card_player_unknown", {**params, "player": (unknown or play.players)[0]}))
            continue
        if not card.lasting:
            continue
        if len(play.players) != 1:
            found.append(Violation("card_one_player", params))
            continue
        ref = play.players[0]
        own = side_of[ref] == play.side
        if own != (TARGET[card.lasting] == "own"):
            code = "card_own_player" if TARGET[card.lasting] == "own" else "card_opponent"
            found.append(Violation(code, {**params, "player": ref}))
        elif card.lasting in NEEDS and not _suffered(ruleset, players[ref], NEEDS[card.lasting]):
            found.append(Violation(f"card_needs_{NEEDS[card.lasting]}", {**params, "player": ref}))
    return tuple(found)


def lasting_effect(ruleset: Ruleset, play: CardPlay) -> str:
    """What the card leaves after the match, as this league plays it ("" for nothing)."""
    card = ruleset.special_cards.cards.get(play.card)
    lasting = card.lasting if card else ""
    if lasting == "sponge":
        group = ruleset.group(CardParameters)
        return lasting if group is not None and group.sponge_erases_injury else ""
    return lasting


def _changed(ruleset: Ruleset, player: PlayerReport, lasting: str) -> PlayerReport:
    if lasting == "not_mvp":
        return replace(player, eligible_for_mvp=False)
    if lasting == "cancel_death":  # only the casualty that killed him: he is KO'd instead
        kept = tuple(
            cas for cas in player.casualties_suffered if not any(r.dead for r in resolve_casualty(ruleset, cas).results)
        )
        return replace(player, casualties_suffered=kept)
    return replace(player, casualties_suffered=())  # cancel_casualty, sponge: the injury is erased


def with_card_plays(ruleset: Ruleset, report: MatchReport) -> MatchReport:
    """The report as the cards played left it (checked first: card_play_violations)."""
    changes: dict[str, str] = {}
    for play in report.cards_played:
        lasting = lasting_effect(ruleset, play)
        if lasting:
            changes[play.players[0]] = lasting
    if not changes:
        return report

    def side(report_side: SideReport) -> SideReport:
        players = tuple(_changed(ruleset, p, changes[p.ref]) if p.ref in changes else p for p in report_side.players)
        return replace(report_side, players=players)

    return replace(report, home=side(report.home), away=side(report.away))


@post_match_step("cards", before=("mvp",))
def step_cards(run: Run) -> None:
    """One record effect a card played, naming what it changed after the match ("" for nothing)."""
    for play in run.report.cards_played:
        run.emit(
            play.side,
            "card_played",
            f"card:{play.card}",
            player_ref=play.players[0] if play.players else None,
            card=play.card,
            lasting=lasting_effect(run.ruleset, play),
            players=len(play.players),
        )
