"""Effect kinds that move gold: each names the ledger kind (ledger_kinds.csv) it is written under;
reversed by the opposite amount under the reversal's own key."""

from __future__ import annotations

from . import effect_kind, negate, nothing

effect_kind("winnings", money="winnings", reverse=negate("amount"))
effect_kind("winnings_transfer", money="winnings", reverse=negate("amount"))
# A special play card's gold, counted in the winnings (postmatch/card_gold.py).
effect_kind("card_gold", money="winnings", reverse=negate("amount"))
effect_kind("petty_cash_return", money="petty_cash", reverse=negate("amount"))
# account "bank": the part a team's bank pays (league/rules/postmatch/bank.py).
effect_kind("spiralling_expenses", money="spiralling_expenses", reverse=negate("amount"))
effect_kind("bank_transfer", money="bank_transfer", reverse=negate("amount"))
# The treasury the coach buys with (his purchases are his own, through the team pages).
effect_kind("purchases_open", reverse=nothing)
