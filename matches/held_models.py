"""A player's lines held for the commissioner (matches.services.held): kept apart from
matches/models.py, which imports it so that Django finds it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class HeldLine(models.Model):
    """A player credited on a match's sheet whom a change of the history made unable to play it:
    dead, gone or missing it because of an earlier match (`since`). Open until the commissioner
    removes his lines, moves them to a team-mate, or confirms that he played as entered."""

    class Reason(models.TextChoices):
        DEAD = "dead", _("dead")
        GONE = "gone", _("no longer in the team")
        MISSES = "misses", _("misses the match")

    class Resolution(models.TextChoices):
        OPEN = "", _("Waiting for the commissioner")
        REMOVED = "removed", _("His lines removed")
        MOVED = "moved", _("His lines moved to a team-mate")
        CONFIRMED = "confirmed", _("Confirmed: he played as entered")

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="held_lines")
    player = models.ForeignKey("teams.Player", on_delete=models.PROTECT, related_name="+")
    # The match in play order that made him unable (none when it was not a match: a coach's release).
    since = models.ForeignKey("matches.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    reason = models.CharField(max_length=10, choices=Reason.choices)
    resolution = models.CharField(max_length=10, choices=Resolution.choices, blank=True, default="")
    moved_to = models.ForeignKey("teams.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "pk"]
        constraints = [models.UniqueConstraint(fields=["match", "player"], name="held_line_unique_player")]
