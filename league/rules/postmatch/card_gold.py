"""Gold a special play card gave during the match, counted in the winnings (seed 002 H:L101: "the
match sheet's winnings hold all the gold the match brought, card gold included"; spec §2.3).

Switched on by data: a ruleset whose card options ([parameters.cards]) say `gold_in_winnings`, where
the league sells cards (bought from the decks at the pre-match, H10). The result sheet then asks each side for its card gold, an amount
the coach enters (a decision `card_gold:<side>`, like a bank transfer); the winnings step pays it
into the treasury under the winnings ledger kind, as an effect of its own with its natural key
(`card_gold:<side>`), so a re-run changes nothing and a correction replays it. A card's gold is
the card's, not the match's earnings: a conceding side keeps it (docs/decisions/matches.md).
"""

from __future__ import annotations

from ..parameter_groups import CardParameters
from ..ruleset import Ruleset
from .records import SIDES, InputRequest, problem
from .run import Run


def has_card_gold(ruleset: Ruleset) -> bool:
    """Whether the league sells special play cards whose gold the result sheet records (H:L101)."""
    options = ruleset.group(CardParameters)
    return bool(ruleset.special_cards and options and options.mode != "none" and options.gold_in_winnings)


def pay_card_gold(run: Run) -> None:
    """Each side's card gold, as entered; nothing asked of a ruleset without cards."""
    if not has_card_gold(run.ruleset):
        return
    for side in SIDES:
        request = InputRequest(f"card_gold:{side}", "decision", "card_gold", side, required=False)
        chosen = run.decisions.choices.get(request.key)
        if chosen is None:
            run.requests.append(request)
            continue
        run.used_choices.add(request.key)
        granularity = run.ruleset.params.gp_granularity
        if type(chosen) is not int or chosen < 0 or chosen % granularity:
            detail = f"card gold is a whole amount of {granularity} gp or more, not {chosen!r}"
            run.problems.append(problem(request.key, "card_gold_not_allowed", detail=detail))
            continue
        if chosen:
            run.treasury[side] += chosen
            run.emit(side, "card_gold", f"card_gold:{side}", amount=chosen, treasury=run.treasury[side])
