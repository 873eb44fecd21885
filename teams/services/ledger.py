"""The treasury ledger: the only way gold moves."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from league.audit import log_action
from league.models import League
from league.permissions import is_commissioner
from teams.errors import TeamRuleError
from teams.models import Team, TreasuryEntry


def treasury_post(
    *,
    team: Team,
    kind: str,
    amount: int,
    key: str,
    memo: str = "",
    by: AbstractBaseUser | None = None,
    match=None,
) -> TreasuryEntry | None:
    """Append one ledger entry and move the kept balance with it.

    Idempotent by its natural key: posting the same key twice writes nothing the second time
    and returns None, so a re-run of whatever posts it changes nothing.
    """
    with transaction.atomic():
        if TreasuryEntry.objects.filter(team=team, key=key).exists():
            return None
        entry = TreasuryEntry.objects.create(
            team=team,
            kind=kind,
            amount=amount,
            key=key,
            memo=memo,
            match=match,
            created_by=by if by is not None and by.is_authenticated else None,
        )
        Team.objects.filter(pk=team.pk).update(treasury=F("treasury") + amount)
        team.refresh_from_db(fields=["treasury"])
        return entry


def treasury_post_many(
    *, team: Team, entries: list[tuple[str, int, str, str]], by: AbstractBaseUser | None = None, match=None
) -> int:
    """Append several (kind, amount, key, memo) entries at once; keys already posted are skipped.

    Same guarantees as treasury_post, in three queries instead of four per entry.
    """
    with transaction.atomic():
        keys = [key for _kind, _amount, key, _memo in entries]
        done = set(TreasuryEntry.objects.filter(team=team, key__in=keys).values_list("key", flat=True))
        author = by if by is not None and by.is_authenticated else None
        new = [
            TreasuryEntry(team=team, kind=kind, amount=amount, key=key, memo=memo, match=match, created_by=author)
            for kind, amount, key, memo in entries
            if key not in done
        ]
        TreasuryEntry.objects.bulk_create(new)
        total = sum(e.amount for e in new)
        if total:
            Team.objects.filter(pk=team.pk).update(treasury=F("treasury") + total)
        team.refresh_from_db(fields=["treasury"])
        return len(new)


def check_treasurer(by: AbstractBaseUser | None, league: League) -> None:
    """Only a commissioner of the league may correct its treasuries (the API asks before reading a body)."""
    if not is_commissioner(by, league):
        raise PermissionDenied(_("Only a commissioner of the league may correct the treasury."))


def treasury_reverse(*, entry: TreasuryEntry, by: AbstractBaseUser, memo: str = "") -> TreasuryEntry:
    """Correct a mistaken entry with its exact opposite (commissioners only; entries are never edited)."""
    team = entry.team
    check_treasurer(by, team.league)
    if entry.key.startswith("reverse:"):
        raise TeamRuleError([_("A reversing entry cannot itself be reversed; post a new correction.")])
    with transaction.atomic():
        Team.objects.select_for_update().filter(pk=team.pk).first()
        reversal = treasury_post(
            team=team,
            kind=TreasuryEntry.Kind.CORRECTION,
            amount=-entry.amount,
            key=f"reverse:{entry.pk}",
            memo=memo or _("Reversal of “%(memo)s”") % {"memo": entry.memo or entry.get_kind_display()},
            by=by,
        )
        if reversal is None:
            raise TeamRuleError([_("This entry has already been reversed.")])
        log_action(action="teams.treasury.corrected", actor=by, team=team, entry=entry.pk, amount=-entry.amount)
    return reversal
