"""Match pages: fixtures, the match page and its polled progress, pre-match, result, post-match dice,
the coach's decisions after a match (improvements first), a processed match's correction."""

from matches.views.cards import match_card_buy, match_card_play
from matches.views.corrections import correction_page, match_correct
from matches.views.decisions import decision, improvement_roll
from matches.views.detail import match_confirm, match_detail, match_retry, match_status, match_submit
from matches.views.dice import match_dice
from matches.views.dispute import match_send_back, match_withdraw
from matches.views.fixtures import match_list, match_schedule_view
from matches.views.held import held_line
from matches.views.prematch import match_inducements, match_petty_cash, match_prematch, match_prematch_budget
from matches.views.raised import match_raise
from matches.views.report import match_result

__all__ = [
    "correction_page",
    "decision",
    "held_line",
    "improvement_roll",
    "match_card_buy",
    "match_card_play",
    "match_confirm",
    "match_correct",
    "match_detail",
    "match_dice",
    "match_list",
    "match_inducements",
    "match_petty_cash",
    "match_prematch",
    "match_prematch_budget",
    "match_raise",
    "match_result",
    "match_retry",
    "match_schedule_view",
    "match_send_back",
    "match_status",
    "match_submit",
    "match_withdraw",
]
