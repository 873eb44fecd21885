"""Applying one planned post-match effect to the database (called inside the step's transaction).

Each effect writes its MatchEffect row first: the unique (match, key) constraint makes a second
application impossible even if two runs ever raced past the claim.
"""

from __future__ import annotations

from django.db.models import F
from django.utils.translation import gettext as _

from league.rules.postmatch import Effect
from matches.models import Decision, Match, MatchEffect
from matches.services.snapshot import ref_player_id
from teams.models import Advancement, ImprovementRoll, Injury, Player, Team, TreasuryEntry
from teams.services import team_refresh_value, treasury_post

MONEY_KINDS = {
    "winnings": TreasuryEntry.Kind.WINNINGS,
    "winnings_transfer": TreasuryEntry.Kind.WINNINGS,
    "petty_cash_return": TreasuryEntry.Kind.PETTY_CASH,
    "spiralling_expenses": TreasuryEntry.Kind.SPIRALLING_EXPENSES,
}
MONEY_MEMOS = {
    "winnings": _("Winnings"), "winnings_transfer": _("Winnings of the conceding team"),
    "petty_cash_return": _("Unspent petty cash"), "spiralling_expenses": _("Spiralling expenses"),
}


def _options_json(effect: Effect) -> dict:
    o = effect.options
    if o is None:
        return {}
    return {
        "total": o.total, "double": o.is_double, "normal": sorted(o.normal_categories),
        "double_categories": sorted(o.double_categories), "stats": list(o.stat_choices),
        "excluded": sorted(o.excluded_skills),
    }


def apply_effect(match: Match, effect: Effect) -> None:
    team = match.home if effect.side == "home" else match.away
    player_id = ref_player_id(effect.player_ref) if effect.player_ref else None
    MatchEffect.objects.create(
        match=match, step=effect.step, key=effect.key, kind=effect.kind, team=team, player_id=player_id,
        amount=effect.amount,
        data={k: v for k, v in {
            "spp": effect.spp, "count": effect.count, "total": effect.total, "delta": effect.delta,
            "dice": list(effect.dice), "casualty": effect.casualty, "stat": effect.stat, "skill": effect.skill,
            "value_key": effect.value_key, "pending": effect.pending, "reason": effect.reason,
            "treasury": effect.treasury,
        }.items() if v not in (None, 0, "", [], False)},
    )
    kind = effect.kind
    players = Player.objects.filter(pk=player_id) if player_id else Player.objects.none()
    if effect.spp and player_id:
        players.update(spp=F("spp") + effect.spp)
    if kind == "improvement" and player_id:
        index = int(effect.key.rsplit(":", 1)[1])
        roll = ImprovementRoll.objects.create(player_id=player_id, match=match, index=index, d6a=effect.dice[0],
                                              d6b=effect.dice[1], options=_options_json(effect))
        if not effect.pending and effect.value_key:
            adv = Advancement.objects.create(player_id=player_id, kind=effect.value_key, skill=effect.skill or "",
                                             match=match)
            ImprovementRoll.objects.filter(pk=roll.pk).update(advancement=adv, choice=effect.value_key,
                                                              skill=effect.skill or "")
    elif kind == "dead":
        players.update(status=Player.Status.DEAD, miss_next_game=False)
    elif kind in ("niggling_injury", "stat_injury", "injury_ignored"):
        Injury.objects.create(player_id=player_id, casualty=effect.casualty or "", stat=effect.stat or "",
                              applied=kind != "injury_ignored", match=match)
        if kind == "niggling_injury":
            players.update(niggling_injuries=F("niggling_injuries") + 1)
    elif kind == "miss_next_game":
        players.update(miss_next_game=True)
    elif kind == "miss_next_game_cleared":
        players.update(miss_next_game=False)
    elif kind == "departure":
        players.update(status=Player.Status.RETIRED)
    elif kind in MONEY_KINDS and effect.amount:
        treasury_post(team=team, kind=MONEY_KINDS[kind], amount=effect.amount,
                      key=f"match:{match.pk}:{effect.key}", memo=str(MONEY_MEMOS[kind]), match=match)
    elif kind == "fan_factor" and effect.delta:
        Team.objects.filter(pk=team.pk).update(fan_factor=F("fan_factor") + effect.delta)
    elif kind == "journeyman_hire_or_release" and player_id:
        choice = Decision.objects.filter(match=match, key=effect.key).values_list("value", flat=True).first()
        team.refresh_from_db(fields=["treasury"])
        if choice == "hire" and effect.total is not None and team.treasury >= effect.total:
            # Hired for good at rookie cost: he loses Loner and keeps his SPP (p.29).
            treasury_post(team=team, kind=TreasuryEntry.Kind.PLAYER_HIRED, amount=-effect.total,
                          key=f"match:{match.pk}:{effect.key}", memo=_("Journeyman hired"), match=match)
            players.update(journeyman=False)
        else:
            players.update(status=Player.Status.FIRED)
    elif kind == "journeymen_needed":
        from matches.services.prematch import add_journeymen
        from matches.services.common import match_ruleset

        team.refresh_from_db()
        add_journeymen(match=match, team=team, ruleset=match_ruleset(match))
    elif kind == "team_value":
        team.refresh_from_db()
        team_refresh_value(team=team)
