"""A rating's history: one row per subject (a coach or a team) and match, in play order."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.core.models import League


class RatingEntry(models.Model):
    """What one match did to one subject's rating, in tenths of a point (league.ratings.elo).

    The natural key (league, kind, subject, match) makes a run again change nothing; `sequence` is
    the match's place in play order (Match.sequence, then the match id) copied here so that the
    history reads in order and "from this match on" is one filter."""

    class Kind(models.TextChoices):
        COACH = "coach", _("Coach")
        TEAM = "team", _("Team")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="rating_entries")
    kind = models.CharField(_("rated"), max_length=5, choices=Kind.choices)
    subject = models.PositiveIntegerField(_("coach or team"))  # a user's id or a team's id, by kind
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="rating_entries")
    sequence = models.CharField(max_length=64, blank=True)
    before = models.IntegerField(_("rating before"))
    after = models.IntegerField(_("rating after"))
    delta = models.IntegerField(_("rating change"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "kind", "subject", "match"], name="rating_entry_natural_key"),
        ]
        indexes = [
            models.Index(fields=["league", "kind", "subject", "sequence", "match"], name="rating_entry_history"),
            models.Index(fields=["league", "sequence", "match"], name="rating_entry_play_order"),
        ]
        verbose_name = _("rating entry")
        verbose_name_plural = _("rating entries")

    def __str__(self) -> str:
        return f"{self.kind} {self.subject} @ {self.match_id}: {self.before} -> {self.after}"
