"""An import run (the dump handed in, its progress and reports) and the objects it brought over.

The dump is kept in the database (ImportRun.data): the web process and the workers share it, and
a worker restarted mid-run reads it again to resume. ImportedObject is the natural key of every
row brought over ("teams:12" of this league's OBBLM dump -> the Team written for it): a stage
skips what is mapped already, so a re-run writes nothing and a stopped run resumes.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.core.models import League


class ImportRun(models.Model):
    class State(models.TextChoices):
        CHECKED = "checked", _("Checked (dry run)")
        QUEUED = "queued", _("Waiting for a worker")
        RUNNING = "running", _("Running")
        FAILED = "failed", _("Failed")
        DONE = "done", _("Done")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="import_runs")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    source_kind = models.CharField(_("source"), max_length=20, default="obblm")
    file_name = models.CharField(_("file name"), max_length=200)
    data = models.BinaryField(_("dump"))
    # What the user asked for ("" = detect from the dump's columns), and what the decoder used.
    version_asked = models.CharField(_("version asked"), max_length=40, blank=True)
    version = models.CharField(_("version"), max_length=40, blank=True)
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.CHECKED)
    stage = models.CharField(_("stage"), max_length=20, blank=True)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    dry_report = models.JSONField(_("dry-run report"), default=dict, blank=True)
    report = models.JSONField(_("report"), default=dict, blank=True)
    error = models.TextField(_("error"), blank=True)
    # The site's address, for the links in the coaches' invitations (mailed by a worker, no request).
    site_url = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("import run")
        verbose_name_plural = _("import runs")

    def __str__(self) -> str:
        return f"{self.league} ← {self.file_name}"

    # A live run without progress for this long lost its worker and its message (a redelivered one
    # resumes by itself, league/interchange/tasks.py): the commissioner may resume it by hand.
    STALL_AFTER = timedelta(minutes=15)

    @property
    def stalled(self) -> bool:
        live = self.state in (self.State.QUEUED, self.State.RUNNING)
        return live and self.updated_at is not None and timezone.now() - self.updated_at > self.STALL_AFTER

    @property
    def resumable(self) -> bool:
        return self.state == self.State.FAILED or self.stalled

    @property
    def percent(self) -> int:
        return 100 if self.state == self.State.DONE else (100 * self.done // self.total if self.total else 0)


class ImportedObject(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="imported_objects")
    run = models.ForeignKey(ImportRun, on_delete=models.SET_NULL, null=True, blank=True, related_name="imported")
    source_kind = models.CharField(max_length=20)
    source_key = models.CharField(max_length=60)  # "<table>:<id>" of the dump
    content_type = models.ForeignKey(ContentType, on_delete=models.PROTECT, related_name="+")
    object_id = models.PositiveBigIntegerField()
    target = GenericForeignKey("content_type", "object_id")

    class Meta:
        ordering = ["league", "source_key"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "source_kind", "source_key"], name="imported_object_unique_source"
            )
        ]
        verbose_name = _("imported object")
        verbose_name_plural = _("imported objects")
