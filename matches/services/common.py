"""Shared pieces of the match services."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import Value
from django.utils.translation import get_language, gettext_lazy, ngettext_lazy
from django.utils.translation import gettext as _

from league.core.permissions import can_manage_team, is_commissioner
from league.core.selectors import league_ruleset, snapshot_ruleset
from league.rules import Ruleset, load_ruleset
from league.rules.catalogue.team_building import Violation
from league.rules.postmatch import Decisions, MatchDice
from matches.models import Decision, DiceRoll, Match


class MatchError(Exception):
    """A refusal; `messages` are ready to show (every reason at once)."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(str(m) for m in messages))
        self.messages = [str(m) for m in messages]


def match_ruleset(match: Match) -> Ruleset:
    """The league's ruleset and house rules; once confirmed, the settings kept with the match."""
    if match.settings_snapshot:
        return snapshot_ruleset(match.settings_snapshot)
    return league_ruleset(match.league)


def lock_match(match: Match) -> Match:
    locked = Match.objects.select_for_update().get(pk=match.pk)
    match.__dict__.update({k: v for k, v in locked.__dict__.items() if not k.startswith("_")})
    return match


# The statuses of a match still being played: a step asked in one of them is a step of play.
IN_PLAY = (Match.Status.SCHEDULED, Match.Status.PREMATCH_DONE, Match.Status.DRAFT, Match.Status.SUBMITTED)


def require_status(match: Match, *statuses: str) -> None:
    """The match is in one of `statuses`. Every service of play (petty cash, pre-match, inducements,
    result, dice, submission, confirmation) asks this under the match's lock, so a step of play is
    also refused here when the match is closed by its season's play-offs (require_playable)."""
    if match.status not in statuses:
        raise MatchError(
            [_("This match is “%(status)s”: that cannot be done now.") % {"status": match.get_status_display()}]
        )
    if match.status in IN_PLAY:
        require_playable(match)


def locked_message(match: Match) -> str:
    return _(
        "The play-offs of %(season)s have started: its regular-season matches can no longer be played "
        "unless the commissioner reopens this one."
    ) % {"season": match.season.name if match.season else ""}


def require_playable(match: Match) -> None:
    """Refuses every step of playing a league match once its season's play-offs have started,
    unless the commissioner reopened it (docs/decisions/seasons.md, "Regular fixtures once the play-offs start")."""
    from matches.hooks import fixture_locked

    if fixture_locked(match):
        raise MatchError([locked_message(match)])


def side_of_user(match: Match, user: AbstractBaseUser | AnonymousUser | None) -> str | None:
    """The side the user coaches in this match (None for anyone else)."""
    if user is None or not user.is_authenticated:
        return None
    if match.home.coach_id == user.pk:
        return "home"
    if match.away.coach_id == user.pk:
        return "away"
    return None


def check_side(match: Match, side: str, by: User | None) -> None:
    """None is the system; otherwise the side's coach or a commissioner."""
    if by is not None and not can_manage_team(by, match.team(side)):
        raise PermissionDenied(_("You may not act for this team."))


def check_participant(match: Match, by: User | None) -> None:
    if by is None or is_commissioner(by, match.league) or side_of_user(match, by):
        return
    raise PermissionDenied(_("Only the two coaches and the commissioner may do this."))


# Lazy: this dict is built at import time, before any request has chosen a language; each message
# is worded when it is formatted, in the language active then. Counts pick their plural form.
VIOLATION_MESSAGES = {
    "unknown_inducement": gettext_lazy("“%(key)s” is not an inducement of this ruleset."),
    "inducement_max": gettext_lazy("At most %(max)s of “%(key)s” (you chose %(count)s)."),
    "inducement_not_allowed": gettext_lazy("This team may not buy “%(key)s”."),
    "negative_count": gettext_lazy("A number cannot be negative."),
    "unknown_star": gettext_lazy("“%(star)s” is not a star player of this ruleset."),
    "star_not_for_team": gettext_lazy("%(star)s does not play for this team."),
    "star_max": ngettext_lazy(
        "At most %(max)s star player (you chose %(count)s).",
        "At most %(max)s star players (you chose %(count)s).",
        "max",
    ),
    "duplicate_star": gettext_lazy("A star player can be induced only once."),
    "unknown_position": gettext_lazy("“%(position)s” is not a position of this team."),
    "unknown_skill": gettext_lazy("“%(skill)s” is not a skill of this ruleset."),
    "skill_not_allowed": gettext_lazy("A mercenary may only take an extra skill from his normal categories."),
    "position_max": ngettext_lazy(
        "%(position)s: at most %(max)s player per team (you chose %(count)s).",
        "%(position)s: at most %(max)s players per team (you chose %(count)s).",
        "max",
    ),
    "squad_max": ngettext_lazy(
        "Star players and mercenaries may not take the squad past %(max)s player (%(count)s).",
        "Star players and mercenaries may not take the squad past %(max)s players (%(count)s).",
        "max",
    ),
    "over_budget": gettext_lazy("This costs %(cost)s gp, over the %(budget)s gp available."),
    "over_budget_with_cards": gettext_lazy(
        "These inducements cost %(cost)s gp and the special play cards already bought %(cards)s gp: "
        "together over the %(budget)s gp available."
    ),
    "cards_replace_inducements": gettext_lazy(
        "In this league special play cards replace the inducements: buy cards, nothing else."
    ),
    "final_no_inducements": gettext_lazy("No inducements in a semi-final or a final."),
    "final_no_stars": gettext_lazy("No star players or mercenaries in a semi-final or a final."),
    # The codes league.rules.prematch.induce actually reports (the entries above predate some of them).
    "star_twice": gettext_lazy("A star player can be induced only once."),
    "mercenary_skill_not_allowed": gettext_lazy("A mercenary may only take an extra skill from his normal categories."),
    "not_in_final": gettext_lazy("No inducements in a semi-final or a final."),
    "inducement_excluded": gettext_lazy("This league has removed %(inducement)s from the inducements (its settings)."),
    "inducement_price_unset": gettext_lazy(
        "%(inducement)s cannot be bought yet: the commissioner has not set its price (the league's settings)."
    ),
    "inducement_needs_details": gettext_lazy("“%(key)s” needs details (which star, which position)."),
    "mercenary_too_many_skills": ngettext_lazy(
        "A mercenary may take at most %(max)s extra skill, each once.",
        "A mercenary may take at most %(max)s extra skills, each once.",
        "max",
    ),
    "journeymen_max": ngettext_lazy(
        "Journeymen only while the team cannot field enough players: %(max)s at most here (you chose %(count)s).",
        "Journeymen only while the team cannot field enough players: %(max)s at most here (you chose %(count)s).",
        "max",
    ),
}


def _display_names(params: dict[str, object], ruleset: Ruleset | None, team_key: str | None) -> dict[str, object]:
    """Keys named by the engine (inducement, star, position, skill) in the reader's language."""
    if ruleset is None:
        return params
    lang = get_language() or "en"
    namers: dict[str, Callable[[str], str]] = {
        "inducement": lambda k: ruleset.inducements[k].name(lang),
        "star": lambda k: ruleset.star_players[k].name(lang),
        "position": lambda k: ruleset.team(team_key or "").position(k).name(lang),
        "skill": lambda k: ruleset.skills[k].name(lang),
    }
    named = dict(params)
    for key, namer in namers.items():
        if key in named:
            try:
                named[key] = namer(str(named[key]))
            except KeyError:
                pass  # an unknown key is itself the refusal: show it as typed
    return named


def violation_messages(
    violations: Iterable[Violation], ruleset: Ruleset | None = None, team_key: str | None = None
) -> list[str]:
    """The engine's refusals worded now, in the active language; with a ruleset (and the team's
    list for positions), the keys they name are shown by their names."""
    from teams.errors import gp

    out = []
    for v in violations:
        params = _display_names(dict(v.params), ruleset, team_key)
        params = {k: gp(p) if k in {"cost", "budget", "cards"} else p for k, p in params.items()}
        params.setdefault("key", params.get("inducement", ""))  # the engine names it "inducement"
        template = VIOLATION_MESSAGES.get(v.code)
        if template is None:
            out.append(f"{v.code}: {params}")
            continue
        try:
            out.append(str(template % params))  # not str(template) first: % picks the plural form
        except (KeyError, ValueError, TypeError):
            out.append(f"{template} ({v.code})")
    return out


def prematch_dice(match: Match) -> frozenset[str]:
    """Purposes of the dice the pre-match rolled: its table-roll steps' (the weather...), kept with
    the match's other dice but never read by the post-match planner. The published ruleset's list
    (a house rule cannot declare a table), read without a query."""
    return frozenset(load_ruleset(match.league.ruleset).pre_match_tables)


def stored_inputs(
    match: Match, choices: dict[str, Any] | None = None, rolls: Iterable[tuple[str, Any]] | None = None
) -> tuple[MatchDice, Decisions]:
    """The match's stored dice and decisions as the planner takes them (two reads; `choices`, the
    decisions already read, and `rolls`, the dice, save them). A journeyman's hire is the applier's,
    not the planner's."""
    choices = dict(match.decisions.values_list("key", "value")) if choices is None else choices
    rolls = list(match.dice.values_list("purpose", "values")) if rolls is None else rolls
    prematch = prematch_dice(match)
    given = MatchDice(
        {
            purpose: tuple(values)
            for purpose, values in rolls
            if purpose not in prematch  # the pre-match's dice are stored too, never planned with
        }
    )
    return given, Decisions({k: v for k, v in choices.items() if not k.startswith("journeyman:")})


def stored_choices_and_rolls(match: Match) -> tuple[dict[str, Any], list[tuple[str, Any]]]:
    """The match's stored decisions and dice, in one read (for stored_inputs)."""
    decisions = Decision.objects.filter(match_id=match.pk).order_by().values_list(Value("d"), "key", "value")
    dice = DiceRoll.objects.filter(match_id=match.pk).order_by().values_list(Value("r"), "purpose", "values")
    choices: dict[str, Any] = {}
    rolls: list[tuple[str, Any]] = []
    for tag, key, value in decisions.union(dice, all=True):
        if tag == "d":
            choices[key] = value
        else:
            rolls.append((key, value))
    return choices, rolls
