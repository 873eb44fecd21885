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

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Exists, Min, OuterRef, Q, Subquery

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


def rated_matches(league_id: int, since: Key | None = None) -> Iterator[_MatchFacts]:
    """The league's rated matches in play order, from `since` on (all when None)."""
    found = Match.objects.filter(league_id=league_id, status=RATED, home_score__isnull=False, away_score__isnull=False)
    if since is not None:
        found = found.filter(after_q(since, "sequence", "pk"))
    fields = ("pk", "sequence", "home_id", "away_id", "home__coach_id", "away__coach_id")
    rows = found.order_by("sequence", "pk").values_list(*fields, "home_score", "away_score", "conceded_by")
    for pk, sequence, home, away, home_coach, away_coach, home_score, away_score, conceded in rows.iterator():
        yield _MatchFacts(pk, sequence, home, away, home_coach, away_coach, home_score, away_score, conceded)


def compute(league_id: int, settings: Settings, since: Key | None = None) -> list[Row]:
    """The entries of the rated matches from `since` on, in play order, each subject starting from
    its last stored entry before `since` (or the league's start rating). Nothing is written."""
    matches = list(rated_matches(league_id, since))
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
    """The rating before `since` of every subject of `matches` that has one: one query per kind."""
    if since is None:
        return {}
    subjects: dict[str, set[int]] = {}
    for match in matches:
        for kind, home, away in _pairs(match):
            subjects.setdefault(kind, set()).update((home, away))
    earlier = RatingEntry.objects.filter(league_id=league_id).exclude(after_q(since, "sequence", "match_id"))
    found: dict[tuple[str, int], int] = {}
    for kind, ids in subjects.items():
        mine = earlier.filter(kind=kind, subject__in=ids)
        last = mine.filter(subject=OuterRef("subject")).order_by("-sequence", "-match_id").values("pk")[:1]
        for subject, after in mine.filter(pk=Subquery(last)).values_list("subject", "after"):
            found[(kind, subject)] = after
    return found


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


def rate_league(league_id: int, match_ids: Iterable[int]) -> Written:
    """Bring one league's entries up to date after these matches of it changed, in one transaction
    under the league's lock: from the first place in play order any of them (or a stale entry, or
    an unrated match) changes, writing only the rows that differ (league.ratings.writes)."""
    ids = sorted(set(match_ids))
    with transaction.atomic():
        league = _lock(league_id)
        keys = list(Match.objects.filter(league_id=league_id, pk__in=ids).values_list("sequence", "pk"))
        starts = [*keys, *_stale_keys(league_id, ids), *_unrated_keys(league_id)]
        if not starts:
            return Written()
        since = min(starts)
        return rewrite(league_id, compute(league_id, Settings.of(league), since), since)


def _stale_keys(league_id: int, match_ids: list[int]) -> list[Key]:
    """Where the entries that no longer hold start: these matches' own (a correction may move a
    match in play order) and any of a match no longer rated (voided)."""
    entries = RatingEntry.objects.filter(league_id=league_id)
    stale = entries.filter(Q(match_id__in=match_ids) | ~Q(match__status=RATED))
    first = stale.aggregate(sequence=Min("sequence"))["sequence"]
    if first is None:
        return []
    ident = stale.filter(sequence=first).aggregate(pk=Min("match_id"))["pk"]
    return [(first, ident)]


def _unrated_keys(league_id: int) -> list[Key]:
    """The first rated match with no entry (its run's rating was lost with its worker, or it was
    written by an import): a later match's rating brings it in."""
    entries = RatingEntry.objects.filter(match_id=OuterRef("pk"), kind=Kind.TEAM)
    found = (
        Match.objects.filter(league_id=league_id, status=RATED, home_score__isnull=False, away_score__isnull=False)
        .filter(~Exists(entries))
        .order_by("sequence", "pk")
        .values_list("sequence", "pk")
        .first()
    )
    return [] if found is None else [found]


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
