"""Matches: the fixture, the pre-match sequence, the result and the post-match sequence.

Everything that decides an outcome is stored as a row keyed by what it is for: each die
(DiceRoll), each coach decision (Decision), each report line (MatchPlayer, MatchCasualty). The
post-match sequence is a pure function of those rows (league.rules.postmatch), and every effect
it applies (MatchEffect, and the ledger entries it posts) has a natural key unique in the match,
so a re-run writes nothing twice and a later edit can replay the whole history.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.core.models import League
from teams.models import Player, Team

SIDES = [("home", _("Home")), ("away", _("Away"))]


class Match(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        PREMATCH_DONE = "prematch_done", _("Pre-match done")
        DRAFT = "draft", _("Result in draft")
        SUBMITTED = "submitted", _("Submitted")
        CONFIRMED = "confirmed", _("Confirmed")
        PROCESSING = "processing", _("Post-match running")
        PROCESSED = "processed", _("Processed")
        FAILED = "failed", _("Failed")
        # A history change made a player credited on its sheet unable to play it (matches.services.held):
        # not run until the commissioner says what stands; its teams' later matches wait behind it.
        HELD = "held", _("Held for the commissioner")
        # Voided by a correction: kept with its inputs, out of the standings and statistics, its
        # effects reversed (matches.services.replay).
        VOID = "void", _("Void")

    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="matches", verbose_name=_("league"))
    home = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="home_matches", verbose_name=_("home"))
    away = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="away_matches", verbose_name=_("away"))
    ruleset = models.CharField(_("ruleset"), max_length=40)
    ruleset_version = models.CharField(_("ruleset version"), max_length=60)
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.SCHEDULED)
    scheduled_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    played_on = models.DateField(_("played on"), null=True, blank=True)
    # Its place in the league's calendar: none for a friendly or a match imported without one.
    season = models.ForeignKey(
        "league.Season",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="matches",
        verbose_name=_("season"),
    )
    round = models.ForeignKey(
        "league.Round", on_delete=models.PROTECT, null=True, blank=True, related_name="matches", verbose_name=_("round")
    )

    class Stage(models.TextChoices):
        LEAGUE = "", _("League match")
        PLAYOFF = "playoff", _("Play-off")
        THIRD_PLACE = "third_place", _("Third-place game")
        SEMI_FINAL = "semi_final", _("Semi-final")
        FINAL = "final", _("Final")

    # A semi-final or final doubles gate and winnings and restricts inducements (league.rules,
    # MatchReport.playoff and prematch final=True), as the league's settings say.
    stage = models.CharField(_("stage"), max_length=20, choices=Stage.choices, blank=True, default="")
    # A league match of a season whose play-offs have started is closed to play (no pre-match,
    # result or import) unless the commissioner reopens it: when (docs/decisions/seasons.md,
    # "Regular fixtures once the play-offs start"). The audit log says who.
    reopened_at = models.DateTimeField(_("reopened during the play-offs"), null=True, blank=True)
    # The match's place in time, set when it is confirmed (matches.services.sequence): the day
    # played, confirmation time, id, as one string of digits (play order; the round is a label). The post-match sequence
    # runs a team's matches in this order, and editing a processed match will replay in it.
    sequence = models.CharField(max_length=64, blank=True, db_index=True, editable=False)

    # Pre-match: roster TVs are frozen here (spiralling expenses use them, spec A1).
    weather = models.CharField(_("weather"), max_length=40, blank=True)
    # What the pre-match steps recorded, by step name (matches.prematch_steps): a table-roll step's
    # result key ({"weather": "nice"}), another step's value; handed to the post-match sequence
    # (MatchReport.prematch). The weather is kept in its own column too, which matches recorded
    # before this store have alone.
    prematch_values = models.JSONField(_("pre-match step values"), default=dict, blank=True)
    home_tv = models.BigIntegerField(_("home team value"), null=True, blank=True)
    away_tv = models.BigIntegerField(_("away team value"), null=True, blank=True)
    home_petty_cash = models.BigIntegerField(_("home petty cash"), default=0)
    away_petty_cash = models.BigIntegerField(_("away petty cash"), default=0)
    # Each side declares its petty cash in the ruleset's order before the pre-match is recorded
    # (league.rules.prematch.petty_cash_turn); the amount is kept in <side>_petty_cash.
    home_petty_cash_declared = models.BooleanField(_("home petty cash declared"), default=False)
    away_petty_cash_declared = models.BooleanField(_("away petty cash declared"), default=False)
    # Each side chooses its own inducements, in the ruleset's order (the stronger side first,
    # league.rules.prematch.inducement_turn), before the pre-match is recorded: the order as
    # matches.services.inducements.order_to_json writes it; null until that side has chosen.
    home_inducements = models.JSONField(_("home inducements chosen"), null=True, blank=True)
    away_inducements = models.JSONField(_("away inducements chosen"), null=True, blank=True)

    # The result.
    home_score = models.PositiveSmallIntegerField(_("home score"), null=True, blank=True)
    away_score = models.PositiveSmallIntegerField(_("away score"), null=True, blank=True)
    home_fame = models.PositiveSmallIntegerField(_("home FAME"), null=True, blank=True)
    away_fame = models.PositiveSmallIntegerField(_("away FAME"), null=True, blank=True)
    gate = models.PositiveIntegerField(_("gate"), null=True, blank=True)
    # Touchdowns no roster player is credited with (a star player's or mercenary's, or awarded
    # with no scorer): declared, so that a score the player lines do not explain is refused.
    home_uncredited_touchdowns = models.PositiveSmallIntegerField(_("home touchdowns with no roster scorer"), default=0)
    away_uncredited_touchdowns = models.PositiveSmallIntegerField(_("away touchdowns with no roster scorer"), default=0)
    # Apothecaries used on a KO'd player: each is that apothecary's one use of the match, so it can
    # no longer re-roll a casualty (spec A31).
    home_apothecary_ko = models.PositiveSmallIntegerField(_("home apothecaries used on a KO'd player"), default=0)
    away_apothecary_ko = models.PositiveSmallIntegerField(_("away apothecaries used on a KO'd player"), default=0)
    conceded_by = models.CharField(_("conceded by"), max_length=4, choices=SIDES, blank=True)
    concession_justified = models.BooleanField(_("justified concession"), default=False)
    # A play-off match has a winner (the rulebook: sudden-death overtime, then a shoot-out): when its score
    # is tied, the side that won the shoot-out. Blank for every other result.
    shootout_winner = models.CharField(_("shoot-out winner"), max_length=4, choices=SIDES, blank=True)
    # Where the ruleset allows no draw (league.rules.postmatch.results), a level league match goes
    # to sudden-death overtime too: whether the match went to overtime, and the shoot-out's D6
    # pairs [home, away] in order when they were entered (every pair but the last level).
    overtime = models.BooleanField(_("overtime played"), default=False)
    shootout_dice = models.JSONField(_("shoot-out dice"), default=list, blank=True)
    # What the match sheet records beyond the result, as the ruleset declares ([match_records] in
    # its data, league.rules.match_records): a list of entries {"record": key, "side", "player",
    # "dice", "count", "note"}. Records only: the post-match sequence does not read them.
    records = models.JSONField(_("match records"), default=list, blank=True)
    # Special play cards played, each one its side bought (MatchCard): {"side", "card", "players":
    # [ids]}, read by the post-match sequence (matches.services.card_plays, league.rules.postmatch).
    cards_played = models.JSONField(_("special play cards played"), default=list, blank=True)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    submitted_at = models.DateTimeField(null=True, blank=True)
    # The last time a submitted result was sent back to draft, and why (cleared when submitted
    # again or withdrawn); the whole history is in the audit log.
    sent_back_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    sent_back_at = models.DateTimeField(null=True, blank=True)
    sent_back_reason = models.TextField(_("reason for sending the result back"), blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # The league's settings in force when the result was confirmed (league.core.selectors.settings_snapshot):
    # the post-match sequence and every later page read them, so a later change never alters this match.
    settings_snapshot = models.JSONField(null=True, blank=True, editable=False)
    # An imported report's own identifier: importing the same report twice finds this match. History:
    # a past match brought over from another manager (OBBLM), its effects already in the teams' state.
    import_key = models.CharField(max_length=120, null=True, blank=True, unique=True)
    history = models.BooleanField(_("imported history"), default=False, editable=False)
    # What the saved result says happened (matches/fingerprint.py), kept with every save: a report imported
    # again under another id is recognised by it. Not unique: two matches may be alike ("distinct_match").
    content_fingerprint = models.CharField(max_length=64, blank=True, db_index=True, editable=False)

    # The post-match sequence: its frozen input (see matches/services/snapshot.py) and a lease, so a worker killed mid-run lets another resume later.
    postgame_input = models.JSONField(null=True, blank=True)
    lease_until = models.DateTimeField(null=True, blank=True)
    queued_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    failure_reason = models.TextField(blank=True)
    processed_at = models.DateTimeField(null=True, blank=True)
    # How many times a replay has run the sequence again (matches.services.replay): the ledger keys
    # of a run are scoped by it, so that a replay's entries never collide with the ones it reversed.
    generation = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(condition=~models.Q(home=models.F("away")), name="match_two_different_teams"),
        ]
        indexes = [
            # The league's latest results (league home): newest confirmation first, read from the index.
            models.Index(fields=["league", "confirmed_at"], name="match_league_confirmed"),
            # The sweep looks for confirmed matches nobody has queued and runs whose lease ran out.
            models.Index(
                fields=["status", "lease_until"],
                name="match_pending_postgame",
                condition=models.Q(status__in=["confirmed", "processing"]),
            ),
        ]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return f"{self.home} v {self.away}"

    def get_absolute_url(self) -> str:
        return reverse("matches:detail", kwargs={"pk": self.pk})

    @property
    def is_final_stage(self) -> bool:
        """A semi-final or a final (the rulebook): the rules the league sets for them apply."""
        return self.stage in (self.Stage.SEMI_FINAL, self.Stage.FINAL)

    def team(self, side: str) -> Team:
        return self.home if side == "home" else self.away

    def side_of(self, team_id: int) -> str:
        return "home" if team_id == self.home_id else "away"


class DiceRoll(models.Model):
    """Every die of a match, keyed by what it decided (e.g. "winnings:home", "ff:away")."""

    class Source(models.TextChoices):
        ENTERED = "entered", _("Entered")
        SERVER = "server", _("Rolled by the server")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="dice")
    purpose = models.CharField(max_length=80)
    values = models.JSONField()  # list of ints, in the order rolled
    source = models.CharField(max_length=10, choices=Source.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "purpose"], name="dice_unique_purpose")]
        ordering = ["match", "pk"]


class Decision(models.Model):
    """A coach's choice that changes an outcome (winner's re-roll, improvement, MVP, journeyman)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="decisions")
    key = models.CharField(max_length=80)
    value = models.JSONField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "key"], name="decision_unique_key")]
        ordering = ["match", "pk"]


class PendingDecision(models.Model):
    """A coach's decision after a match of a kind without a table of its own (matches.decisions):
    offered when the match is processed, kept until its team's manager chooses. The improvement
    choice keeps its rolls (teams.ImprovementRoll); every other kind is stored here."""

    # Not a column: the to-do sets it for its template (matches.selectors.decisions).
    kind_name: str

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="pending_decisions")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="pending_decisions")
    kind = models.CharField(max_length=40)  # a registered decision kind (league.rules.decisions)
    key = models.CharField(max_length=80)  # natural key in the match: "<kind>:<side>:<n>"
    choice = models.CharField(max_length=80, blank=True)  # "" while the coach has not chosen
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "key"], name="pending_decision_unique_key")]
        ordering = ["match", "pk"]

    @property
    def pending(self) -> bool:
        return not self.choice


class MatchPlayer(models.Model):
    """One player's line in the match report (only block casualties earn SPP: spec §5.1)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="lines")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="match_lines")
    side = models.CharField(max_length=4, choices=SIDES)
    eligible = models.BooleanField(_("could play"), default=True)  # not missing the game at kick-off
    completions = models.PositiveSmallIntegerField(_("completions"), default=0)
    touchdowns = models.PositiveSmallIntegerField(_("touchdowns"), default=0)
    interceptions = models.PositiveSmallIntegerField(_("interceptions"), default=0)
    casualties = models.PositiveSmallIntegerField(_("casualties (blocks)"), default=0)
    # The ruleset's other SPP actions (spp_actions.csv beyond the four above), key -> count: keys
    # are the ruleset's, checked by the services against the match's ruleset.
    actions = models.JSONField(_("other actions"), default=dict, blank=True)
    # He played this match as a journeyman, with the ruleset's journeyman skills (Loner): kept on the
    # line because a journeyman hired for good afterwards loses them.
    journeyman = models.BooleanField(_("journeyman"), default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "player"], name="match_player_unique")]
        ordering = ["match", "side", "player__number"]


class MatchCasualty(models.Model):
    """A casualty suffered, with every die: the D68 (two with Decay), apothecary and regeneration."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="casualties")
    victim = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="casualties_suffered")
    d6 = models.PositiveSmallIntegerField()
    d8 = models.PositiveSmallIntegerField()
    second_d6 = models.PositiveSmallIntegerField(null=True, blank=True)  # Decay rolls twice
    second_d8 = models.PositiveSmallIntegerField(null=True, blank=True)
    apothecary_used = models.BooleanField(default=False)
    apothecary_d6 = models.PositiveSmallIntegerField(null=True, blank=True)
    apothecary_d8 = models.PositiveSmallIntegerField(null=True, blank=True)
    apothecary_kept_reroll = models.BooleanField(default=False)
    # The re-roll was the apothecary's treatment after the match, where the ruleset allows one.
    apothecary_after_match = models.BooleanField(default=False)
    regeneration_roll = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "victim"], name="casualty_unique_victim")]
        ordering = ["match", "pk"]


class MatchInducement(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="inducements")
    side = models.CharField(max_length=4, choices=SIDES)
    key = models.CharField(max_length=40)  # inducement key of the ruleset
    star = models.CharField(max_length=40, blank=True)
    position = models.CharField(max_length=40, blank=True)  # a mercenary's position
    extra_skill = models.CharField(max_length=40, blank=True)
    cost = models.BigIntegerField()
    # A star player both sides induced: each paid, he plays for neither (league.rules.prematch.induce).
    plays_for_neither = models.BooleanField(default=False)
    # An induced player's skills while he played this match, ";"-joined skill keys as recorded at the
    # pre-match: a mercenary's or an induced journeyman's position skills, extra skills and Loner.
    skills = models.CharField(max_length=400, blank=True)

    class Meta:
        ordering = ["match", "side", "pk"]


class MatchStep(models.Model):
    """Progress of the post-match sequence, one row per step in the ruleset's order."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="steps")
    order = models.PositiveSmallIntegerField()
    step = models.CharField(max_length=40)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "step"], name="match_step_unique")]
        ordering = ["match", "order"]


class MatchEffect(models.Model):
    """One applied effect of the post-match sequence; its key is unique in the match."""

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="effects")
    step = models.CharField(max_length=40)
    key = models.CharField(max_length=120)
    kind = models.CharField(max_length=40)
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="match_effects")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="match_effects")
    amount = models.BigIntegerField(default=0)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "key"], name="match_effect_unique_key")]
        ordering = ["match", "pk"]


from matches.card_models import MatchCard  # noqa: E402, F401  (the model lives there; Django finds it here)
from matches.correction_models import MatchCorrection as MatchCorrection  # noqa: E402  (as above)
from matches.dice_wait_models import DiceAsked  # noqa: E402, F401  (as above)
from matches.held_models import HeldLine  # noqa: E402, F401  (as above)
