"""Write-side operations on matches."""

from matches.services.common import MatchError
from matches.services.postgame import postgame_retry, postgame_run, postgame_sweep, queue_postgame
from matches.services.prematch import PrematchInput, prematch_record
from matches.services.report import CasualtyLine, PlayerLine, ReportInput, report_confirm, report_save, report_submit
from matches.services.scheduling import match_schedule

__all__ = [
    "CasualtyLine", "MatchError", "PlayerLine", "PrematchInput", "ReportInput", "match_schedule",
    "postgame_retry", "postgame_run", "postgame_sweep", "prematch_record", "queue_postgame", "report_confirm",
    "report_save", "report_submit",
]
