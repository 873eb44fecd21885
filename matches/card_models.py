"""A special play card bought at the pre-match (league.rules.prematch.cards): kept apart from
matches/models.py, which imports it so that Django finds it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class MatchCard(models.Model):
    """One card a side bought for a match, in buying order. Both sides draw from the same decks, so
    a card key is drawn at most once in a match (the constraint, and the service's lock)."""

    class How(models.TextChoices):
        SERVER = "server", _("Drawn by the site")
        TABLE = "table", _("Drawn at the table")

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="cards")
    side = models.CharField(max_length=4, choices=[("home", _("Home")), ("away", _("Away"))])
    deck = models.CharField(max_length=40)  # the deck bought from (the merged deck's key, where merged)
    card = models.CharField(max_length=40)  # the card's key in the ruleset's cards.csv
    order = models.PositiveIntegerField()  # 1, 2... per side
    how = models.CharField(max_length=6, choices=How.choices)
    roll = models.PositiveIntegerField(null=True, blank=True)  # the server's die, 1..sides
    sides = models.PositiveIntegerField(null=True, blank=True)  # the cards left when drawn
    price = models.BigIntegerField()
    # Paid from the side's inducement gold (cards as inducements, or replacing them), not from a card
    # budget: the inducement step counts it, and the pre-match record debits it with the inducements.
    inducement_gold = models.BooleanField(default=False)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "side", "order"]
        constraints = [
            models.UniqueConstraint(fields=["match", "card"], name="match_card_drawn_once"),
            models.UniqueConstraint(fields=["match", "side", "order"], name="match_card_order"),
        ]
