"""Trophies (the rulebook): the league's trophies, the commissioner's minor
tournaments, the trophy a season's final awards, and awarding one.

The holder's benefits are ruleset data (trophies.csv) read wherever they apply: the team value
(teams/selectors.compute_team_value), the post-match winnings and the final's MVPs
(matches/services/snapshot.build_report). Awarding a trophy moves it: both holders' kept team
values are refreshed in the same transaction and the award is audited with them.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.contrib.humanize.templatetags.humanize import intcomma
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.competitions.challenges.trophies.models import SeasonTrophy, Trophy, TrophyAward
from league.competitions.challenges.trophies.selectors import ruleset_trophies
from league.competitions.seasons.models import Season
from league.competitions.seasons.services import require_commissioner
from league.core.audit import log_action
from league.core.models import League
from league.infra.inputs import posted_id
from league.rules import Dice, GiftCandidate, SeededDice, draw_gifts, load_ruleset, player_of_the_year
from league.rules.postmatch.finance import minor_tournament_prize_cap
from teams.models import Team, TreasuryEntry


def minor_prize_cap(league: League) -> int:
    """The most a minor tournament of this league may pay (the rules engine's reading, A14)."""
    return minor_tournament_prize_cap(load_ruleset(league.ruleset))


def ensure_trophies(league: League) -> dict[str, Trophy]:
    """The league's rows of its ruleset's trophies, created when first needed; by key."""
    data = ruleset_trophies(league)
    have = {t.key: t for t in Trophy.objects.filter(league=league).exclude(key="")}
    for key, trophy in data.items():
        if key not in have:
            have[key], _created = Trophy.objects.get_or_create(league=league, key=key, defaults={"kind": trophy.kind})
    return have


def trophy_from_choice(league: League, value: str) -> Trophy | None:
    """The trophy a form's choice names (a ruleset key, or "t<pk>"); its row is created if needed."""
    if not value:
        return None
    if value.startswith("t") and (pk := posted_id(value[1:])) is not None:
        trophy = Trophy.objects.filter(league=league, pk=pk).first()
    else:
        trophy = ensure_trophies(league).get(value)
    if trophy is None:
        raise ValidationError(_("Unknown trophy."))
    return trophy


def minor_define(*, league: League, name: str, prize_winner: int, prize_runner_up: int, by: User) -> Trophy:
    """A commissioner's minor tournament: a name and modest prize money, no trophy re-roll."""
    require_commissioner(by, league)
    name = (name or "").strip()
    problems = []
    if not name:
        problems.append(_("The tournament needs a name."))
    elif Trophy.objects.filter(league=league, name__iexact=name).exists():
        problems.append(_("A trophy called “%(name)s” already exists.") % {"name": name})
    cap = minor_prize_cap(league)
    granularity = load_ruleset(league.ruleset).params.gp_granularity
    for amount in (prize_winner, prize_runner_up):
        if amount < 0 or amount > cap:
            problems.append(_("A prize must be between 0 and %(cap)s gold pieces.") % {"cap": intcomma(cap)})
            break
        if amount % granularity:
            problems.append(_("A prize must be a multiple of %(step)s gold pieces.") % {"step": intcomma(granularity)})
            break
    if problems:
        raise ValidationError(problems)
    trophy = Trophy.objects.create(
        league=league,
        name=name,
        kind=Trophy.Kind.MINOR,
        prize_winner=prize_winner,
        prize_runner_up=prize_runner_up,
    )
    log_action(
        action="league.trophy.defined",
        actor=by,
        league=league,
        trophy=name,
        prize_winner=prize_winner,
        prize_runner_up=prize_runner_up,
    )
    return trophy


def season_trophy_choose(*, season: Season, trophy: Trophy | None, by: User, player_of_the_year: bool = False) -> None:
    """The trophy this season's play-off final awards (None: none). Fixed once the season is won."""
    require_commissioner(by, season.league)
    if season.winner_id is not None:
        raise ValidationError(_("This season is already won: its trophy cannot change."))
    if trophy is not None and trophy.league_id != season.league_id:
        raise ValidationError(_("This trophy belongs to another league."))
    with transaction.atomic():
        if trophy is None:
            SeasonTrophy.objects.filter(season=season).delete()
        else:
            SeasonTrophy.objects.update_or_create(
                season=season, defaults={"trophy": trophy, "player_of_the_year": player_of_the_year}
            )
        log_action(
            action="league.trophy.season_chosen",
            actor=by,
            league=season.league,
            season=season.number,
            trophy=str(trophy) if trophy else None,
            player_of_the_year=player_of_the_year,
        )


def trophy_award(
    *,
    trophy: Trophy,
    team: Team,
    by: User | None,
    season: Season | None = None,
    runner_up: Team | None = None,
    dice: Dice | None = None,
    player_of_the_year: bool = False,
) -> TrophyAward:
    """The trophy's next edition goes to `team`: it becomes the holder and the previous holder loses
    the benefits (both team values refreshed); a minor tournament pays its prizes. `by` None: the
    system (a play-off final decided); otherwise a commissioner."""
    from teams.services.common import lock_team, team_refresh_value

    league = trophy.league
    if by is not None:
        require_commissioner(by, league)
    if team.league_id != league.pk or (runner_up is not None and runner_up.league_id != league.pk):
        raise ValidationError(_("The winner and the runner-up must be teams of this league."))
    if runner_up is not None and runner_up.pk == team.pk:
        raise ValidationError(_("The runner-up cannot be the winner."))
    if team.status == Team.Status.DRAFT or (runner_up is not None and runner_up.status == Team.Status.DRAFT):
        raise ValidationError(_("A team still in draft cannot win a trophy."))
    with transaction.atomic():
        Trophy.objects.select_for_update().get(pk=trophy.pk)  # one award at a time per trophy
        previous = TrophyAward.objects.filter(trophy=trophy, current=True).select_related("team").first()
        edition = (TrophyAward.objects.filter(trophy=trophy).aggregate(n=Max("edition"))["n"] or 0) + 1
        TrophyAward.objects.filter(trophy=trophy, current=True).update(current=False)
        award = TrophyAward.objects.create(
            trophy=trophy,
            edition=edition,
            team=team,
            runner_up=runner_up,
            season=season,
            current=True,
            awarded_by=by if by is not None and by.is_authenticated else None,
        )
        _gifts(award, dice)
        if player_of_the_year:
            _player_of_the_year(award, dice)
        values = {}
        teams = {team.pk: team} | ({previous.team_id: previous.team} if previous else {})
        for pk in sorted(teams):  # a fixed lock order
            locked = lock_team(teams[pk])
            before = locked.team_value
            values[teams[pk].name] = (before, team_refresh_value(team=locked))
        for prize, who, role in (
            (trophy.prize_winner, team, "winner"),
            (trophy.prize_runner_up, runner_up, "runner_up"),
        ):
            if prize and who is not None:
                _pay_prize(who, prize, f"trophy:{award.pk}:{role}")
        log_action(
            action="league.trophy.awarded",
            actor=by,
            league=league,
            trophy=str(trophy),
            edition=edition,
            winner=team.name,
            runner_up=runner_up.name if runner_up else None,
            previous_holder=previous.team.name if previous else None,
            season=season.number if season else None,
            team_values={name: {"before": b, "after": a} for name, (b, a) in values.items()},
            gifts=award.gifts,
        )
    return award


def _gifts(award: TrophyAward, dice: Dice | None) -> None:
    """The trophy's gifts to the winner's players (Chaos Cup), drawn with server dice that are kept
    on the award; the skills are advancements, so they stay when the trophy is lost."""
    from teams.models import Advancement, Player

    ruleset = load_ruleset(award.trophy.league.ruleset)
    data = ruleset.trophies.get(award.trophy.key)
    if data is None or not data.gift_players_die:
        return
    team_list = ruleset.team(award.team.race)
    # Journeymen are not the team's players for good: they get no gift
    # (docs/decisions/seasons.md, "Chaos Cup gifts").
    players = list(
        Player.objects.filter(team=award.team, status=Player.Status.ACTIVE, journeyman=False)
        .prefetch_related("advancements")
        .order_by("number")
    )
    candidates = []
    for player in players:
        position = (
            ruleset.team(player.roster).position(player.position)
            if player.roster
            else team_list.position(player.position)
        )
        gained = {a.skill for a in player.advancements.all() if a.skill}
        candidates.append(
            GiftCandidate(f"p{player.pk}", position.normal_categories, frozenset(position.skills) | gained)
        )
    categories = {key: skill.category for key, skill in ruleset.skills.items()}
    draw = draw_gifts(data, categories, candidates, dice or SeededDice())
    by_ref = {f"p{p.pk}": p for p in players}
    Advancement.objects.bulk_create(
        Advancement(player=by_ref[g.ref], kind=g.value_key, skill=g.skill) for g in draw.gifts
    )
    award.gifts = {
        "players_die": draw.players_die,
        "gifts": [
            {
                "player": by_ref[g.ref].pk,
                "name": by_ref[g.ref].name,
                "skill": g.skill,
                "kind": g.value_key,
                "dice": list(g.dice),
            }
            for g in draw.gifts
        ],
    }
    award.save(update_fields=["gifts"])


def _player_of_the_year(award: TrophyAward, dice: Dice | None) -> None:
    """The optional Player of the Year (Spike!): the league's living roster player with the most SPP
    gains the trophy's skill, even if his team did not play the final (A12: a tie is drawn)."""
    from teams.models import Advancement, Player

    ruleset = load_ruleset(award.trophy.league.ruleset)
    data = ruleset.trophies.get(award.trophy.key)
    if data is None or not data.player_of_the_year_skill:
        return
    top = (
        Player.objects.filter(
            team__league=award.trophy.league,
            team__status=Team.Status.READY,
            status=Player.Status.ACTIVE,
            journeyman=False,
        )
        .select_related("team")
        .prefetch_related("advancements")
        .order_by("-spp", "pk")
    )
    best = top.values_list("spp", flat=True).first()
    if best is None:
        return
    players = list(top.filter(spp=best))
    candidates = []
    for player in players:
        position = ruleset.team(player.roster or player.team.race).position(player.position)
        gained = {a.skill for a in player.advancements.all() if a.skill}
        candidates.append(
            (
                GiftCandidate(f"p{player.pk}", position.normal_categories, frozenset(position.skills) | gained),
                player.spp,
            )
        )
    categories = {key: skill.category for key, skill in ruleset.skills.items()}
    chosen = player_of_the_year(data, categories, candidates, dice or SeededDice())
    player = next(p for p in players if f"p{p.pk}" == chosen.ref)
    if chosen.skill:
        Advancement.objects.create(player=player, kind=chosen.value_key, skill=chosen.skill)
        if player.team_id not in (award.team_id,):
            from teams.services.common import lock_team, team_refresh_value

            team_refresh_value(team=lock_team(player.team))
    gifts = award.gifts if isinstance(award.gifts, dict) else {}
    gifts["player_of_the_year"] = {
        "player": player.pk,
        "name": player.name,
        "team": player.team.name,
        "spp": player.spp,
        "skill": chosen.skill,
        "kind": chosen.value_key,
        "die": chosen.die,
    }
    award.gifts = gifts
    award.save(update_fields=["gifts"])


def _pay_prize(team: Team, amount: int, key: str) -> None:
    from teams.services.ledger import treasury_post

    # The memo is a msgid: the ledger translates it when shown.
    treasury_post(
        team=team, kind=TreasuryEntry.Kind.WINNINGS, amount=amount, key=key, memo=gettext_noop("Tournament prize")
    )


def award_season_final(season: Season, champion_id: int, runner_up_id: int | None) -> TrophyAward | None:
    """Called when a season's play-off final is decided: its chosen trophy goes to the champion
    (once: a second call for the same season awards nothing)."""
    chosen = SeasonTrophy.objects.filter(season=season).select_related("trophy__league").first()
    if chosen is None or TrophyAward.objects.filter(trophy=chosen.trophy, season=season).exists():
        return None
    team = Team.objects.get(pk=champion_id)
    runner_up = Team.objects.filter(pk=runner_up_id).first() if runner_up_id else None
    return trophy_award(
        trophy=chosen.trophy,
        team=team,
        by=None,
        season=season,
        runner_up=runner_up,
        player_of_the_year=chosen.player_of_the_year,
    )
