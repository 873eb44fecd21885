"""The coaches' bank amounts on a result (rulesets with a bank group), checked when it is saved.

A coach decides, per side, how much gold moves into the bank ("bank:<side>", negative: out of it)
and how much of the spiralling expenses the bank pays ("se_bank:<side>", none given: the ruleset's
default split). The rules engine refuses an amount outside what the sequence allows at its step
(bank_not_allowed, worded by wording.py when the result is submitted or confirmed); the bounds that
do not depend on dice still to be rolled are checked here already, so that a draft holding an
impossible amount is refused before anything is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from league.rules import BankParameters
from matches.models import Match
from matches.services.common import match_ruleset
from matches.services.wording import bank_text
from teams.selectors import bank_balances

BANK_KEYS = ("bank", "se_bank")


def bank_decisions(decisions: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in decisions.items() if key.partition(":")[0] in BANK_KEYS}


def bank_problems(match: Match, decisions: Mapping[str, Any]) -> list[str]:
    """Why the bank amounts among `decisions` cannot be used, or [] (no read without one)."""
    amounts = bank_decisions(decisions)
    if not amounts:
        return []
    ruleset = match_ruleset(match)
    bank = ruleset.group(BankParameters)
    if bank is None:
        return [_("This league's ruleset has no bank: “%(key)s” cannot be used.") % {"key": key} for key in amounts]
    held = bank_balances([match.home_id, match.away_id])
    problems = []
    for key, value in amounts.items():
        prefix, _sep, side = key.partition(":")
        if side not in ("home", "away") or type(value) is not int:
            problems.append(_("“%(key)s”: give a whole number of gold pieces.") % {"key": key})
            continue
        before = held.get(match.home_id if side == "home" else match.away_id, 0)
        if prefix == "bank":
            allowed = -before <= value <= bank.max_balance - before
        else:
            allowed = bank.pays_spiralling_expenses and 0 <= value <= before
        if not allowed:
            problems.append(bank_text(match, ruleset, key, before))
    return problems
