"""A bank beside the treasury (optional parameter group "bank"; PBBL P31-32/L70-72, P38/L84).

Gold moves between treasury and bank only in the "bank" post-match step, by the coach's decision
(an amount: positive puts gold in the bank, negative takes it out). The bank never counts in team
value and never buys anything; it may pay spiralling expenses, split as the coach decides or, by
default, as the ruleset says (treasury first: A2). Any shortfall is forgiven, never a debt.
"""

from __future__ import annotations

from ..parameters import BankParameters
from ..registry import post_match_step
from .finance import Side
from .records import SIDES, InputRequest, problem
from .run import Run


def expenses_from_bank(run: Run, side: Side, owed: int) -> int | None:
    """What the bank pays of `owed` (0 without a bank); None while an answer is being refused."""
    bank = run.ruleset.group(BankParameters)
    if bank is None or not bank.pays_spiralling_expenses or owed <= 0 or run.bank[side] <= 0:
        return 0
    request = InputRequest(f"se_bank:{side}", "decision", "expenses_from_bank", side, required=False)
    chosen = run.decisions.choices.get(request.key)
    if chosen is None:  # asked, but the default answers it: the plan does not wait for the coach
        run.requests.append(request)
        treasury_share = min(owed, max(run.treasury[side], 0))
        first = owed - treasury_share if bank.expenses_default == "treasury_first" else owed
        return min(first, run.bank[side])
    run.used_choices.add(request.key)
    if type(chosen) is not int or not 0 <= chosen <= min(owed, run.bank[side]):
        detail = f"the bank may pay 0 to {min(owed, run.bank[side])} of {owed}, not {chosen!r}"
        run.problems.append(problem(request.key, "bank_not_allowed", detail=detail))
        return None
    return chosen


@post_match_step("bank")
def step_bank(run: Run) -> None:
    """Each coach may move gold between treasury and bank; the bank holds at most max_balance."""
    bank = run.ruleset.group(BankParameters)
    if bank is None:
        return  # the step is listed by a ruleset without a bank: nothing to move
    for side in SIDES:
        request = InputRequest(f"bank:{side}", "decision", "bank_transfer", side, required=False)
        chosen = run.decisions.choices.get(request.key)
        if chosen is None:
            run.requests.append(request)
            continue
        run.used_choices.add(request.key)
        low, high = -run.bank[side], min(bank.max_balance - run.bank[side], max(run.treasury[side], 0))
        if type(chosen) is not int or not low <= chosen <= high:
            detail = f"between {low} and {high} may move (bank at most {bank.max_balance}), not {chosen!r}"
            run.problems.append(problem(request.key, "bank_not_allowed", detail=detail))
            continue
        if chosen:
            run.treasury[side] -= chosen
            run.bank[side] += chosen
            run.emit(
                side, "bank_transfer", f"bank:{side}", amount=-chosen, treasury=run.treasury[side], bank=run.bank[side]
            )
