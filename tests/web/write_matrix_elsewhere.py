"""More of test_write_matrix's ELSEWHERE: write endpoints whose permission matrix lives beside
their feature (the file that holds each)."""

from __future__ import annotations

FLOW = "tests/api/test_match_flow.py"  # each endpoint refused to whoever its page refuses, through a token

MORE_ELSEWHERE = {
    # The match flow through the API.
    "api-matches-petty-cash": FLOW,
    "api-matches-inducements": FLOW,
    "api-matches-prematch": FLOW,
    "api-matches-result": FLOW,
    "api-matches-submit": FLOW,
    "api-matches-withdraw": FLOW,
    "api-matches-send-back": FLOW,
    "api-matches-confirm": FLOW,
    "api-matches-decision": FLOW,
    # A FUMBBL team's import: anonymous to the login page, a stranger refused (403), nothing written.
    "league:import_fumbbl": "tests/interchange/test_fumbbl_import.py",
    # Personal API tokens: any logged-in user makes his own; only he revokes one (others get 404).
    "accounts:tokens": "tests/accounts/test_tokens.py",
    "accounts:token_revoke": "tests/accounts/test_tokens.py",
    # One's own notifications: another user's ids are ignored, nobody without a login or token.
    "api-notifications-read": "tests/api/test_notifications_api.py",
    # Lines held for the commissioner: a coach sees the reason but no form and is refused (403).
    "matches:held": "tests/matches/test_held_lines.py",
    # The API's teams, players and corrections.
    "api-matches-corrections": "tests/api/test_corrections_api.py",
    "api-correction-confirm": "tests/api/test_corrections_api.py",
    "api-correction-discard": "tests/api/test_corrections_api.py",
    "api-teams": "tests/api/test_permissions.py",
    "api-team": "tests/api/test_permissions.py",
    "api-team-ready": "tests/api/test_permissions.py",
    "api-team-hire": "tests/api/test_permissions.py",
    "api-team-rerolls": "tests/api/test_permissions.py",
    "api-team-staff": "tests/api/test_permissions.py",
    "api-team-retire": "tests/api/test_permissions.py",
    "api-team-rookies": "tests/teams/test_roster_house_rules.py",
    "api-team-college": "tests/teams/test_roster_house_rules.py",
    "api-team-ledger-reverse": "tests/api/test_permissions.py",
    "api-player": "tests/api/test_permissions.py",
    "api-player-fire": "tests/api/test_permissions.py",
    # The OBBLM import: a commissioner of the league only.
    "league:import_obblm": "tests/interchange/test_obblm_pages.py",
    "league:import_obblm_start": "tests/interchange/test_obblm_pages.py",
}
