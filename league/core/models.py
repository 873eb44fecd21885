"""Leagues and memberships. Seasons, fixtures, standings and trophies join them later."""

from __future__ import annotations

from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class League(models.Model):
    # Not a column: the home page sets it for its template (league/pages/views.py).
    ruleset_name: str
    name = models.CharField(_("name"), max_length=100, unique=True)
    slug = models.SlugField(_("slug"), max_length=100, unique=True)
    # The key of a folder in league/rules/data/; the house rules below parametrise it.
    ruleset = models.CharField(_("ruleset"), max_length=40)
    commissioner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="commissioned_leagues",
        verbose_name=_("commissioner"),
    )
    description = models.TextField(_("description"), blank=True)

    class Language(models.TextChoices):
        FRENCH = "fr", _("French")
        ENGLISH = "en", _("English")

    # The league's own language (its announcements and defaults); each reader still picks theirs.
    language = models.CharField(_("language"), max_length=8, choices=Language.choices, default=Language.ENGLISH)
    open_to_join = models.BooleanField(
        _("open to new coaches"), default=True, help_text=_("Registered users may join as coaches.")
    )
    # With open_to_join, a request waits for a commissioner's approval (MembershipRequest);
    # without open_to_join, coaches come in only by invitation. See membership_mode.
    join_needs_approval = models.BooleanField(_("joining needs approval"), default=False)
    coaches_schedule = models.BooleanField(
        _("coaches may schedule matches"),
        default=False,
        help_text=_("Otherwise only the commissioner schedules matches."),
    )
    coaches_correct = models.BooleanField(
        _("coaches may correct their matches together"),
        default=False,
        help_text=_("Otherwise only the commissioner corrects or voids a processed match."),
    )
    # Dice a replay (a correction, a void, a restore, a late result) newly needs for a match already
    # processed: rolled by the server, or asked of the team's coach, the match waiting in his to-do
    # meanwhile (matches.services.dice_wait).
    replay_dice_asked = models.BooleanField(
        _("dice a correction newly needs are asked of the coach"),
        default=False,
        help_text=_("Otherwise the server rolls them."),
    )
    # The coaches' and teams' ELO ratings (league.ratings, docs/ratings.md): where everyone starts
    # and how far one match moves a rating, in whole points; Swiss rounds may pair by rating.
    rating_start = models.PositiveSmallIntegerField(_("starting rating"), default=1500)
    rating_k = models.PositiveSmallIntegerField(_("rating K factor"), default=20)
    swiss_by_rating = models.BooleanField(_("Swiss rounds pair by rating"), default=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("league:detail", kwargs={"slug": self.slug})

    class MembershipMode(models.TextChoices):
        OPEN = "open", _("Open: registered users join as coaches")
        APPROVAL = "approval", _("On request: the commissioner approves each coach")
        INVITATION = "invitation", _("On invitation only")

    @property
    def membership_mode(self) -> str:
        if not self.open_to_join:
            return self.MembershipMode.INVITATION
        return self.MembershipMode.APPROVAL if self.join_needs_approval else self.MembershipMode.OPEN


class HouseRule(models.Model):
    """One overridden ruleset parameter for one league (a row, never code)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="house_rules")
    key = models.CharField(_("parameter"), max_length=60)
    value = models.JSONField(_("value"))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "key"], name="house_rule_unique_key")]
        verbose_name = _("house rule")
        verbose_name_plural = _("house rules")

    def __str__(self) -> str:
        return f"{self.league}: {self.key}={self.value!r}"


class AllyRule(models.Model):
    """One row of the league's ally table (a house rule: the ruleset's [parameters.allies], spec H6): a team of `host_race` may hire
    up to `cap` players of `ally_race`'s `position` as allies, where the ruleset has allies."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="ally_rules")
    host_race = models.CharField(_("team"), max_length=40)  # team-list keys of the league's ruleset
    ally_race = models.CharField(_("allied team"), max_length=40)
    position = models.CharField(_("position"), max_length=40)  # a position key of ally_race's list
    cap = models.PositiveSmallIntegerField(_("at most"), default=1)

    class Meta:
        ordering = ["league", "host_race", "ally_race", "position"]
        constraints = [
            models.UniqueConstraint(fields=["league", "host_race", "ally_race", "position"], name="ally_rule_unique")
        ]
        verbose_name = _("ally rule")
        verbose_name_plural = _("ally rules")

    def __str__(self) -> str:
        return f"{self.league}: {self.host_race} + {self.ally_race}/{self.position} x{self.cap}"


class Membership(models.Model):
    class Role(models.TextChoices):
        COMMISSIONER = "commissioner", _("Commissioner")
        COACH = "coach", _("Coach")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, default=Role.COACH)
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "user"], name="membership_unique_user")]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) in {self.league}"


class MembershipRequest(models.Model):
    """A coach asking to join a league, or a commissioner inviting one; decided once."""

    class Kind(models.TextChoices):
        REQUEST = "request", _("Request to join")
        INVITATION = "invitation", _("Invitation")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="membership_requests")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.PENDING)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "user"],
                condition=models.Q(status="pending"),
                name="membership_request_one_pending",
            )
        ]
        verbose_name = _("membership request")
        verbose_name_plural = _("membership requests")

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.user} in {self.league} ({self.status})"


class AuditEntry(models.Model):
    """Who changed what and when. Rows are only ever added (see save/delete)."""

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    # Namespaced action codes, e.g. "teams.player.hired"; the page words them (league/core/audit.py).
    action = models.CharField(_("action"), max_length=60)
    league = models.ForeignKey(League, on_delete=models.PROTECT, null=True, blank=True, related_name="audit")
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="audit")
    data = models.JSONField(_("details"), default=dict, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor} {self.action}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise PermissionError("Audit entries cannot be changed.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise PermissionError("Audit entries cannot be deleted.")


class Revision(models.Model):
    """A counter per league, bumped in the same transaction as the writes that change what a cached
    table or statistics page shows but that the cache versions' counts and maxima cannot see (a
    player renamed to a name of the same length, a bye moved). It lives in the database, so every
    process (gunicorn workers, Celery workers) reads the same number: a per-process cache keyed by
    it never serves a stale page (league/competitions/standings/cache.py, league/competitions/stats/cache.py)."""

    league = models.OneToOneField(League, on_delete=models.CASCADE, primary_key=True, related_name="revision")
    number = models.PositiveBigIntegerField(default=0)

    class Meta:
        verbose_name = _("cache revision")
        verbose_name_plural = _("cache revisions")

    def __str__(self) -> str:
        return f"{self.league_id}: {self.number}"


class SiteRevision(models.Model):
    """The versions of the kept pages, one row each (league/infra/page_versions.py): row 1 the whole
    site's, row 2 the pages that are no one league's, then one per league and one per user, each
    bumped after the committed writes that claim it."""

    number = models.PositiveBigIntegerField(default=0)

    class Meta:
        verbose_name = _("page revision")
        verbose_name_plural = _("page revisions")

    def __str__(self) -> str:
        return str(self.number)


class OutboxEntry(models.Model):
    """What a listener still has to do after a committed write (league/core/outbox.py): written in
    the writer's transaction, deleted in the listener's, so a listener's work is done exactly once
    whatever the retries. `key` names the work (an event and its listener, a match to rate)."""

    listener = models.CharField(max_length=40)
    key = models.CharField(max_length=200, unique=True)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["listener", "id"], name="outbox_listener")]
        verbose_name = _("outbox entry")
        verbose_name_plural = _("outbox entries")

    def __str__(self) -> str:
        return self.key
