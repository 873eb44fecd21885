"""Seasons, their teams, rounds, byes and play-off brackets (docs/design-seasons.md).

A league keeps every season. Teams are not copied into a season: a SeasonTeam row says a team
plays in it, so a team carries over by being registered again. Matches point to their season and
round (matches.Match.season/round) and take their place in time from them (Match.sequence).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Season(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration")
        REGULAR = "regular", _("Regular season")
        PLAYOFFS = "playoffs", _("Play-offs")
        CLOSED = "closed", _("Closed")

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=100)
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.DRAFT)
    # The points scheme and tie-breakers the table is computed with, copied from the league's
    # settings when the regular season starts: a later change of the league's scheme never alters
    # this season's table. Null until then (the page reads the league's settings in force).
    standings_settings = models.JSONField(null=True, blank=True, editable=False)
    winner = models.ForeignKey(
        "teams.Team",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seasons_won",
        verbose_name=_("winner"),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["league", "-number"]
        constraints = [models.UniqueConstraint(fields=["league", "number"], name="season_unique_number")]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("league:season", kwargs={"slug": self.league.slug, "number": self.number})


class SeasonTeam(models.Model):
    """A team's place in a season: asked for by its coach or the commissioner, then approved."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for approval")
        APPROVED = "approved", _("Approved")
        REFUSED = "refused", _("Refused")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="season_entries")
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.PENDING)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    requested_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season", "team__name", "pk"]
        constraints = [models.UniqueConstraint(fields=["season", "team"], name="season_team_unique")]
        verbose_name = _("season team")
        verbose_name_plural = _("season teams")

    def __str__(self) -> str:
        return f"{self.team} in {self.season}"


class Round(models.Model):
    class Phase(models.TextChoices):
        REGULAR = "regular", _("Regular season")
        SWISS = "swiss", _("Swiss round")
        PLAYOFF = "playoff", _("Play-offs")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    phase = models.CharField(_("phase"), max_length=20, choices=Phase.choices, default=Phase.REGULAR)
    # Play-off rounds are named by the bracket's round code ("semi_final", "final"), worded by the pages.
    code = models.CharField(max_length=30, blank=True)
    starts_on = models.DateField(_("play from"), null=True, blank=True)
    deadline = models.DateField(_("deadline"), null=True, blank=True)

    class Meta:
        ordering = ["season", "number"]
        constraints = [models.UniqueConstraint(fields=["season", "number"], name="round_unique_number")]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return f"{self.season} R{self.number}"


class Bye(models.Model):
    """A round a team does not play (odd number of teams); counted as the points scheme says."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="byes")

    class Meta:
        ordering = ["round", "team__name"]
        constraints = [models.UniqueConstraint(fields=["round", "team"], name="bye_unique_team")]


class Bracket(models.Model):
    """A season's knock-out bracket, stored as the scheduling engine's data (seeds and sources)."""

    class Seeding(models.TextChoices):
        STANDINGS = "standings", _("By the standings (1 v 4, 2 v 3)")
        DRAW = "draw", _("Drawn at random (rulebook p.30)")

    class Qualification(models.TextChoices):
        STANDINGS = "standings", _("Standings")
        TEAM_VALUE = "team_value", _("Highest team value")
        WIN_RATE = "win_rate", _("Win rate")
        TV_TIMES_WIN_RATE = "tv_times_win_rate", _("Team value times win rate")
        MANUAL = "manual", _("Chosen by the commissioner (a play-off phase)")

    season = models.OneToOneField(Season, on_delete=models.CASCADE, related_name="bracket")
    size = models.PositiveSmallIntegerField(_("teams"))
    qualification = models.CharField(_("qualification"), max_length=30, choices=Qualification.choices)
    seeding = models.CharField(_("seeding"), max_length=20, choices=Seeding.choices)
    third_place = models.BooleanField(_("third-place game"), default=False)
    # Team ids in seed order (seeds[0] is seed 1), after the draw if there was one.
    seeds = models.JSONField(default=list)
    # The die that decided a random draw (the engine's seed for random.Random), stored for audit.
    draw_roll = models.JSONField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("bracket")
        verbose_name_plural = _("brackets")

    def __str__(self) -> str:
        return f"{self.season} bracket"


class BracketGame(models.Model):
    """One game slot of a bracket: `home_source`/`away_source` are "seed:k", "bye",
    "winner:<number>" or "loser:<number>", as in league.scheduling.Source."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    round_number = models.PositiveSmallIntegerField()
    third_place = models.BooleanField(default=False)
    home_source = models.CharField(max_length=20)
    away_source = models.CharField(max_length=20)
    match = models.OneToOneField(
        "matches.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="bracket_game"
    )
    winner = models.ForeignKey("teams.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["bracket", "round_number", "number"]
        constraints = [models.UniqueConstraint(fields=["bracket", "number"], name="bracket_game_unique_number")]


class StandingsLot(models.Model):
    """A drawing of lots between teams the standings leave level (the "lots" tie-breaker): the
    server's D6, re-rolled among teams still equal, kept like every other die. `value` is what the
    engine compares (the dice read in order); the latest draw of a team in the season counts."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="lots")
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    # The engine's name of the group drawn (LotsRequest.key), e.g. "lots:3,7".
    key = models.CharField(max_length=200)
    dice = models.JSONField(default=list)  # the D6 results of this team, in rolling order
    value = models.PositiveBigIntegerField()
    drawn_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    drawn_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "key", "-value"]
        constraints = [models.UniqueConstraint(fields=["season", "team"], name="standings_lot_unique_team")]
        verbose_name = _("drawing of lots")
        verbose_name_plural = _("drawings of lots")


class StandingsOrder(models.Model):
    """The commissioner's order of teams the standings leave level (the "commissioner" tie-breaker:
    the rulebook leaves ties to him). `position` 1 is the first of the group; the latest order he
    gave a team in the season counts, and a group that changed is asked again (the engine)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings_orders")
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    # The engine's name of the group ordered (LotsRequest.key), e.g. "commissioner:3,7".
    key = models.CharField(max_length=200)
    position = models.PositiveSmallIntegerField()
    ordered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    ordered_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["season", "key", "position"]
        constraints = [models.UniqueConstraint(fields=["season", "team"], name="standings_order_unique_team")]
        verbose_name = _("commissioner's order of tied teams")
        verbose_name_plural = _("commissioner's orders of tied teams")
