"""What an OBBLM/NAFLM dump says, decoded into the target ruleset's keys, before anything is written.

The decoder (`league.interchange.obblm.decode`) builds a `LeagueSnapshot` from a parsed dump; the
loader (`league.interchange.obblm.load`) writes it. Both sides agree on these plain dataclasses only,
so the decoding stays pure Python and testable without a database. Every source row keeps its
table and id (`source`), the natural key that makes a re-run change nothing and a stopped run resume.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


@dataclass(frozen=True)
class Source:
    table: str  # "coaches", "teams", "players", "matches", "tours"...
    id: int

    @property
    def key(self) -> str:
        return f"{self.table}:{self.id}"


@dataclass(frozen=True)
class Unmapped:
    """A row that cannot be brought over, and why (shown by the dry run; the real run refuses)."""

    source: Source
    reason: str  # English, built from a gettext_noop-marked pattern; the page translates it
    params: dict = field(default_factory=dict)
    # False: dropped by design and only noted (a star player's or mercenary's match line), which
    # does not stop the real run.
    blocking: bool = True


@dataclass(frozen=True)
class Repair:
    """A value changed on the way in (double-encoded UTF-8 repaired, an old skill spelling...)."""

    source: Source
    column: str
    before: str
    after: str


@dataclass
class CoachRow:
    source: Source
    name: str  # the login name in OBBLM
    real_name: str = ""
    email: str = ""
    retired: bool = False


@dataclass
class PlayerRow:
    source: Source
    team: Source
    number: int
    name: str
    position: str  # a position key of the team's list in the target ruleset
    journeyman: bool = False
    hired: datetime | None = None
    left: datetime | None = None  # fired/sold
    retired: bool = False  # NAFLM's RETIRED status (inj 0) in a match line
    skills: list[str] = field(default_factory=list)  # skill keys gained (not the position's own)
    # How each gained skill came: "N" normal roll, "D" double, "E" extra (granted by an admin).
    skill_kinds: dict[str, str] = field(default_factory=dict)
    stat_gains: dict[str, int] = field(default_factory=dict)  # {"ma": 1, "st": 0, ...} achieved
    extra_spp: int = 0  # players.extra_spp: admin adjustments (NAFLM: minus SPP spent), signed
    cached: dict[str, object] = field(default_factory=dict)  # the dump's derived columns, for the diff


@dataclass
class TeamRow:
    source: Source
    coach: Source
    name: str
    race: str  # a team-list key of the target ruleset
    treasury: int  # gold pieces
    rerolls: int
    fan_factor_bought: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: bool
    retired: bool = False
    division: str = ""
    starting_record: dict[str, int] = field(default_factory=dict)  # won_0, lost_0, draw_0, gf_0, ga_0...
    cached: dict[str, object] = field(default_factory=dict)  # tv, ff, value... for the diff


@dataclass
class PlayerLine:
    """One player's line of one match (OBBLM's match_data row)."""

    player: Source
    team: Source
    completions: int = 0
    touchdowns: int = 0
    interceptions: int = 0
    casualties: int = 0  # bh + si + ki
    kills: int = 0
    mvp: int = 0
    misc_spp: int = 0
    injury: str = ""  # a casualty-table key of the target ruleset, "" for none
    injuries_more: list[str] = field(default_factory=list)  # agn1/agn2 (OBBLM) or agn (NAFLM)
    missed_game: bool = False  # mg: he came in injured and did not play
    improvement_dice: list[tuple[int, int]] = field(default_factory=list)  # ir1..ir3 (OBBLM's improvement rolls)


@dataclass
class MatchRow:
    source: Source
    tour: Source
    round: int  # OBBLM's round; 251-255 are knockout rounds
    played: datetime | None
    home: Source
    away: Source
    home_score: int
    away_score: int
    gate: int = 0
    home_winnings: int = 0  # gold pieces
    away_winnings: int = 0
    home_ff_change: int = 0
    away_ff_change: int = 0
    lines: list[PlayerLine] = field(default_factory=list)


@dataclass
class TourRow:
    source: Source
    name: str
    kind: str  # "round_robin" or "free" (OBBLM TT_RROBIN / TT_FFA)
    division: str = ""


@dataclass
class ImportedTotals:
    """OBBLM's placeholder match -1: a team's or player's totals from before OBBLM, not a game."""

    player: Source
    team: Source
    line: PlayerLine


@dataclass
class LeagueSnapshot:
    version: str  # a folder of league/interchange/obblm/versions/ (OBBLM 0.8+, pre-0.8, NAFLM)
    version_detected: bool  # False when the user named it
    ruleset: str  # the target ruleset key
    league_name: str
    coaches: list[CoachRow] = field(default_factory=list)
    teams: list[TeamRow] = field(default_factory=list)
    players: list[PlayerRow] = field(default_factory=list)
    tours: list[TourRow] = field(default_factory=list)
    matches: list[MatchRow] = field(default_factory=list)
    imported_totals: list[ImportedTotals] = field(default_factory=list)
    unmapped: list[Unmapped] = field(default_factory=list)
    repairs: list[Repair] = field(default_factory=list)
