"""Trophies, their awards and the trophy a season's final awards (the rulebook).

A trophy's benefits are ruleset data (league/rules/data/<key>/trophies.csv), read through its key;
a minor tournament defined by the commissioner has no key, only a name and its prize money. The
holder is the team of the trophy's latest award (`current`, kept by league/competitions/challenges/trophies/services.py so
that a team's held trophies are one indexed read wherever its team value is computed).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Trophy(models.Model):
    class Kind(models.TextChoices):
        MAJOR = "major", _("Major")
        MINOR = "minor", _("Minor tournament")

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="trophies")
    # The ruleset's trophy key (blood_bowl...); empty for a commissioner's minor tournament.
    key = models.CharField(_("key"), max_length=40, blank=True)
    name = models.CharField(_("name"), max_length=100, blank=True)  # a minor tournament's name
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.MINOR)
    prize_winner = models.PositiveIntegerField(_("prize for the winner"), default=0)
    prize_runner_up = models.PositiveIntegerField(_("prize for the runner-up"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "kind", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "key"], condition=~models.Q(key=""), name="trophy_unique_ruleset_key"
            )
        ]
        verbose_name = _("trophy")
        verbose_name_plural = _("trophies")

    def __str__(self) -> str:
        return self.name or self.key


class TrophyAward(models.Model):
    """One edition of a trophy: who won it (and the runner-up, for a minor tournament's prize)."""

    # Not columns: the trophies page sets them for its template (league/competitions/challenges/trophies/views.py).
    gift_lines: list[str]
    player_of_the_year: str | None
    trophy = models.ForeignKey(Trophy, on_delete=models.CASCADE, related_name="awards")
    edition = models.PositiveSmallIntegerField(_("edition"))
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="trophy_awards")
    runner_up = models.ForeignKey(
        "teams.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="trophy_runner_ups"
    )
    season = models.ForeignKey(
        "league.Season", on_delete=models.SET_NULL, null=True, blank=True, related_name="trophy_awards"
    )
    # True for the trophy's latest award only: this team holds it and has its benefits.
    current = models.BooleanField(default=True, db_index=True)
    # Chaos Cup gifts: [{"player": id, "skill": key, "die": n}, ...] with the stored dice.
    gifts = models.JSONField(default=list, blank=True)
    awarded_at = models.DateTimeField(auto_now_add=True)
    awarded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["trophy", "-edition"]
        constraints = [models.UniqueConstraint(fields=["trophy", "edition"], name="trophy_award_unique_edition")]
        verbose_name = _("trophy award")
        verbose_name_plural = _("trophy awards")


class SeasonTrophy(models.Model):
    """The trophy a season's play-off final awards, chosen by the commissioner."""

    season = models.OneToOneField("league.Season", on_delete=models.CASCADE, related_name="final_trophy")
    trophy = models.ForeignKey(Trophy, on_delete=models.CASCADE, related_name="seasons")
    # The optional Player of the Year after the final (a trophy whose data names a skill for it).
    player_of_the_year = models.BooleanField(_("Player of the Year"), default=False)
