"""Effect kinds that move gold, in the database: a ledger entry under the kind's ledger kind (its
engine half, league/rules/postmatch/kinds/money.py, names it), keyed by the effect; a reversal is
the opposite amount under its own key. Ledger memos are stored in English and translated when
shown; none repeats the entry's kind."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.rules.postmatch import Effect
from league.rules.postmatch.kinds import kind_of
from matches.effects.words import dice_text
from matches.models import MatchEffect
from matches.services.appliers import EffectApp, Reading, SequenceContext, Writes, apply_nothing, post, register
from teams.errors import gp
from teams.models import TreasuryEntry

MEMOS = {
    "winnings_transfer": gettext_noop("Winnings of the conceding team"),
    "petty_cash_return": gettext_noop("Unspent petty cash"),
}


def apply_money(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    """Gold in or out of the treasury, or of the bank (the part of the spiralling expenses a bank pays)."""
    ledger_kind = kind_of(effect.kind).money
    if effect.amount and ledger_kind:
        memo = MEMOS.get(effect.kind, "")
        post(ctx, w, effect.side, ledger_kind, effect.amount, effect.key, memo, account=effect.account)


def describe_winnings(reading: Reading, effect: MatchEffect) -> str:
    d, amount = effect.data or {}, gp(effect.amount)
    if effect.kind == "winnings_transfer":
        return _("Winnings of the conceding team: %(amount)s gp.") % {"amount": amount}
    if d.get("reason") == "conceded":
        return _("No winnings: the team conceded.")
    if len(d.get("dice", [])) > 1:
        return _("Winnings: %(amount)s gp (D6 %(first)s, re-rolled: %(last)s).") % {
            "amount": amount,
            "first": d["dice"][0],
            "last": d["dice"][-1],
        }
    return _("Winnings: %(amount)s gp (D6: %(dice)s).") % {
        "amount": amount,
        "dice": dice_text(d.get("dice", [])) or "—",
    }


def describe_card_gold(reading: Reading, effect: MatchEffect) -> str:
    return _("Gold from special play cards, in the winnings: %(amount)s gp.") % {"amount": gp(effect.amount)}


def describe_petty_cash(reading: Reading, effect: MatchEffect) -> str:
    return _("Unspent petty cash back in the treasury: %(amount)s gp.") % {"amount": gp(effect.amount)}


def describe_expenses(reading: Reading, effect: MatchEffect) -> str:
    """A treasury that pays nothing because the team's bank paid part of its spiralling expenses
    (an effect of its own) is no "no spiralling expenses"."""
    d = effect.data or {}
    if d.get("account") == TreasuryEntry.BANK:
        return _("Spiralling expenses paid by the bank: %(amount)s gp (bank now %(bank)s gp).") % {
            "amount": gp(-effect.amount),
            "bank": gp(d.get("bank", 0)),
        }
    bank_paid = any(
        e.kind == effect.kind and e.team_id == effect.team_id and (e.data or {}).get("account") for e in reading.effects
    )
    if not effect.amount and bank_paid:
        return _("Nothing more paid from the treasury.")
    if not effect.amount:
        return _("No spiralling expenses.")
    return _("Spiralling expenses: %(amount)s gp.") % {"amount": gp(-effect.amount)}


def apply_bank_transfer(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    """Gold between treasury and bank: `amount` moves the treasury (negative: into the bank), the
    bank moves the opposite; two entries of one kind, keyed apart."""
    if effect.amount:
        kind = kind_of(effect.kind).money or TreasuryEntry.Kind.BANK_TRANSFER
        post(ctx, w, effect.side, kind, effect.amount, effect.key, "")
        post(ctx, w, effect.side, kind, -effect.amount, f"{effect.key}:bank", "", account=TreasuryEntry.BANK)


def describe_bank_transfer(reading: Reading, effect: MatchEffect) -> str:
    values = {"amount": gp(abs(effect.amount)), "bank": gp((effect.data or {}).get("bank", 0))}
    if effect.amount < 0:  # out of the treasury
        return _("Into the bank: %(amount)s gp (bank now %(bank)s gp).") % values
    return _("Out of the bank, back in the treasury: %(amount)s gp (bank now %(bank)s gp).") % values


def describe_purchases(reading: Reading, effect: MatchEffect) -> str:
    return _("Treasury for purchases: %(amount)s gp.") % {"amount": gp((effect.data or {}).get("treasury", 0))}


register("winnings", "winnings_transfer", app=EffectApp(apply_money, describe_winnings, undo=apply_money))
register("card_gold", app=EffectApp(apply_money, describe_card_gold, undo=apply_money))
register("petty_cash_return", app=EffectApp(apply_money, describe_petty_cash, undo=apply_money))
register("spiralling_expenses", app=EffectApp(apply_money, describe_expenses, undo=apply_money))
register("bank_transfer", app=EffectApp(apply_bank_transfer, describe_bank_transfer, undo=apply_bank_transfer))
register("purchases_open", app=EffectApp(apply_nothing, describe_purchases))
