"""The treasury ledger: the only way gold moves.

Each entry moves one account: the treasury (Team.treasury keeps its sum) or, in a ruleset with a
bank, the bank (its sum is read when needed: teams.selectors.bank_balance). Its kind is one the
team's ruleset declares (ledger_kinds.csv): the database keeps plain text, checked here. Where the
ruleset counts the treasury in the team value, the kept team value follows every treasury entry.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.models import League
from league.core.permissions import is_commissioner
from league.rules import BankParameters, Ruleset
from teams.errors import TeamRuleError
from teams.models import Team, TreasuryEntry
from teams.selectors import ledger_kind_name, team_ruleset
from teams.services.common import team_refresh_value


def ledger_entry_problems(ruleset: Ruleset, kind: str, account: str = TreasuryEntry.TREASURY) -> list[str]:
    """Why an entry of this kind on this account cannot be written for a team of `ruleset`, or []."""
    problems = []
    if kind not in ruleset.ledger_kinds:
        problems.append(
            _("“%(kind)s” is not a kind of ledger entry of the ruleset %(ruleset)s.")
            % {"kind": kind, "ruleset": ruleset.name(get_language() or "en")}
        )
    if account not in TreasuryEntry.ACCOUNTS or (
        account == TreasuryEntry.BANK and ruleset.group(BankParameters) is None
    ):
        problems.append(
            _("The ruleset %(ruleset)s has no account “%(account)s”: gold moves only through the treasury.")
            % {"account": account, "ruleset": ruleset.name(get_language() or "en")}
        )
    return problems


def check_ledger_entry(ruleset: Ruleset, kind: str, account: str = TreasuryEntry.TREASURY) -> None:
    """Refuse (TeamRuleError) a ledger kind or account the team's ruleset does not have."""
    problems = ledger_entry_problems(ruleset, kind, account)
    if problems:
        raise TeamRuleError(problems)


def _follow_treasury(team: Team, ruleset: Ruleset) -> None:
    """Keep the team value in step with the treasury where the ruleset counts it (team_value_includes_treasury)."""
    if ruleset.params.team_value_includes_treasury:
        team_refresh_value(team=team)


def treasury_post(
    *,
    team: Team,
    kind: str,
    amount: int,
    key: str,
    memo: str = "",
    by: User | None = None,
    match: Any = None,  # a matches.Match: teams sits below matches and cannot import it
    account: str = TreasuryEntry.TREASURY,
) -> TreasuryEntry | None:
    """Append one ledger entry and move the kept balance with it (a bank entry moves no kept figure).

    Idempotent by its natural key: posting the same key twice writes nothing the second time
    and returns None, so a re-run of whatever posts it changes nothing. Raises TeamRuleError for a
    kind or an account the team's ruleset does not have.
    """
    ruleset = team_ruleset(team)
    check_ledger_entry(ruleset, kind, account)
    with transaction.atomic():
        if TreasuryEntry.objects.filter(team=team, key=key).exists():
            return None
        entry = TreasuryEntry.objects.create(
            team=team,
            kind=kind,
            account=account,
            amount=amount,
            key=key,
            memo=memo,
            match=match,
            created_by=by if by is not None and by.is_authenticated else None,
        )
        if account == TreasuryEntry.TREASURY:
            Team.objects.filter(pk=team.pk).update(treasury=F("treasury") + amount)
            team.refresh_from_db(fields=["treasury"])
            _follow_treasury(team, ruleset)
        return entry


def treasury_post_many(
    *, team: Team, entries: list[tuple[str, int, str, str]], by: User | None = None, match: Any = None
) -> int:
    """Append several (kind, amount, key, memo) entries at once; keys already posted are skipped.

    Same guarantees as treasury_post, in three queries instead of four per entry; every entry
    moves the treasury.
    """
    ruleset = team_ruleset(team)
    for kind in {kind for kind, _amount, _key, _memo in entries}:
        check_ledger_entry(ruleset, kind)
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
        if new:
            _follow_treasury(team, ruleset)
        return len(new)


def check_treasurer(by: AbstractBaseUser | AnonymousUser | None, league: League) -> None:
    """Only a commissioner of the league may correct its treasuries (the API asks before reading a body)."""
    if not is_commissioner(by, league):
        raise PermissionDenied(_("Only a commissioner of the league may correct the treasury."))


def treasury_reverse(*, entry: TreasuryEntry, by: User, memo: str = "") -> TreasuryEntry:
    """Correct a mistaken entry with its exact opposite (commissioners only; entries are never edited)."""
    team = entry.team
    check_treasurer(by, team.league)
    if entry.key.startswith("reverse:"):
        raise TeamRuleError([_("A reversing entry cannot itself be reversed; post a new correction.")])
    with transaction.atomic():
        Team.objects.select_for_update().filter(pk=team.pk).first()
        name = entry.memo or ledger_kind_name(team_ruleset(team), entry.kind)
        reversal = treasury_post(
            team=team,
            kind=TreasuryEntry.Kind.CORRECTION,
            amount=-entry.amount,
            key=f"reverse:{entry.pk}",
            memo=memo or _("Reversal of “%(memo)s”") % {"memo": name},
            by=by,
            account=entry.account,  # a bank entry is corrected in the bank
        )
        if reversal is None:
            raise TeamRuleError([_("This entry has already been reversed.")])
        log_action(action="teams.treasury.corrected", actor=by, team=team, entry=entry.pk, amount=-entry.amount)
    return reversal
