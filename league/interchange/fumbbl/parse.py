"""FUMBBL's team JSON (api/team/get) and roster JSON (api/roster/get), read into plain dataclasses.

Pure Python: no Django, no ruleset. The shapes are those of the saved API answers described in
docs/fumbbl-import.md. A file that is not such an answer raises FumbblFormatError, whose message is
an English pattern marked for translation (gettext_noop) plus its parameters: the page translates it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_noop as N_

from league.interchange.safe import MESSAGES, UnsafeInput, load_json

# The largest file read: FUMBBL's answer for a full team is about 10 kB, a roster's about 8 kB.
MAX_BYTES = 512 * 1024

STATS = ("ma", "st", "ag", "pa", "av")


class FumbblFormatError(Exception):
    """The file is not a FUMBBL team or roster answer; `pattern % params` says why, in English."""

    def __init__(self, pattern: str, **params: Any):
        super().__init__(pattern % params if params else pattern)
        self.pattern = pattern
        self.params = params


@dataclass(frozen=True)
class InjuryMark:
    """One lasting mark of the injuries string: a characteristic lost, a niggling injury, a missed
    game, or an injury named in words (resolved against the ruleset's casualty table)."""

    kind: str  # "stat", "niggling", "miss_next_game", "named"
    stat: str = ""  # for "stat": ma/st/ag/pa/av
    name: str = ""  # for "named": as FUMBBL writes it
    source: str = ""  # the text it was read from, for messages


@dataclass
class FumbblPlayer:
    id: int
    number: int
    name: str
    position: str
    position_id: int | None
    skills: list[str] = field(default_factory=list)  # gained: FUMBBL spellings, "+MA" style gains included
    skill_costs: list[int] = field(default_factory=list)
    injuries: list[InjuryMark] = field(default_factory=list)
    injuries_text: str = ""
    spp: int = 0
    extra_spp: int = 0
    spent_spp: int = 0

    @property
    def unspent_spp(self) -> int:
        """SPP earned (record.spp, plus FUMBBL's extra SPP) less those spent on advances."""
        return self.spp + self.extra_spp - self.spent_spp


@dataclass
class FumbblPosition:
    id: int | None
    title: str
    quantity: int | None
    stats: dict[str, str] = field(default_factory=dict)  # lower-case keys, as written ("3+" in BB2020)
    skills: list[str] = field(default_factory=list)


@dataclass
class FumbblRoster:
    id: int | None
    name: str
    positions: list[FumbblPosition] = field(default_factory=list)

    def position(self, position_id: int | None, title: str) -> FumbblPosition | None:
        for pos in self.positions:
            if position_id is not None and pos.id == position_id:
                return pos
        return next((p for p in self.positions if p.title == title), None)


@dataclass
class FumbblTeam:
    id: int
    name: str
    coach: str
    roster_name: str
    roster_id: int | None
    ruleset_id: int | None
    treasury: int
    rerolls: int
    fan_factor: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: bool
    team_value: int | None = None
    players: list[FumbblPlayer] = field(default_factory=list)
    roster: FumbblRoster | None = None


def decode_json(data: bytes, limit: int = MAX_BYTES) -> Any:
    """The one place a user's bytes become JSON: the shared gate (league.interchange.safe: size,
    binary data, nesting depth, NaN) after a check of our own, that the text is UTF-8 (FUMBBL's API
    answers nothing else, so other bytes are not one of its files, whatever they decode to)."""
    if len(data) <= limit:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            raise FumbblFormatError(N_("The file is not UTF-8 text.")) from None
    try:
        return load_json(data, limit=limit)
    except UnsafeInput as refusal:
        raise FumbblFormatError(MESSAGES[refusal.code], **refusal.params) from None


def _obj(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise FumbblFormatError(N_("%(what)s is not a JSON object."), what=what)
    return value


def _int(value: Any, what: str, *, default: int | None = None) -> int:
    """An integer field; FUMBBL writes some as strings ("50000"), which are accepted."""
    if value is None and default is not None:
        return default
    if isinstance(value, bool):
        raise FumbblFormatError(N_("“%(what)s” is not a whole number."), what=what)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"-?\d{1,12}", value.strip()):
        return int(value.strip())
    raise FumbblFormatError(N_("“%(what)s” is not a whole number."), what=what)


def _opt_int(value: Any, what: str) -> int | None:
    return None if value in (None, "") else _int(value, what)


def _str(value: Any, what: str, *, max_len: int = 200) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise FumbblFormatError(N_("“%(what)s” is not text."), what=what)
    if len(value) > max_len:
        raise FumbblFormatError(N_("“%(what)s” is longer than %(max)s characters."), what=what, max=max_len)
    return value.strip()


def _strings(value: Any, what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > 60:
        raise FumbblFormatError(N_("“%(what)s” is not a list of names."), what=what)
    return [_str(v, what, max_len=80) for v in value]


_CODE = re.compile(r"\(?\s*(MNG|NI|N|[-+]\s*(?:MA|ST|AG|PA|AV))\s*\)?", re.IGNORECASE)
_NAMED = re.compile(r"^(?P<name>[^()]+?)\s*(?P<mng>\(\s*MNG\s*\))?$", re.IGNORECASE)


def _code_mark(code: str, source: str) -> InjuryMark:
    code = code.replace(" ", "").upper()
    if code == "MNG":
        return InjuryMark("miss_next_game", source=source)
    if code in ("NI", "N"):
        return InjuryMark("niggling", source=source)
    if code.startswith("+"):
        # A gain is not an injury: the caller refuses it by name.
        return InjuryMark("named", name=source, source=source)
    return InjuryMark("stat", stat=code[1:].lower(), source=source)


def parse_injuries(text: str) -> list[InjuryMark]:
    """The team JSON's `injuries` string: comma-separated parts, each a run of codes ("-MA",
    "NI", "(MNG)") or an injury named in words, with an optional "(MNG)" ("Gouged Eye (MNG)")."""
    marks: list[InjuryMark] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        codes = part.split()
        if all(_CODE.fullmatch(c) for c in codes):
            marks += [_code_mark(_CODE.fullmatch(c).group(1), c) for c in codes]  # type: ignore[union-attr]
            continue
        named = _NAMED.match(part)
        if named is None:
            marks.append(InjuryMark("named", name=part, source=part))
            continue
        marks.append(InjuryMark("named", name=named["name"].strip(), source=part))
        if named["mng"]:
            marks.append(InjuryMark("miss_next_game", source=part))
    return marks


def _player(raw: Any, index: int) -> FumbblPlayer:
    p = _obj(raw, f"players[{index}]")
    record = _obj(p.get("record") or {}, f"players[{index}].record")
    what = f"players[{index}]"
    skills = _strings(p.get("skills"), f"{what}.skills")
    costs_raw = p.get("skillCosts") or []
    if not isinstance(costs_raw, list):
        raise FumbblFormatError(N_("“%(what)s” is not a list of names."), what=f"{what}.skillCosts")
    injuries = p.get("injuries") or ""
    if isinstance(injuries, list):  # the player endpoint's form: one string per injury
        injuries = ", ".join(_strings(injuries, f"{what}.injuries"))
    injuries = _str(injuries, f"{what}.injuries", max_len=400)
    position = p.get("position")
    position_id = p.get("positionId")
    if isinstance(position, dict):  # the player endpoint's form: {id, name}
        position_id, position = position.get("id"), position.get("name")
    return FumbblPlayer(
        id=_int(p.get("id"), f"{what}.id"),
        number=_int(p.get("number"), f"{what}.number"),
        name=_str(p.get("name"), f"{what}.name", max_len=80),
        position=_str(position, f"{what}.position", max_len=80),
        position_id=_opt_int(position_id, f"{what}.positionId"),
        skills=skills,
        skill_costs=[_int(c, f"{what}.skillCosts") for c in costs_raw[:60]],
        injuries=parse_injuries(injuries),
        injuries_text=injuries,
        spp=_int(record.get("spp"), f"{what}.record.spp", default=0),
        extra_spp=_int(record.get("extra_spp"), f"{what}.record.extra_spp", default=0),
        spent_spp=_int(record.get("spent_spp"), f"{what}.record.spent_spp", default=0),
    )


def parse_roster(raw: Any) -> FumbblRoster:
    """A roster answer (api/roster/get): its name and positions (title, quantity, stats, skills)."""
    r = _obj(raw, N_("The roster file"))
    positions_raw = r.get("positions")
    if not isinstance(positions_raw, list) or "name" not in r:
        raise FumbblFormatError(N_("This is not a FUMBBL roster: it has no name or no positions."))
    positions = []
    for i, raw_pos in enumerate(positions_raw[:60]):
        pos = _obj(raw_pos, f"positions[{i}]")
        stats = _obj(pos.get("stats") or {}, f"positions[{i}].stats")
        positions.append(
            FumbblPosition(
                id=_opt_int(pos.get("id"), f"positions[{i}].id"),
                title=_str(pos.get("title"), f"positions[{i}].title", max_len=80),
                quantity=_opt_int(pos.get("quantity"), f"positions[{i}].quantity"),
                stats={str(k).lower(): _str(str(v), f"positions[{i}].stats", max_len=8) for k, v in stats.items()},
                skills=_strings(pos.get("skills"), f"positions[{i}].skills"),
            )
        )
    return FumbblRoster(
        id=_opt_int(r.get("id"), "id"), name=_str(r.get("name"), "name", max_len=80), positions=positions
    )


def parse_team(raw: Any, roster: Any = None) -> FumbblTeam:
    """A team answer (api/team/get), with its roster answer when given."""
    t = _obj(raw, N_("The team file"))
    if not isinstance(t.get("players"), list) or not isinstance(t.get("roster"), dict) or "id" not in t:
        raise FumbblFormatError(N_("This is not a FUMBBL team: it has no id, roster or players."))
    if len(t["players"]) > 60:
        raise FumbblFormatError(N_("The team lists more than %(max)s players."), max=60)
    apothecary = t.get("apothecary", "No")
    if apothecary not in ("Yes", "No", True, False):
        raise FumbblFormatError(N_("“%(what)s” is neither “Yes” nor “No”."), what="apothecary")
    coach_raw = t.get("coach")
    coach: dict[str, Any] = coach_raw if isinstance(coach_raw, dict) else {}
    team = FumbblTeam(
        id=_int(t["id"], "id"),
        name=_str(t.get("name"), "name", max_len=80),
        coach=_str(coach.get("name"), "coach.name", max_len=80),
        roster_name=_str(t["roster"].get("name"), "roster.name", max_len=80),
        roster_id=_opt_int(t["roster"].get("id"), "roster.id"),
        ruleset_id=_opt_int(t.get("ruleset"), "ruleset"),
        treasury=_int(t.get("treasury"), "treasury", default=0),
        rerolls=_int(t.get("rerolls"), "rerolls", default=0),
        fan_factor=_int(t.get("fanFactor"), "fanFactor", default=0),
        assistant_coaches=_int(t.get("assistantCoaches"), "assistantCoaches", default=0),
        cheerleaders=_int(t.get("cheerleaders"), "cheerleaders", default=0),
        apothecary=apothecary in ("Yes", True),
        team_value=_opt_int(t.get("teamValue"), "teamValue"),
        players=[_player(p, i) for i, p in enumerate(t["players"])],
        roster=parse_roster(roster) if roster is not None else None,
    )
    for what in ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders"):
        if getattr(team, what) < 0:
            raise FumbblFormatError(N_("“%(what)s” is negative."), what=what)
    return team
