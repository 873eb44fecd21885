"""Teams, players and the treasury ledger.

Figures that the ruleset defines (position cost, profile, starting skills) are never copied
onto a row: they are read from the team's ruleset, so a corrected data file corrects every
team. What a row keeps are facts of this team's history: purchases, gains, injuries.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.core.models import League


class Team(models.Model):
    # Not a column: the post-match summary sets it for its template (matches/views/detail.py).
    bank_balance: int | None

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        READY = "ready", _("Ready")
        RETIRED = "retired", _("Retired")

    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="teams", verbose_name=_("league"))
    coach = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="teams", verbose_name=_("coach")
    )
    name = models.CharField(_("name"), max_length=80)
    race = models.CharField(_("race"), max_length=40)  # a team-list key of the league's ruleset
    # An alliance team (docs/rulesets.md, "Alliance teams"): its second and third rosters, team-list
    # keys allied with the race (its first roster); both empty for every other team.
    second_roster = models.CharField(_("second roster"), max_length=40, blank=True, default="")
    third_roster = models.CharField(_("third roster"), max_length=40, blank=True, default="")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    rerolls = models.PositiveSmallIntegerField(_("team re-rolls"), default=0)
    fan_factor = models.PositiveSmallIntegerField(_("fan factor"), default=0)
    assistant_coaches = models.PositiveSmallIntegerField(_("assistant coaches"), default=0)
    cheerleaders = models.PositiveSmallIntegerField(_("cheerleaders"), default=0)
    apothecary = models.BooleanField(_("apothecary"), default=False)
    # The team's sponsor, a "college of magic" (free text), where the ruleset asks for one (team_college).
    college = models.CharField(_("college of magic"), max_length=80, blank=True)
    # Its assistant coaches' titles, each different (a ruleset with assistant_coach_titles).
    assistant_titles = models.JSONField(_("assistant coaches' titles"), default=list, blank=True)
    # Kept values, rewritten in the same transaction as every change that moves them; the
    # ledger (treasury) and the rules engine (team value) stay the sources of truth.
    treasury = models.BigIntegerField(_("treasury"), default=0)
    team_value = models.BigIntegerField(_("team value"), default=0)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["league", "name"], name="team_unique_name_in_league")]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("teams:detail", kwargs={"pk": self.pk})

    @property
    def allies(self) -> tuple[str, ...]:
        """An alliance team's second and third rosters; () for a team of one roster."""
        return tuple(r for r in (self.second_roster, self.third_roster) if r)


class Player(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        DEAD = "dead", _("Dead")
        RETIRED = "retired", _("Retired")
        FIRED = "fired", _("Fired")

    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="players", verbose_name=_("team"))
    number = models.PositiveSmallIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=80)
    position = models.CharField(_("position"), max_length=40)  # a position key of the team's list
    # The team list the position belongs to: empty for the team's race (every team of one roster);
    # an alliance team's second or third roster for its players from those (docs/decisions/teams.md).
    roster = models.CharField(_("roster"), max_length=40, blank=True, default="")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE)
    journeyman = models.BooleanField(_("journeyman"), default=False)
    # A free rookie (ruleset group [parameters.rookies]): halved characteristics, never a team
    # re-roll for his actions (a permanent mark), worth 0 in team value, released for free.
    rookie = models.BooleanField(_("rookie"), default=False)
    spp = models.PositiveIntegerField(_("star player points"), default=0)
    miss_next_game = models.BooleanField(_("misses next game"), default=False)
    niggling_injuries = models.PositiveSmallIntegerField(_("niggling injuries"), default=0)
    hired_at = models.DateTimeField(_("hired at"), auto_now_add=True)
    # A journeyman the post-match sequence of this match added: a replay of the match takes him
    # back (and hires him again when he is still needed), so later matches keep naming him.
    joined_after = models.ForeignKey(
        "matches.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", editable=False
    )
    # The opposing player killed in a match from whom he was raised for free (a Zombie raised by a
    # Necromancer, a Rotter by Nurgle's Rot: the ruleset's raising groups); a victim is raised once.
    raised_from = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="raised_as", editable=False
    )

    class Meta:
        ordering = ["team", "number"]
        constraints = [
            # Numbers identify players for random draws, so active ones must be unique.
            models.UniqueConstraint(
                fields=["team", "number"],
                condition=models.Q(status="active"),
                name="player_unique_active_number",
            )
        ]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return f"#{self.number} {self.display_name}"

    @property
    def display_name(self) -> str:
        """The name to show. A journeyman the server adds gets no stored name
        (docs/decisions/teams.md, "A journeyman the server adds has no stored name"): he reads
        "Journeyman 8" or "Journalier 8" in the reader's language, until his coach names him."""
        if self.name:
            return self.name
        if self.rookie:
            return gettext("Rookie %(n)s") % {"n": self.number}
        return gettext("Journeyman %(n)s") % {"n": self.number}

    @property
    def roster_key(self) -> str:
        """The team-list key his position belongs to: his roster, else his team's race."""
        return self.roster or self.team.race


class Advancement(models.Model):
    """A skill or characteristic a player gained after being hired (starting skills are the position's)."""

    class Kind:
        """The value keys of the usual improvements, for the code and tests that name one. What
        a player may gain is the team's ruleset's (value_modifiers.csv), checked by the services
        that write an advancement (teams.services.improvements.check_advancement_kind)."""

        NORMAL_SKILL = "new_skill"
        DOUBLE_SKILL = "new_skill_double"
        MA = "ma_increase"
        ST = "st_increase"
        AG = "ag_increase"
        AV = "av_increase"

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="advancements")
    # A value key of the team's ruleset (value_increases): plain text, so any ruleset fits.
    kind = models.CharField(_("kind"), max_length=40)
    skill = models.CharField(_("skill"), max_length=40, blank=True)
    match = models.ForeignKey("matches.Match", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["player", "created_at", "pk"]
        verbose_name = _("advancement")
        verbose_name_plural = _("advancements")


class Injury(models.Model):
    """A lasting casualty result (niggling injury or characteristic loss) kept on the player."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="injuries")
    casualty = models.CharField(_("casualty"), max_length=40)  # a casualty-table key
    stat = models.CharField(_("characteristic"), max_length=2, blank=True)  # ma/st/ag/av or ""
    applied = models.BooleanField(_("applied"), default=True)  # False: ignored by the -2 / min 1 limits
    match = models.ForeignKey("matches.Match", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["player", "created_at", "pk"]
        verbose_name = _("injury")
        verbose_name_plural = _("injuries")


class ImprovementRoll(models.Model):
    """An improvement roll earned by crossing an SPP level; the coach then picks what it gives."""

    # Not a column: the team page sets it for its template (teams/views/detail.py).
    can_choose: bool
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="improvement_rolls")
    match = models.ForeignKey("matches.Match", on_delete=models.PROTECT, related_name="improvement_rolls")
    index = models.PositiveSmallIntegerField()  # the player's n-th roll of his career
    d6a = models.PositiveSmallIntegerField()
    d6b = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)  # what the roll allows (categories, characteristics)
    choice = models.CharField(max_length=40, blank=True)  # value key: new_skill, ma_increase, ...
    skill = models.CharField(max_length=40, blank=True)
    advancement = models.OneToOneField(
        Advancement, on_delete=models.PROTECT, null=True, blank=True, related_name="roll"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "index"], name="improvement_roll_unique")]
        ordering = ["player", "index"]

    @property
    def pending(self) -> bool:
        return self.advancement_id is None


def staff_label(kind: str) -> str | Promise:
    """The verbose name of a staff column of Team (assistant coaches, cheerleaders, apothecary), lazy."""
    field = Team._meta.get_field(kind)
    assert isinstance(field, models.Field), kind  # staff are plain columns, never a relation
    return field.verbose_name


class AppendOnlyError(Exception):
    pass


class TreasuryEntry(models.Model):
    """One movement of gold. The balance is the sum; mistakes are fixed by reversing entries."""

    # Not columns: the team page sets them for its template (teams/views/detail.py).
    kind_name: str
    can_reverse: bool

    class Kind:
        """Ledger kinds the code writes itself. What a team's ledger may hold is its ruleset's
        (ledger_kinds.csv, with the names shown), checked by every service that writes an entry
        (teams.services.ledger.check_ledger_entry)."""

        STARTING_BUDGET = "starting_budget"
        PLAYER_HIRED = "player_hired"
        REROLL_BOUGHT = "reroll_bought"
        FAN_FACTOR_BOUGHT = "fan_factor_bought"
        STAFF_HIRED = "staff_hired"
        WINNINGS = "winnings"
        SPIRALLING_EXPENSES = "spiralling_expenses"
        PETTY_CASH = "petty_cash"
        INDUCEMENT = "inducement"
        CORRECTION = "correction"
        BANK_TRANSFER = "bank_transfer"

    # The account an entry moves: the treasury (Team.treasury is the sum of its entries), or the
    # bank of a ruleset that has one (never in the treasury nor the team value).
    TREASURY = "treasury"
    BANK = "bank"
    ACCOUNTS = (TREASURY, BANK)

    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="ledger")
    kind = models.CharField(_("kind"), max_length=40)  # a ledger kind of the team's ruleset
    account = models.CharField(_("account"), max_length=10, default=TREASURY)
    amount = models.BigIntegerField(_("amount"))  # signed, integer gold pieces
    # A natural key, unique per team: a re-run of whatever wrote the entry writes nothing.
    key = models.CharField(_("key"), max_length=120)
    memo = models.CharField(_("memo"), max_length=200, blank=True)
    match = models.ForeignKey(
        "matches.Match", on_delete=models.PROTECT, null=True, blank=True, related_name="ledger_entries"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["team", "created_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["team", "key"], name="treasury_entry_unique_key")]
        verbose_name = _("treasury entry")
        verbose_name_plural = _("treasury entries")

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise AppendOnlyError("Treasury entries cannot be changed; post a reversing entry.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("Treasury entries cannot be deleted; post a reversing entry.")
