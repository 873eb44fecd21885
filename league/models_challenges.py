"""League challenges (the rulebooks' league challenges).

Once a week a coach may challenge another team of the season through the commissioner; the
challenged coach answers before the deadline: accept (a fixture of the season), refuse (a 2-0 win
for the challenger kept on this row, never a match: no post-match sequence, so no SPP, gold or
fan factor change), or name a replacement who agrees (the challenger plays him or loses 0-2).
A late answer is the commissioner's to rule on. The standings read the forfeits from here
(league.competitions.standings.table.season_results).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Challenge(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for an answer")
        ACCEPTED = "accepted", _("Accepted: a fixture")
        REFUSED = "refused", _("Refused: 2-0 for the challenger")
        REPLACING = "replacing", _("Replacement named: waiting for his agreement")
        REPLACED = "replaced", _("Replaced: a fixture against the replacement")
        FORFEITED = "forfeited", _("Replacement not played: 0-2 for the replacement")
        RULED = "ruled", _("Ruled by the commissioner: 2-0 for the challenger")
        CANCELLED = "cancelled", _("Cancelled by the commissioner")

    class Forfeit(models.TextChoices):
        NONE = "", _("No forfeit")
        CHALLENGER = "challenger", _("The challenger")
        OPPONENT = "opponent", _("The opponent")

    season = models.ForeignKey("league.Season", on_delete=models.CASCADE, related_name="challenges")
    challenger = models.ForeignKey(
        "teams.Team", on_delete=models.PROTECT, related_name="challenges_issued", verbose_name=_("challenger")
    )
    challenged = models.ForeignKey(
        "teams.Team", on_delete=models.PROTECT, related_name="challenges_received", verbose_name=_("challenged")
    )
    # The Monday of the ISO week the challenge was issued in: the weekly limit counts per week.
    week = models.DateField(_("week"))
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.PENDING)
    # When the answer is due (issue time + the league's challenge_answer_days); the commissioner
    # may extend it when ruling on a late answer.
    deadline = models.DateTimeField(_("answer due"))
    replacement = models.ForeignKey(
        "teams.Team",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="challenges_replacing",
        verbose_name=_("replacement"),
    )
    match = models.ForeignKey(
        "matches.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="challenges"
    )
    # A result without a match: which side the 2-0 goes to (the opponent is the replacement when
    # there is one, else the challenged team). Empty while there is none.
    forfeit_to = models.CharField(_("won by"), max_length=12, choices=Forfeit.choices, blank=True, default="")
    # Players whose miss-next-game mark a refusal cleared (the league's setting), for the record.
    cleared_marks = models.JSONField(default=list, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    answered_at = models.DateTimeField(null=True, blank=True)
    ruled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    ruled_at = models.DateTimeField(null=True, blank=True)
    ruling_reason = models.TextField(_("reason"), blank=True)
    # When the result (if any) was decided: places a forfeit among the season's matches in time.
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season", "-created_at", "-pk"]
        indexes = [models.Index(fields=["season", "week"], name="challenge_season_week")]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(challenger=models.F("challenged")), name="challenge_two_different_teams"
            ),
        ]
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")

    OPEN = (Status.PENDING, Status.REPLACING)

    def __str__(self) -> str:
        return f"{self.challenger} challenges {self.challenged}"

    def get_absolute_url(self) -> str:
        return reverse(
            "league:season_challenges", kwargs={"slug": self.season.league.slug, "number": self.season.number}
        )

    @property
    def opponent_id(self) -> int:
        return self.replacement_id or self.challenged_id

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN
