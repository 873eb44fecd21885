"""Dice a replay asks of a coach (matches.services.dice_wait): kept apart from matches/models.py,
which imports it so that Django finds it."""

from __future__ import annotations

from django.db import models


class DiceAsked(models.Model):
    """A die a change of the history made a processed match newly need, asked of the coach of
    `side` because the league says so (League.replay_dice_asked): the match is held until he enters
    it on the match's dice page or the commissioner lets the server roll it. `kept`: the stored
    values that still fit (the coach's dice roll after them, in play order); `count` dice of `sides`
    faces are asked; `options`, an MVP draw's candidates. `what`: the request's kind (wording.input_label names it in the reader's language)."""

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="dice_asked")
    key = models.CharField(max_length=80)
    what = models.CharField(max_length=40)
    side = models.CharField(max_length=4)
    count = models.PositiveSmallIntegerField()
    sides = models.PositiveSmallIntegerField()
    kept = models.JSONField(default=list, blank=True)
    options = models.JSONField(default=list, blank=True)  # an MVP draw's candidates (refs): face n names the n-th
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "pk"]
        constraints = [models.UniqueConstraint(fields=["match", "key"], name="dice_asked_unique_key")]
