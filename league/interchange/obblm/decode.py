"""A parsed OBBLM/NAFLM dump → a LeagueSnapshot in the target ruleset's keys (spec §1.7, §5).

Every id is decoded with the tables of the dump's own version (tables.py); whatever has no key of
ours becomes an `Unmapped` row with its reason and source name, so the dry run can show it and the
real run refuse. Nothing cached by OBBLM (value, status, inj_*, tv, ff, mv_*) is trusted: it is kept
in `cached` for recompute.diff(). Passwords (`coaches.passwd`, an unsalted md5, §5.10) are never read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from league.rules.ruleset import Ruleset

from ..snapshot import (
    CoachRow,
    ImportedTotals,
    LeagueSnapshot,
    MatchRow,
    PlayerLine,
    PlayerRow,
    Repair,
    Source,
    TeamRow,
    TourRow,
    Unmapped,
)
from ..sqldump import Dump
from .detect import choose_version, columns_of
from .repairs import ReaderRepair, carried_repairs
from .tables import VersionTables, load_tables

Rows = Sequence[Mapping[str, object]]
IMPORT_MATCH_ID = -1  # T_IMPORT_MID: the holder of an imported team's totals, not a game (§1.1)
TOUR_KINDS = {1: "free", 2: "round_robin"}  # TT_FFA, TT_RROBIN (lib/class_tournament.php 3-5)
# An OBBLM injury code records the effect, not the D68 roll: the line gets the first casualty of our
# table with that effect (Smashed Hip for -MA...), which is what the recount and the roster need.
EFFECT_OF_MEANING = {"mng": "miss_next_game", "ni": "niggling", "dead": "dead"}
STAT_MEANINGS = ("ma", "st", "ag", "pa", "av")


class BadDumpValue(ValueError):
    """A column holds what OBBLM never writes there (text for a number, a malformed date)."""


def gettext_noop(message: str) -> str:
    """Marks a reason for makemessages; the page translates it with its params."""
    return message


R_RACE = gettext_noop("no such team list in this ruleset: %(name)s")
R_POSITION = gettext_noop("no such position in this ruleset: %(name)s")
R_SKILL = gettext_noop("no such skill in this ruleset: %(name)s")
R_SKILL_ID = gettext_noop("unknown skill id in this dump version: %(skill_id)s")
R_STAT = gettext_noop("no such characteristic in this ruleset: %(name)s")
R_INJURY = gettext_noop("no such injury in this ruleset: %(name)s")
R_INJURY_CODE = gettext_noop("unknown injury code in this dump version: %(code)s")
R_STAR = gettext_noop("star player or mercenary: no roster player")
R_TEAM_LOST = gettext_noop("his team cannot be brought over: %(team)s")
R_NO_PLAYER = gettext_noop("a match line of a player the dump does not hold: %(player_id)s")


def _int(value: object) -> int:
    if value is None or value == "":
        return 0
    if isinstance(value, int | float):
        return int(value)
    try:
        return int(str(value))
    except ValueError:
        raise BadDumpValue(f"not a whole number: {value!r}") from None


def _str(value: object) -> str:
    return "" if value is None else str(value)


def _date(value: object) -> datetime | None:
    """OBBLM writes zero dates (0000-00-00) for 'none', e.g. on an imported team's placeholder."""
    text = _str(value).strip()
    if not text or text.startswith("0000-00-00"):
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise BadDumpValue(f"not a date: {value!r}") from None


class _Decoder:
    def __init__(self, tables: Mapping[str, Rows], t: VersionTables, rs: Ruleset, snap: LeagueSnapshot):
        self.tables, self.t, self.rs, self.snap = tables, t, rs, snap
        self.players: dict[int, PlayerRow] = {}
        self.teams: dict[int, TeamRow] = {}
        self.team_names = {_int(r["team_id"]): _str(r.get("name")) for r in tables.get("teams", ())}
        self.divisions = {_int(r["did"]): _str(r.get("name")) for r in tables.get("divisions", ())}
        self.casualties = sorted(rs.casualty_table.values(), key=lambda c: c.d68)

    def unmapped(self, source: Source, reason: str, *, blocking: bool = True, **params: object) -> None:
        self.snap.unmapped.append(Unmapped(source, reason, params, blocking))

    def rows(self, table: str) -> Rows:
        return self.tables.get(table, ())

    def coaches(self) -> None:
        for r in self.rows("coaches"):
            self.snap.coaches.append(
                CoachRow(
                    Source("coaches", _int(r["coach_id"])),
                    name=_str(r.get("name")),
                    real_name=_str(r.get("realname")),
                    email=_str(r.get("mail")),
                    retired=bool(_int(r.get("retired"))),
                )
            )

    def teams_(self) -> None:
        starting = ("won_0", "lost_0", "draw_0", "played_0", "wt_0", "gf_0", "ga_0")
        for r in self.rows("teams"):
            source = Source("teams", _int(r["team_id"]))
            race = self.t.races.get(_int(r.get("f_race_id")))
            race_name = race.name if race else f"#{_int(r.get('f_race_id'))}"
            if race is None or race.key not in self.rs.teams:
                self.unmapped(source, R_RACE, name=race_name, race_id=_int(r.get("f_race_id")))
                continue
            team = TeamRow(
                source,
                coach=Source("coaches", _int(r.get("owned_by_coach_id"))),
                name=_str(r.get("name")),
                race=race.key,
                treasury=_int(r.get("treasury")),
                rerolls=_int(r.get("rerolls")),
                fan_factor_bought=_int(r.get("ff_bought")),
                assistant_coaches=_int(r.get("ass_coaches")),
                cheerleaders=_int(r.get("cheerleaders")),
                apothecary=bool(_int(r.get("apothecary"))),
                retired=bool(_int(r.get("retired"))),
                division=self.divisions.get(_int(r.get("f_did")), ""),
                starting_record={k: _int(r[k]) for k in starting if k in r},
                cached={k: r[k] for k in ("tv", "ff") if r.get(k) is not None},
            )
            self.teams[source.id] = team
            self.snap.teams.append(team)

    def players_(self) -> None:
        for r in self.rows("players"):
            source = Source("players", _int(r["player_id"]))
            team_id = _int(r.get("owned_by_team_id"))
            team = self.teams.get(team_id)
            if team is None:
                self.unmapped(source, R_TEAM_LOST, team=self.team_names.get(team_id, f"#{team_id}"))
                continue
            pos = self.t.positions.get(_int(r.get("f_pos_id")))
            lst = self.rs.teams[team.race]
            if pos is None or pos.key not in {p.key for p in lst.positions}:
                name = pos.name if pos else f"#{_int(r.get('f_pos_id'))}"
                self.unmapped(source, R_POSITION, name=name, pos_id=_int(r.get("f_pos_id")))
                continue
            player = PlayerRow(
                source,
                team=team.source,
                number=_int(r.get("nr")),
                name=_str(r.get("name")),
                position=pos.key,
                journeyman=_int(r.get("type")) == 2,
                hired=_date(r.get("date_bought")),
                left=_date(r.get("date_sold")),
                retired=_date(r.get("date_retired")) is not None,  # NAFLM only
                extra_spp=_int(r.get("extra_spp")),
                cached=self._player_cache(r),
            )
            for stat in STAT_MEANINGS:
                gained = _int(r.get(f"ach_{stat}"))
                if stat in ("ma", "st", "ag", "av"):
                    player.stat_gains[stat] = gained
                elif gained:
                    self.unmapped(source, R_STAT, name=stat.upper(), gained=gained)
            self.players[source.id] = player
            self.snap.players.append(player)
            if self.t.skill_name_columns:
                self._skill_names(player, r)

    def _player_cache(self, r: Mapping[str, object]) -> dict[str, object]:
        keys = ["value", "ma", "st", "ag", "pa", "av"] + [f"inj_{s}" for s in (*STAT_MEANINGS, "ni")]
        cached = {k: r[k] for k in keys if r.get(k) is not None}
        if r.get("status") is not None:
            cached["status"] = self.t.injuries.get(_int(r["status"]), f"#{r['status']}")
        if _date(r.get("date_died")):
            cached["date_died"] = _date(r.get("date_died"))
        return cached

    def _add_skill(self, player: PlayerRow, key: str, kind: str) -> None:
        if key not in player.skills:
            player.skills.append(key)
            player.skill_kinds[key] = kind

    def skills(self) -> None:
        for r in self.rows("players_skills"):
            player = self.players.get(_int(r.get("f_pid")))
            if player is None:
                continue
            skill_id = _int(r.get("f_skill_id"))
            skill = self.t.skills.get(skill_id)
            if skill is None:
                self.unmapped(player.source, R_SKILL_ID, skill_id=skill_id)
            elif skill.key not in self.rs.skills:
                self.unmapped(player.source, R_SKILL, name=skill.name, skill_id=skill_id)
            else:
                self._add_skill(player, skill.key, _str(r.get("type")) or "N")

    def _skill_names(self, player: PlayerRow, r: Mapping[str, object]) -> None:
        """Pre-0.8: comma-separated names, some in spellings the 0.80 upgrade corrected (§1.3)."""
        for column, kind in self.t.skill_name_columns.items():
            for raw in _str(r.get(column)).split(","):
                name = raw.strip()
                if not name:
                    continue
                entry = self.t.skill_names.get(name.lower())
                if entry is None or entry.key not in self.rs.skills:
                    self.unmapped(player.source, R_SKILL, name=name)
                    continue
                if entry.current != name:
                    self.snap.repairs.append(Repair(player.source, column, name, entry.current))
                self._add_skill(player, entry.key, kind)

    def injury(self, code: object, where: Source, player: PlayerRow) -> str | None:
        """Our casualty key for an injury code, "" for none; None when it cannot be brought over."""
        if code is None or code == "":
            return ""
        meaning = self.t.injuries.get(_int(code))
        if meaning is None:
            self.unmapped(where, R_INJURY_CODE, code=_int(code), player_id=player.source.id)
            return None
        if meaning == "none":
            return ""
        if meaning == "retired":
            player.retired = True
            return ""
        effect = EFFECT_OF_MEANING.get(meaning, meaning)
        for cas in self.casualties:
            if cas.effect == effect:
                return cas.key
        self.unmapped(where, R_INJURY, name=meaning.upper(), player_id=player.source.id)
        return None

    def tours(self) -> None:
        for r in self.rows("tours"):
            div = self.divisions.get(_int(r.get("f_did")), "")
            kind = TOUR_KINDS.get(_int(r.get("type")), "free")
            self.snap.tours.append(TourRow(Source("tours", _int(r["tour_id"])), _str(r.get("name")), kind, div))

    def matches(self) -> None:
        lines: dict[int, list[PlayerLine]] = {}
        for r in self.rows("match_data"):
            match_id, player_id = _int(r.get("f_match_id")), _int(r.get("f_player_id"))
            where = Source("match_data", match_id)
            if player_id < 0:
                self.unmapped(where, R_STAR, blocking=False, player_id=player_id, team_id=_int(r.get("f_team_id")))
                continue
            player = self.players.get(player_id)
            if player is None:
                if not any(u.source == Source("players", player_id) for u in self.snap.unmapped):
                    self.unmapped(where, R_NO_PLAYER, player_id=player_id)
                continue
            line = self._line(r, where, player)
            if match_id == IMPORT_MATCH_ID:
                self.snap.imported_totals.append(ImportedTotals(player.source, line.team, line))
            else:
                lines.setdefault(match_id, []).append(line)
        for r in self.rows("matches"):
            match_id = _int(r["match_id"])
            if match_id == IMPORT_MATCH_ID:
                continue
            self.snap.matches.append(
                MatchRow(
                    Source("matches", match_id),
                    tour=Source("tours", _int(r.get("f_tour_id"))),
                    round=_int(r.get("round")),
                    played=_date(r.get("date_played")),
                    home=Source("teams", _int(r.get("team1_id"))),
                    away=Source("teams", _int(r.get("team2_id"))),
                    home_score=_int(r.get("team1_score")),
                    away_score=_int(r.get("team2_score")),
                    gate=_int(r.get("gate")),
                    home_winnings=_int(r.get("income1")),
                    away_winnings=_int(r.get("income2")),
                    home_ff_change=_int(r.get("ffactor1")),
                    away_ff_change=_int(r.get("ffactor2")),
                    lines=lines.get(match_id, []),
                )
            )

    def _line(self, r: Mapping[str, object], where: Source, player: PlayerRow) -> PlayerLine:
        more = [self.injury(r.get(c), where, player) for c in self.t.injury_columns]
        dice = [(_int(r.get(f"ir{i}_d1")), _int(r.get(f"ir{i}_d2"))) for i in (1, 2, 3)]
        return PlayerLine(
            player.source,
            Source("teams", _int(r.get("f_team_id"))) if r.get("f_team_id") is not None else player.team,
            completions=_int(r.get("cp")),
            touchdowns=_int(r.get("td")),
            interceptions=_int(r.get("intcpt")),
            casualties=_int(r.get("bh")) + _int(r.get("si")) + _int(r.get("ki")),
            kills=_int(r.get("ki")),
            mvp=_int(r.get("mvp")),
            misc_spp=_int(r.get("misc")),
            injury=self.injury(r.get("inj"), where, player) or "",
            injuries_more=[key for key in more if key],
            missed_game=bool(_int(r.get("mg"))),
            improvement_dice=[d for d in dice if d != (0, 0)],
        )

    def cached_totals(self) -> None:
        """mv_players/mv_teams: OBBLM's per-tour materialised stats, summed, for the diff only."""
        for r in self.rows("mv_players"):
            player = self.players.get(_int(r.get("f_pid")))
            if player is not None and r.get("spp") is not None:
                player.cached["spp"] = _int(player.cached.get("spp")) + _int(r["spp"])
        for r in self.rows("mv_teams"):
            team = self.teams.get(_int(r.get("f_tid")))
            for key in ("won", "lost", "draw", "gf", "ga"):
                if team is not None and r.get(key) is not None:
                    team.cached[key] = _int(team.cached.get(key)) + _int(r[key])


def decode(
    tables: Mapping[str, Rows],
    *,
    version: str | None,
    ruleset: str,
    ruleset_data: Ruleset,
    columns: Mapping[str, Sequence[str]] | None = None,
    repairs: Iterable[ReaderRepair] = (),
) -> LeagueSnapshot:
    """Decode a dump's tables. `version` None: detected from `columns` (or the rows' keys).

    `repairs`: the reader's mojibake repairs (objects with table, row, column, before, after; `row`
    the row's index in its table or the row itself), carried into the snapshot with the row's id.
    """
    chosen, detected = choose_version(columns if columns is not None else columns_of(tables), version)
    leagues = tables.get("leagues", ())
    name = _str(leagues[0].get("name")) if leagues else ""
    snap = LeagueSnapshot(version=chosen, version_detected=detected, ruleset=ruleset, league_name=name)
    snap.repairs.extend(carried_repairs(tables, repairs))
    dec = _Decoder(tables, load_tables(chosen), ruleset_data, snap)
    dec.coaches()
    dec.teams_()
    dec.players_()
    dec.skills()
    dec.tours()
    dec.matches()
    dec.cached_totals()
    return snap


def decode_dump(dump: Dump, *, version: str | None, ruleset: str, ruleset_data: Ruleset) -> LeagueSnapshot:
    """decode() of what league.interchange.sqldump.read_dump() read: its columns and repairs too."""
    return decode(
        dump.tables,
        version=version,
        ruleset=ruleset,
        ruleset_data=ruleset_data,
        columns=dump.columns,
        repairs=dump.repairs,
    )
