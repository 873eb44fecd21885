"""Whether a saved result's touchdowns account for its score, as the rules engine decides
(league/rules/scoring.py), worded in the user's language. Checked when a result is submitted,
corrected while submitted, and confirmed: on the pages, by the importer and so through the API."""

from __future__ import annotations

from typing import cast

from django.db.models import Sum
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.rules import Ruleset
from league.rules.catalogue.team_building import Violation
from league.rules.postmatch.scoring import SideScore, score_violations, uncredited_touchdowns_allowed
from matches.models import Match, MatchInducement, MatchPlayer
from matches.services.common import MatchError, match_ruleset


def side_scores(match: Match) -> dict[str, SideScore]:
    credited = dict(
        MatchPlayer.objects.filter(match=match).values_list("side").annotate(total=Sum("touchdowns")).order_by()
    )
    induced = MatchInducement.objects.filter(match=match, plays_for_neither=False).exclude(star="", position="")
    return {
        side: SideScore(
            score=getattr(match, f"{side}_score") or 0,
            credited=credited.get(side) or 0,
            declared=getattr(match, f"{side}_uncredited_touchdowns"),
            induced_players=induced.filter(side=side).count(),
        )
        for side in ("home", "away")
    }


def _worded(match: Match, violation: Violation) -> str:
    p = dict(violation.params)
    team = match.team(cast(str, p["side"])).name
    if violation.code == "touchdowns_not_credited":
        return ngettext(
            "%(team)s scored %(score)s but %(missing)s touchdown is credited to no player: credit it to the "
            "player who scored it, or count it under “no roster scorer” if a star player or a mercenary scored "
            "it or it was awarded.",
            "%(team)s scored %(score)s but %(missing)s touchdowns are credited to no player: credit them to the "
            "players who scored them, or count them under “no roster scorer” if star players or mercenaries "
            "scored them or they were awarded.",
            cast(int, p["missing"]),
        ) % {"team": team, "score": p["score"], "missing": p["missing"]}
    if violation.code == "touchdowns_exceed_score":
        return _(
            "%(team)s: %(credited)s touchdowns credited to players and %(declared)s with no roster scorer, "
            "more than its score of %(score)s."
        ) % {"team": team, **{k: p[k] for k in ("credited", "declared", "score")}}
    if violation.code == "uncredited_touchdowns_not_allowed":
        return _(
            "%(team)s fielded no star player or mercenary and this league awards no touchdown without a "
            "scorer: credit every touchdown to the player who scored it."
        ) % {"team": team}
    return f"{violation.code}: {p}"


def score_problems(match: Match) -> list[str]:
    """Every reason the saved touchdowns do not account for the score ([] when they do)."""
    scores = side_scores(match)
    found = score_violations(match_ruleset(match), scores["home"], scores["away"], match.conceded_by)
    return [_worded(match, v) for v in found]


def check_score(match: Match) -> None:
    problems = score_problems(match)
    if problems:
        raise MatchError(problems)


def score_help(ruleset: Ruleset) -> str:
    """What counts, for the result form: the same rules as score_violations, in words."""
    parts = [
        _(
            "Every touchdown must be credited to the player who scored it, in the lines below: that is what "
            "earns his SPP. A result whose touchdowns are not all credited cannot be submitted."
        ),
        _("A touchdown scored by an induced star player or mercenary has no line: count it under “no roster scorer”."),
    ]
    if uncredited_touchdowns_allowed(ruleset, SideScore(0, 0)):
        parts.append(
            _("So does a touchdown awarded with no scorer, when the opponent could field no player after the KO rolls.")
        )
    if ruleset.params.conceded_match_score_needs_no_scorer:
        parts.append(_("After a concession, the score of the team that did not concede needs no scorer."))
    if ruleset.params.result_mode == "first_touchdown":
        parts.insert(0, _("The first touchdown wins and ends the match: enter 1-0 to the team that scored."))
    return " ".join(str(p) for p in parts)
