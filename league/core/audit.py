"""The audit log: every change to a team or league is recorded with who did it.

Actions are namespaced codes; their wording lives here so the team page can show them in the
reader's language.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from league.core.models import AuditEntry, League

ACTIONS = {
    "teams.team.created": _("Team created"),
    "teams.team.draft_saved": _("Draft saved"),
    "teams.team.imported": _("Team imported from another site"),
    "teams.team.ready": _("Team declared ready"),
    "teams.team.retired": _("Team retired"),
    "teams.player.hired": _("Player hired"),
    "teams.player.fired": _("Player fired"),
    "teams.player.renamed": _("Player renamed or renumbered"),
    "teams.rookie.hired": _("Free rookie hired"),
    "teams.team.college": _("College of magic changed"),
    "teams.team.assistant_titles": _("Assistant coaches' titles changed"),
    "teams.reroll.bought": _("Team re-roll bought"),
    "teams.staff.hired": _("Staff hired"),
    "teams.staff.fired": _("Staff fired"),
    "teams.treasury.corrected": _("Treasury entry reversed"),
    "league.member.joined": _("Coach joined the league"),
    "league.league.created": _("League created"),
    "league.setting.changed": _("League setting changed"),
    "league.ruleset.changed": _("League ruleset changed"),
    "league.roster_profile.changed": _("Roster catalogue profile changed"),
    "league.ally_rule.changed": _("Ally table changed"),
    "teams.ally.hired": _("Ally hired"),
    "league.standings.changed": _("Points scheme or tie-breakers changed"),
    "league.standings.lots_drawn": _("Lots drawn for the standings"),
    "league.standings.ordered": _("Tied teams ordered by the commissioner"),
    "league.membership_mode.changed": _("Membership mode changed"),
    "league.member.requested": _("Coach asked to join"),
    "league.member.approved": _("Request to join approved"),
    "league.member.declined": _("Request to join declined"),
    "league.member.invited": _("Coach invited"),
    "league.member.invitation_accepted": _("Invitation accepted"),
    "league.member.invitation_declined": _("Invitation declined"),
    "league.member.role_changed": _("Member's role changed"),
    "matches.match.scheduled": _("Match scheduled"),
    "matches.prematch.recorded": _("Pre-match sequence recorded"),
    "matches.petty_cash.declared": _("Petty cash declared"),
    "matches.inducements.chosen": _("Inducements chosen"),
    "matches.card.bought": _("Special play card bought"),
    "matches.card.played": _("Special play card played"),
    "matches.card.unplayed": _("Special play card marked as not played"),
    "matches.result.saved": _("Result saved as a draft"),
    "matches.result.submitted": _("Result submitted"),
    "matches.result.confirmed": _("Result confirmed"),
    "matches.result.sent_back": _("Result sent back"),
    "matches.result.withdrawn": _("Result withdrawn"),
    "matches.result.corrected": _("Result edited by the commissioner"),
    "matches.dice.entered": _("Post-match dice entered"),
    "matches.postgame.processed": _("Post-match sequence completed"),
    "matches.postgame.failed": _("Post-match sequence failed"),
    "matches.postgame.held": _("Match held for the commissioner: a player credited on it could not have played"),
    "matches.held.resolved": _("Held line settled by the commissioner"),
    "matches.postgame.retried": _("Post-match sequence retried"),
    "matches.postgame.inputs_set_aside": _("Dice or decisions the match no longer uses set aside"),
    "matches.postgame.dice_asked": _("Match held: dice a change of the history newly needs asked of the coach"),
    "matches.dice.asked_entered": _("Dice asked of the coach entered"),
    "matches.dice.asked_rolled": _("Dice asked of the coaches rolled by the server, as the commissioner said"),
    "matches.postgame.replayed": _("Late result: the matches played after it replayed"),
    "matches.replay.number_given": _("Player given back by a replay: another shirt number, his own being worn"),
    "matches.correction.drafted": _("Correction of a processed match drafted"),
    "matches.correction.confirmed": _("Correction of a processed match confirmed"),
    "matches.correction.applied": _("Correction applied: the match and those after it replayed"),
    "teams.improvement.chosen": _("Improvement chosen"),
    "matches.decision.chosen": _("Decision made after a match"),
    "matches.match.imported": _("Match imported"),
    "matches.player.raised": _("Player raised from the dead after a match"),
    "league.season.created": _("Season created"),
    "interchange.import.started": _("Import from OBBLM started"),
    "interchange.import.done": _("Import from OBBLM finished"),
    "league.season.status_changed": _("Season status changed"),
    "league.season.team_requested": _("Team asked to enter the season"),
    "league.season.team_added": _("Team entered in the season by the commissioner"),
    "league.season.team_approved": _("Team approved for the season"),
    "league.season.team_refused": _("Team refused for the season"),
    "league.season.team_withdrawn": _("Team withdrawn from the season"),
    "league.season.fixtures_generated": _("Fixtures generated"),
    "league.season.fixture_added": _("Fixture added"),
    "league.season.swiss_round": _("Swiss round paired"),
    "league.season.round_dates": _("Round dates changed"),
    "league.season.round_dates_bulk": _("Dates of several rounds set"),
    "league.season.fixture_reopened": _("League match reopened during the play-offs"),
    "league.playoffs.created": _("Play-off bracket created"),
    "league.playoffs.advanced": _("Play-off winner advanced"),
    "league.playoffs.redrawn": _("Play-off bracket drawn again after a correction"),
    "league.playoffs.champion": _("Season won"),
    "league.playoffs.closed": _("Season closed after its play-offs"),
    "league.challenge.issued": _("Challenge issued"),
    "league.challenge.accepted": _("Challenge accepted"),
    "league.challenge.refused": _("Challenge refused (2-0 for the challenger)"),
    "league.challenge.replacement_named": _("Replacement named for a challenge"),
    "league.challenge.replacement_agreed": _("Replacement agreed to play a challenge"),
    "league.challenge.replacement_declined": _("Challenger declined the replacement (0-2)"),
    "league.challenge.ruled": _("Commissioner ruled on a challenge"),
    "league.trophy.defined": _("Minor tournament defined"),
    "league.trophy.season_chosen": _("Trophy of the season's final chosen"),
    "league.trophy.awarded": _("Trophy awarded"),
}


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    # Sorted keys and JSON-safe values, so entries compare and diff cleanly.
    cleaned: dict[str, Any] = json.loads(json.dumps(data, sort_keys=True, default=str))
    return cleaned


def log_action(
    *,
    action: str,
    actor: User | None,
    team: Any = None,  # a teams.Team: the league core sits below teams and cannot import it
    league: League | None = None,
    **data: Any,
) -> AuditEntry:
    if action not in ACTIONS:
        raise ValueError(f"unknown audit action {action!r}")
    if team is not None and league is None:
        league = team.league
    return AuditEntry.objects.create(
        action=action,
        actor=actor if actor is not None and actor.is_authenticated else None,
        team=team,
        league=league,
        data=_clean(data),
    )


def action_label(code: str) -> str:
    return str(ACTIONS.get(code, code))
