"""A correction of a processed match (matches.services.corrections). It names the match by its label:
matches/models.py imports this module (so that Django finds it) and exports the model."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class MatchCorrection(models.Model):
    """A commissioner's correction of a processed match: new inputs (or a void), previewed, then
    applied by a replay of the match and of every later match its change reaches
    (matches.services.corrections). The match's own inputs are untouched until it is applied."""

    class Kind(models.TextChoices):
        EDIT = "edit", _("Correction")
        VOID = "void", _("Void")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        QUEUED = "queued", _("Being applied")
        APPLIED = "applied", _("Applied")
        FAILED = "failed", _("Failed")
        DISCARDED = "discarded", _("Discarded")

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="corrections")
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.EDIT)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    reason = models.TextField(_("reason"))
    inputs = models.JSONField(default=dict, blank=True)  # the new inputs (matches.services.match_inputs)
    before = models.JSONField(default=dict, blank=True)  # the inputs they replace
    preview = models.JSONField(null=True, blank=True)  # what the replay would move
    moved = models.JSONField(null=True, blank=True)  # what it moved, once applied
    failure_reason = models.TextField(blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # The commissioner, or the other coach accepting a coach's proposal (League.coaches_correct).
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(null=True, blank=True)  # confirmed: the sweep sends it again if lost
    applied_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("match correction")
        verbose_name_plural = _("match corrections")
