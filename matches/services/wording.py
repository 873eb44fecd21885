"""Post-match inputs in words: readable names for dice and decisions, and the rules engine's
refusals (InputProblem codes, missing inputs) in the user's language.

The engine names inputs by keys ("improvement:p12:1", "mvp:home:1") and words its refusals in
English for logs; coaches read "Improvement roll 1 of #4 Grim (Reavers)" in their own language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils.translation import get_language, gettext_lazy, ngettext, ngettext_lazy
from django.utils.translation import gettext as _

from league.rules import BankParameters, Ruleset
from league.rules.catalogue.team_building import Violation
from league.rules.postmatch import InputProblem, InputRequest, MatchReport, request_for_key
from league.rules.postmatch.finance import Side
from matches.models import Match, MatchInducement
from matches.services.common import match_ruleset
from matches.services.snapshot import ref_player_id
from teams.errors import gp
from teams.models import Player

DECISION_CODES = {
    "decision_type",
    "not_mvp_candidate",
    "chosen_while_pending",
    "improvement_not_allowed",
    "unused_decision",
    "bank_not_allowed",
    "card_gold_not_allowed",
    "healing_not_allowed",
}
PROBLEMS = {
    "die_count": ngettext_lazy(
        "%(input)s: %(count)s die with %(sides)s faces is needed, not %(got)s.",
        "%(input)s: %(count)s dice with %(sides)s faces are needed, not %(got)s.",
        "count",
    ),
    "die_value": gettext_lazy("%(input)s: %(value)s is not a possible result of a D%(sides)s (1 to %(sides)s)."),
    "decision_type": gettext_lazy("%(input)s: this answer (%(got)s) is not one the question allows."),
    "not_mvp_candidate": gettext_lazy("%(input)s: %(pick)s cannot be this team's MVP."),
    "chosen_while_pending": gettext_lazy(
        "%(input)s: chosen while an earlier improvement roll of the same player still waits for its choice."
    ),
    "improvement_not_allowed": gettext_lazy("%(input)s: “%(choice)s” is not something this roll allows."),
    "unused_die": gettext_lazy("%(input)s: this match does not call for this die (any more)."),
    "unused_decision": gettext_lazy("%(input)s: this match does not call for this decision (any more)."),
    "card_gold_not_allowed": gettext_lazy(
        "%(input)s: card gold is a whole amount of gold pieces in the league's steps, 0 or more."
    ),
    "healing_not_allowed": gettext_lazy(
        "%(input)s: the healing spell only cancels an injury or a death this team's player suffered in this match."
    ),
}
# The engine's bank_not_allowed (rulesets with a bank), by input: the bounds come from the report
# and the ruleset, since the engine's own detail is English.
BANK_PROBLEMS = {
    "bank": gettext_lazy(
        "%(input)s: this amount cannot move between treasury and bank. The bank held %(held)s gp before the "
        "match and holds at most %(max)s gp; only gold in the treasury (after winnings and spiralling "
        "expenses) can go in, only gold in the bank can come out."
    ),
    "se_bank": gettext_lazy(
        "%(input)s: the bank cannot pay this much of the spiralling expenses. It held %(held)s gp before the "
        "match and pays at most what is owed (nothing when the ruleset's bank does not pay them)."
    ),
}
BANK_INPUTS = {"bank": "bank_transfer", "se_bank": "expenses_from_bank"}


def input_names(match: Match, report: MatchReport, ruleset: Ruleset, keys: Iterable[str] = ()) -> dict[str, str]:
    """Readable names of the report's refs (and of the players some input `keys` name): "#7 Grim"
    for a player, the star or mercenary otherwise."""
    refs = [p.ref for side in (report.home, report.away) for p in side.players]
    refs += [key.split(":")[1] for key in keys if key.count(":") >= 1]
    ids = [pid for pid in map(ref_player_id, refs) if pid is not None]
    names = {f"p{p.pk}": str(p) for p in Player.objects.filter(pk__in=ids)}
    lang = get_language() or "en"
    for row in MatchInducement.objects.filter(match=match).exclude(star="", position=""):
        if row.star in ruleset.star_players:
            names[f"i{row.pk}"] = ruleset.star_players[row.star].name(lang)
        else:
            try:
                position = ruleset.team(match.team(row.side).race).position(row.position).name(lang)
            except KeyError:
                position = row.position
            names[f"i{row.pk}"] = _("Mercenary %(position)s") % {"position": position}
    return names


def input_label(match: Match, request: InputRequest, names: Mapping[str, str]) -> str:
    team = match.team(request.side).name
    player = names.get(request.player_ref or "", request.player_ref or "")
    n = request.key.rsplit(":", 1)[-1]
    labels = {
        "mvp_draw": _("MVP draw, %(team)s") if n == "1" else _("Second MVP draw, %(team)s"),
        "mvp_pick": _("MVP pick, %(team)s") if n == "1" else _("Second MVP pick, %(team)s"),
        "improvement": _("Improvement roll %(n)s of %(player)s (%(team)s)"),
        "improvement_choice": _("Improvement choice %(n)s of %(player)s (%(team)s)"),
        "departure": _("Departure die of %(player)s (%(team)s)"),
        "winnings": _("Winnings die, %(team)s"),
        "winnings_reroll": _("Re-rolled winnings die, %(team)s"),
        "winnings_reroll_decision": _("Winnings re-roll choice, %(team)s"),
        "fan_factor": _("Fan factor dice, %(team)s"),
        "bank_transfer": _("Gold moved into the bank, %(team)s"),
        "expenses_from_bank": _("Spiralling expenses paid by the bank, %(team)s"),
        "card_gold": _("Gold from special play cards, %(team)s"),
        "healing_pick": _("Healing spell, %(team)s"),
        "table_roll": _("%(roll)s of %(player)s (%(team)s)"),
        "table_roll_avoid": _("%(roll)s of %(player)s (%(team)s), roll to avoid it"),
    }
    what, roll = request.what, ""
    if what in ("table_roll", "table_roll_avoid") or what not in labels:
        # A roll on one of the ruleset's tables, named by it: its key's prefix is the roll's (also
        # for a stored die the steps no longer ask for, whose request is read off its key).
        prefix = request.key.partition(":")[0]
        found = match_ruleset(match).table_rolls.get(prefix)
        if found is None and what not in labels:
            return request.describe()
        what = "table_roll_avoid" if request.key.endswith(":avoid") else "table_roll"
        roll = found.name(get_language() or "en") if found else prefix
    return labels[what] % {"n": n, "player": player, "team": team, "roll": roll}


def bank_text(match: Match, ruleset: Ruleset, key: str, held: int) -> str:
    """Why a bank amount (a decision "bank:<side>" or "se_bank:<side>") cannot be used."""
    prefix, _sep, side = key.partition(":")
    request = InputRequest(key, "decision", BANK_INPUTS[prefix], "away" if side == "away" else "home")
    bank = ruleset.group(BankParameters)
    limits = {"held": gp(held), "max": gp(bank.max_balance if bank else 0)}
    return str(BANK_PROBLEMS[prefix] % {**limits, "input": named(input_label(match, request, {}), key)})


def problem_text(
    match: Match, report: MatchReport, problem: InputProblem, names: Mapping[str, str], *, keyed: bool = True
) -> str:
    """One refusal of an input, for a coach; `keyed`: with the input's key of the match-report
    format after its label (the sheet's), else its label alone (a replay's refusal)."""
    if problem.code == "bank_not_allowed" and problem.key.partition(":")[0] in BANK_PROBLEMS:
        side: Side = "away" if problem.key.endswith(":away") else "home"
        return bank_text(match, match_ruleset(match), problem.key, report.side(side).bank_before)
    request = request_for_key(report, problem.key, decision=problem.code in DECISION_CODES)
    params = {k: v for k, v in problem.params}
    # PROBLEMS[...] % (not str() first): a count picks the plural form.
    label = input_label(match, request, names)
    return str(PROBLEMS[problem.code] % {**params, "input": named(label, problem.key) if keyed else label})


def named(label: str, key: str) -> str:
    """A label with the key the match-report format (docs/match-report.md) uses for the input."""
    return f"{label} [{key}]"


def apothecary_problem(team: str, used: int, fielded: int) -> str:
    """The rules engine's apothecary_uses_exceeded, for a coach."""
    if not fielded:
        return _(
            "%(team)s had no apothecary in this match (neither its own nor a Wandering Apothecary): "
            "none of its casualty rolls can have been re-rolled by one."
        ) % {"team": team}
    return ngettext(
        "%(team)s used an apothecary on %(used)s casualties but had only %(fielded)s apothecary in this match: "
        "its own apothecary and each Wandering Apothecary work once per match.",
        "%(team)s used an apothecary on %(used)s casualties but had only %(fielded)s apothecaries in this match: "
        "its own apothecary and each Wandering Apothecary work once per match.",
        fielded,
    ) % {"team": team, "used": used, "fielded": fielded}


def apothecary_violation(found: Violation, team: str, player: str = "") -> str:
    """The rules engine's refusals of an apothecary's re-rolls (league.rules.postmatch.check) for a
    coach: more uses than apothecaries, and the treatment after the match where a ruleset has one."""
    code, params = found.code, dict(found.params)
    if code == "after_match_apothecary_not_allowed":
        return _(
            "%(player)s: this league's rules give no apothecary treatment after the match; "
            "an apothecary re-rolls a casualty only during the match."
        ) % {"player": player}
    if code == "after_match_apothecary_without_roll":
        return _(
            "%(player)s: a treatment after the match is an apothecary's re-roll: tick the apothecary and enter its "
            "D6 and D8."
        ) % {"player": player}
    if code == "after_match_apothecary_on_death":
        return _(
            "%(player)s was killed: only an apothecary acting at once, during the match, can save a dead player, "
            "not a treatment after the match."
        ) % {"player": player}
    if code == "after_match_apothecary_twice":
        return _(
            "%(team)s has %(count)s treatments after the match: an apothecary left unused treats only one "
            "player after the match."
        ) % {"team": team, "count": params["count"]}
    if code == "after_match_apothecary_already_used":
        return ngettext(
            "%(team)s used its apothecary during the match: only an apothecary that did nothing during the match "
            "may treat a player after it (%(used)s uses for %(fielded)s apothecary).",
            "%(team)s used its apothecaries during the match: only an apothecary that did nothing during the match "
            "may treat a player after it (%(used)s uses for %(fielded)s apothecaries).",
            params["fielded"],  # type: ignore[arg-type]
        ) % {"team": team, "used": params["used"], "fielded": params["fielded"]}
    if code == "apothecary_used_on_ko":
        return _(
            "%(team)s used an apothecary on a KO'd player: an apothecary works once per match, on a KO'd player "
            "or on a casualty, so that one re-rolls no casualty (KO'd players treated: %(ko)s, casualty re-rolls: "
            "%(rerolls)s, apothecaries in this match: %(fielded)s)."
        ) % {"team": team, "ko": params["on_ko"], "rerolls": params["rerolls"], "fielded": params["fielded"]}
    return apothecary_problem(team, params["used"], params["fielded"])  # type: ignore[arg-type]


def casualties_problem(side: str, inflicted: int, suffered: int) -> str:
    return _(
        "The %(side)s players caused %(inflicted)s casualties by blocks but the other side suffered only %(suffered)s."
    ) % {"side": _(side), "inflicted": inflicted, "suffered": suffered}


def missed_problem(player: object) -> str:
    # The services' own wording, so one translation serves both.
    return _("%(player)s missed this match and cannot be credited with anything.") % {"player": player}


def result_problem(found: Violation) -> str:
    """The rules engine's result-policy refusals (league.rules.postmatch.results), for a coach."""
    code, params = found.code, found.params
    if code == "first_touchdown_score":
        return (
            _(
                "In this league the first touchdown wins and ends the match: the result is 1-0 to the team that "
                "scored, not %(home)s-%(away)s."
            )
            % params
        )
    if code == "first_touchdown_conceded_score":
        return (
            _(
                "In this league the first touchdown ends the match: after a concession the conceding team has "
                "scored nothing and the other team one touchdown at most, not %(home)s-%(away)s."
            )
            % params
        )
    if code == "shootout_side":
        return _("The shoot-out is won by the home or the away team.")
    if code == "shootout_not_allowed":
        return _("Only a play-off match has a shoot-out winner: this is a league match.")
    if code == "shootout_not_tied":
        return _("A shoot-out winner is named only when the score is tied and nobody conceded.")
    if code == "winner_needed" and params.get("playoff"):
        return _(
            "A play-off match cannot end in a draw: after sudden-death overtime, a shoot-out decides it. "
            "The score is tied: choose the team that won the shoot-out."
        )
    if code == "winner_needed":
        return _(
            "A match of this league cannot end in a draw: after sudden-death overtime, a shoot-out decides it. "
            "The score is tied: choose the team that won the shoot-out."
        )
    if code == "shootout_dice_without_shootout":
        return _("Shoot-out dice are entered only with the shoot-out's winner.")
    if code == "shootout_dice_not_pairs":
        return _("Shoot-out dice: each roll is a pair of D6, home then away (1 to 6), not %(pair)s.") % params
    if code == "shootout_dice_order":
        return _(
            "Shoot-out dice: a level pair is rolled again, so every pair but the last is level and the last is not."
        )
    if code == "shootout_dice_winner":
        return _("Shoot-out dice: the last pair does not name the team entered as the shoot-out's winner.")
    if code == "overtime_not_allowed":
        return _("Only a match that cannot end in a draw goes to sudden-death overtime in this league.")
    return code
