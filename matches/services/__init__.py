"""Write-side operations on matches."""

from matches.services.common import MatchError
from matches.services.dice import DiceSheet, DieRow, dice_sheet, report_dice_enter, requested_dice
from matches.services.dispute import may_correct, may_review, may_withdraw, report_send_back, report_withdraw
from matches.services.postgame import postgame_run
from matches.services.postgame_queue import postgame_retry, postgame_sweep, queue_postgame
from matches.services.prematch import PrematchInput, petty_cash_declare, prematch_record
from matches.services.report import (
    report_confirm,
    report_save,
    report_save_and_submit,
    report_submit,
)
from matches.services.report_input import CasualtyLine, PlayerLine, ReportInput
from matches.services.scheduling import match_schedule

__all__ = [
    "CasualtyLine",
    "DiceSheet",
    "DieRow",
    "MatchError",
    "PlayerLine",
    "PrematchInput",
    "ReportInput",
    "dice_sheet",
    "match_schedule",
    "may_correct",
    "may_review",
    "may_withdraw",
    "petty_cash_declare",
    "postgame_retry",
    "postgame_run",
    "postgame_sweep",
    "prematch_record",
    "queue_postgame",
    "report_confirm",
    "report_dice_enter",
    "report_save",
    "report_save_and_submit",
    "report_send_back",
    "report_submit",
    "report_withdraw",
    "requested_dice",
]
