"""Writing the ratings: after a match's post-match sequence (or its replay, a void), and from
scratch (docs/ratings.md).

One rule makes "incremental" and "from scratch" the same numbers: the entries of a league are
always the ELO of its rated matches applied in play order (Match.sequence, then the id), each from
the ratings the matches before it left. A match processed at the end of play order computes its
own entries and adds them; any other change (a late result, a correction, a void, a replay)
computes the matches from the first one it touches onwards, in one pass, and writes only the
entries that differ from the stored ones (league.ratings.writes). The league's row is locked for
the whole of it, so two ratings of one league are applied one after the other, the second on the
first's entries. They run in a task after the change commits (league.ratings.tasks).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef, Q

from league.core.models import League
from league.ratings import elo
from league.ratings.models import RatingEntry
from league.ratings.writes import Key, Row, Written, after_q, rewrite
from league.rules.postmatch.scoring import winning_side
from matches.models import Match

Kind = RatingEntry.Kind

# The matches rated: a processed result (a conceded match is a result; an imported match the
# post-match sequence processed is one too, whatever flag marks it imported). A void match is not.
RATED = Match.Status.PROCESSED


@dataclass(frozen=True)
class Settings:
    start: int  # tenths of a point
    k: int  # whole points

    @classmethod
    def of(cls, league: League) -> Settings:
        return cls(start=league.rating_start * elo.TENTHS, k=league.rating_k)


@dataclass(frozen=True)
class _MatchFacts:
    pk: int
    sequence: str
    home_id: int
    away_id: int
    home_coach: int
    away_coach: int
    home_score: int
    away_score: int
    conceded_by: str

    def home_result(self) -> int:
        """Home's score for ELO: a win, a draw or a loss (a concession loses, whatever the score)."""
        side = winning_side(self.home_score, self.away_score, self.conceded_by or None)  # type: ignore[arg-type]
        return elo.DRAW if side is None else elo.WIN if side == "home" else elo.LOSS


def rated_matches(league_id: int, since: Key | None = None) -> list[_MatchFacts]:
    """The league's rated matches in play order, from `since` on (all when None)."""
    found = Match.objects.filter(league_id=league_id, status=RATED, home_score__isnull=False, away_score__isnull=False)
    if since is not None:
        found = found.filter(after_q(since, "sequence", "pk"))
    fields = ("pk", "sequence", "home_id", "away_id", "home__coach_id", "away__coach_id")
    rows = found.order_by("sequence", "pk").values_list(*fields, "home_score", "away_score", "conceded_by")
    return [_MatchFacts(*row) for row in rows]


def compute(league_id: int, settings: Settings, since: Key | None = None) -> list[Row]:
    """The entries of the rated matches from `since` on, in play order, each subject starting from
    its last stored entry before `since` (or the league's start rating). Nothing is written."""
    matches = rated_matches(league_id, since)
    known = _stored_before(league_id, since, matches)
    rows: list[Row] = []
    for match in matches:
        score = match.home_result()
        for kind, home, away in _pairs(match):
            before_home = known.get((kind, home), settings.start)
            before_away = known.get((kind, away), settings.start)
            moved_home, moved_away = elo.game(before_home, before_away, score, settings.k)
            for subject, before, moved in ((home, before_home, moved_home), (away, before_away, moved_away)):
                known[(kind, subject)] = before + moved
                rows.append((str(kind), subject, match.pk, match.sequence, before, before + moved, moved))
    return rows


def _pairs(match: _MatchFacts) -> list[tuple[str, int, int]]:
    """Who a match rates: its teams, and its coaches unless one coach has both teams."""
    pairs = [(str(Kind.TEAM), match.home_id, match.away_id)]
    if match.home_coach != match.away_coach:
        pairs.append((str(Kind.COACH), match.home_coach, match.away_coach))
    return pairs


def _stored_before(league_id: int, since: Key | None, matches: list[_MatchFacts]) -> dict[tuple[str, int], int]:
    """The rating before `since` of every subject of `matches` that has one, in one query: each
    subject's last entry before it (read from the index of its history)."""
    if since is None or not matches:
        return {}
    subjects: dict[str, set[int]] = {}
    for match in matches:
        for kind, home, away in _pairs(match):
            subjects.setdefault(kind, set()).update((home, away))
    whose = Q()
    for kind, ids in subjects.items():
        whose |= Q(kind=kind, subject__in=sorted(ids))
    earlier = RatingEntry.objects.filter(whose, league_id=league_id).exclude(after_q(since, "sequence", "match_id"))
    # Each subject's history before `since` in play order (the index rating_entry_history): the last
    # one read is its rating then. Plain reads rather than a "latest per subject" subquery, which
    # PostgreSQL plans as a sort per row.
    rows = earlier.order_by("sequence", "match_id").values_list("kind", "subject", "after")
    return {(kind, subject): after for kind, subject, after in rows}


def _lock(league_id: int) -> League:
    # The league's row: the ratings of a league are written by one transaction at a time.
    return League.objects.select_for_update().get(pk=league_id)


def rate_match(match_id: int) -> Written:
    """A match's sequence ran (or was replayed, or the match was voided): bring the league's
    entries up to date from the first place in play order this match changes."""
    return rate_matches([match_id])


def rate_matches(match_ids: Iterable[int]) -> Written:
    """rate_match for several matches at once (a replay's): each league once, from the first
    place any of them changes."""
    found = Match.objects.filter(pk__in=set(match_ids)).order_by("league_id").values_list("league_id", "pk")
    by_league: dict[int, list[int]] = {}
    for league_id, pk in found:
        by_league.setdefault(league_id, []).append(pk)
    written = Written()
    for league_id, ids in by_league.items():
        written += rate_league(league_id, ids)
    return written


def rate_league(league_id: int, match_ids: Iterable[int], *, mend: bool = False) -> Written:
    """Bring one league's entries up to date after these matches of it changed, in one transaction
    under the league's lock: from the first place in play order any of them is now or had entries
    (a correction may move a match; a void leaves its entries to delete), writing only the rows that
    differ (league.ratings.writes). A match processed at the end of play order reads and computes
    that match only. `mend` (the sweep) also starts from the first rated match without entries and
    the first entry of a match no longer rated, which reads the whole league."""
    ids = sorted(set(match_ids))
    with transaction.atomic():
        league = _lock(league_id)
        starts = list(Match.objects.filter(league_id=league_id, pk__in=ids).values_list("sequence", "pk"))
        first_entry = (
            RatingEntry.objects.filter(league_id=league_id, match_id__in=ids)
            .order_by("sequence", "match_id")
            .values_list("sequence", "match_id")
            .first()
        )
        starts += [first_entry] if first_entry else []
        if mend:
            starts += _unrated_keys(league_id) + _stale_keys(league_id)
        if not starts:
            return Written()
        since = min(starts)
        return rewrite(league_id, compute(league_id, Settings.of(league), since), since)


def _stale_keys(league_id: int) -> list[Key]:
    """The first entry of a match no longer rated (voided, held or deleted by a path that did not
    tell the ratings)."""
    found = (
        RatingEntry.objects.filter(league_id=league_id)
        .exclude(match__status=RATED)
        .order_by("sequence", "match_id")
        .values_list("sequence", "match_id")
        .first()
    )
    return [] if found is None else [found]


def _unrated_keys(league_id: int) -> list[Key]:
    """The first rated match with no entry (its rating never ran: the broker was down when it was
    to be queued, or the match was written without the post-match sequence)."""
    entries = RatingEntry.objects.filter(match_id=OuterRef("pk"), kind=Kind.TEAM)
    found = (
        Match.objects.filter(league_id=league_id, status=RATED, home_score__isnull=False, away_score__isnull=False)
        .filter(~Exists(entries))
        .order_by("sequence", "pk")
        .values_list("sequence", "pk")
        .first()
    )
    return [] if found is None else [found]


def mend_league(league_id: int) -> Written:
    """The sweep's check of one league: rate it from the first match whose rating was missed (read
    first without the lock, which is taken only when there is something to mend)."""
    if not _unrated_keys(league_id) and not _stale_keys(league_id):
        return Written()
    return rate_league(league_id, [], mend=True)


def recompute_league(league: League) -> int:
    """Every entry of the league computed again from scratch, the rows that differ written; returns
    how many entries the league has."""
    with transaction.atomic():
        locked = _lock(league.pk)
        rows = compute(league.pk, Settings.of(locked))
        rewrite(league.pk, rows, None)
        return len(rows)


def stored_rows(league_id: int) -> list[Row]:
    entries = RatingEntry.objects.filter(league_id=league_id).order_by("sequence", "match_id", "kind", "subject")
    fields = ("kind", "subject", "match_id", "sequence", "before", "after", "delta")
    return [tuple(row) for row in entries.values_list(*fields)]


def differences(league: League) -> list[dict[str, Any]]:
    """What the stored entries get wrong against a computation from scratch (empty: they agree)."""
    fresh = compute(league.pk, Settings.of(league))
    stored = stored_rows(league.pk)
    by_key = {(r[0], r[1], r[2]): r for r in stored}
    found: list[dict[str, Any]] = []
    for row in fresh:
        kept = by_key.pop((row[0], row[1], row[2]), None)
        if kept != row:
            found.append({"kind": row[0], "subject": row[1], "match": row[2], "stored": kept, "computed": row})
    for kept in by_key.values():
        found.append({"kind": kept[0], "subject": kept[1], "match": kept[2], "stored": kept, "computed": None})
    return found
