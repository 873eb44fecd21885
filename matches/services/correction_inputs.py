"""The inputs of a match as a correction stores them (the result, its lines and casualties, every
post-match die and the report's decisions), and their writing on the match in the replay's
transaction, between the undo and the redo (matches.services.corrections)."""

from __future__ import annotations

from dataclasses import asdict
from datetime import date
from typing import Any

from django.contrib.auth.models import User

from matches.models import Decision, DiceRoll, Match, MatchCasualty, MatchPlayer
from matches.services.common import prematch_dice
from matches.services.report import REPORT_DECISIONS, write_report
from matches.services.report_input import RESULT_FIELDS, CasualtyLine, PlayerLine, ReportInput
from matches.services.sequence import match_sequence

REPORT_KEYS = tuple(f"{prefix}:" for prefix in REPORT_DECISIONS)  # the result sheet's own decisions


def inputs_of(match: Match) -> dict[str, Any]:
    """The match's post-match inputs as plain values: the result, its lines and casualties, every
    post-match die (entered or rolled by the server) and the report's decisions."""
    lines = [
        asdict(PlayerLine(r.player_id, r.completions, r.touchdowns, r.interceptions, r.casualties, r.actions or {}))
        for r in MatchPlayer.objects.filter(match=match).order_by("side", "player__number")
    ]
    fields = [f for f in CasualtyLine.__dataclass_fields__ if f != "victim_id"]
    casualties = [
        {"victim_id": c.victim_id, **{f: getattr(c, f) for f in fields}}
        for c in MatchCasualty.objects.filter(match=match).order_by("pk")
    ]
    skip = prematch_dice(match)
    dice = {p: list(v) for p, v in match.dice.values_list("purpose", "values") if p not in skip}
    return {
        "result": {
            # A FAME never entered (a match written before it was asked) reads as the sheet's 0.
            name: (getattr(match, name) or 0) if name.endswith("_fame") else getattr(match, name)
            for name in RESULT_FIELDS
        },
        "played_on": match.played_on.isoformat() if match.played_on else None,
        "lines": lines,
        "casualties": casualties,
        "dice": dict(sorted(dice.items())),
        "decisions": dict(sorted(match.decisions.values_list("key", "value"))),
    }


def report_of(inputs: dict[str, Any]) -> ReportInput:
    played_on = inputs.get("played_on")
    return ReportInput(
        **inputs["result"],
        lines=tuple(PlayerLine(**line) for line in inputs["lines"]),
        casualties=tuple(CasualtyLine(**c) for c in inputs["casualties"]),
        dice={},  # every die is written by write_inputs, with its source
        decisions={k: v for k, v in inputs["decisions"].items() if k.startswith(REPORT_KEYS)},
        played_on=date.fromisoformat(played_on) if played_on else None,
    )


def write_inputs(match: Match, inputs: dict[str, Any], by: User | None) -> None:
    """The correction's inputs on the match, in the replay's transaction (between undo and redo)."""
    match = Match.objects.select_related("league").get(pk=match.pk)
    write_report(match, report_of(inputs), by)
    # Dice kept as they were stay the same rows (a preview tells new server rolls by their ids);
    # a die the commissioner changed or added is his, entered.
    skip = prematch_dice(match)
    kept = {p: v for p, v in match.dice.values_list("purpose", "values") if p not in skip}
    wanted = {p: list(v) for p, v in inputs["dice"].items() if p not in skip}
    DiceRoll.objects.filter(match=match, purpose__in=[p for p in kept if p not in wanted]).delete()
    for purpose, values in wanted.items():
        if purpose not in kept:
            DiceRoll.objects.create(match=match, purpose=purpose, values=values, source=DiceRoll.Source.ENTERED)
        elif kept[purpose] != values:
            DiceRoll.objects.filter(match=match, purpose=purpose).update(values=values, source=DiceRoll.Source.ENTERED)
    # The coaches' later decisions (an improvement's choice, a journeyman's hire) as the correction
    # says: one it leaves out is asked again after the replay.
    later = {k: v for k, v in inputs["decisions"].items() if not k.startswith(REPORT_KEYS)}
    others = Decision.objects.filter(match=match).exclude(key__in=list(inputs["decisions"]))
    for prefix in REPORT_DECISIONS:
        others = others.exclude(key__startswith=f"{prefix}:")
    others.delete()
    for key, value in later.items():
        Decision.objects.update_or_create(match=match, key=key, defaults={"value": value, "by": by})
    if match.confirmed_at is not None:  # (a match written by hand, in tests, has no confirmation)
        match.sequence = match_sequence(match)
    match.status = Match.Status.CONFIRMED  # processed again by the replay's redo
    match.save(update_fields=["sequence", "status"])
