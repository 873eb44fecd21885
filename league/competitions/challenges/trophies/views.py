"""The league's trophies page: the roll of honour (every trophy and its holders by
edition) and, for the commissioner, a minor tournament's definition, the trophy a season's final
awards and a trophy awarded by hand. Services write (league/competitions/challenges/trophies/services.py); a refusal shows
its reasons with status 400 and changes nothing; a permission failure is a 403.
"""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.humanize.templatetags.humanize import intcomma
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.competitions.challenges.trophies import selectors as sel
from league.competitions.challenges.trophies import services as services_trophies
from league.competitions.challenges.trophies.forms import AwardForm, MinorTournamentForm, SeasonTrophyForm
from league.competitions.challenges.trophies.models import Trophy
from league.competitions.challenges.trophies.selectors import (
    roll_of_honour,
    ruleset_trophies,
    trophy_choices,
    trophy_name,
)
from league.core.models import League
from league.core.permissions import is_commissioner, signed_in
from league.core.selectors import league_or_404
from league.rules import TrophyData, load_ruleset


def _forms(league: League, lang: str, data: QueryDict | None = None, action: str | None = None) -> dict:
    seasons = sel.seasons_without_winner(league)
    trophies = trophy_choices(league, lang)
    teams = sel.league_teams_made(league)
    choose, award = data if action == "choose" else None, data if action == "award" else None
    return {
        "define_form": MinorTournamentForm(data if action == "define" else None, prefix="define"),
        "choose_form": SeasonTrophyForm(choose, prefix="choose", seasons=seasons, trophies=trophies),
        "award_form": AwardForm(award, prefix="award", trophies=trophies, teams=teams),
    }


@require_http_methods(["GET", "POST"])
def league_trophies(request: HttpRequest, slug: str) -> HttpResponse:
    league = league_or_404(slug)
    commissioner = is_commissioner(request.user, league)
    action = request.POST.get("action") if request.method == "POST" else None
    lang = get_language() or "en"
    status = 200
    forms = {}
    if request.method == "POST":
        if not commissioner:
            raise PermissionDenied(_("Only a commissioner of the league may manage its trophies."))
        forms = _forms(league, lang, request.POST, action)
        form = forms.get(f"{action}_form")
        if form is None:
            messages.error(request, _("Unknown action."))
        elif form.is_valid():
            try:
                with transaction.atomic():  # a refusal leaves no trophy row behind either
                    _act(request, league, action, form.cleaned_data)
            except ValidationError as refusal:
                form.add_error(None, refusal)
            else:
                return redirect(reverse("league:trophies", args=[league.slug]))
        status = 400
    elif commissioner:
        forms = _forms(league, lang)
    ruleset = load_ruleset(league.ruleset)
    names = {key: item.name(lang) for key, item in ruleset.inducements.items()}
    rows = [(row, benefit_lines(row.data, row.trophy, lang, names)) for row in roll_of_honour(league, lang)]
    for row, _lines in rows:
        for award in row.awards:
            gifts = award.gifts.get("gifts", []) if isinstance(award.gifts, dict) else []
            award.gift_lines = [
                f"{g['name']} ({ruleset.skills[g['skill']].name(lang) if g['skill'] in ruleset.skills else g['skill']})"
                for g in gifts
            ]
            poty = award.gifts.get("player_of_the_year") if isinstance(award.gifts, dict) else None
            award.player_of_the_year = poty and f"{poty['name']} ({poty['team']}, {poty['spp']} SPP)"
    context = {
        "league": league,
        "is_commissioner": commissioner,
        "rows": rows,
        "unlisted": [
            (t.name(lang), benefit_lines(t, Trophy(league=league, key=t.key), lang, names)) for t in _unlisted(league)
        ],
        "chosen": [
            (item.season.name, trophy_name(item.trophy, lang, ruleset_trophies(league)))
            for item in sel.season_trophies(league)
        ],
        "prize_cap": services_trophies.minor_prize_cap(league),
        **forms,
    }
    return render(request, "league/trophies.html", context, status=status)


def benefit_lines(data: TrophyData | None, trophy: Trophy, lang: str, inducement_names: dict[str, str]) -> list[str]:
    """The holder's benefits in words, from the ruleset's data (never from code)."""
    if data is None:
        lines = []
        if trophy.prize_winner or trophy.prize_runner_up:
            lines.append(
                _("Prize: %(winner)s to the winner, %(runner_up)s to the runner-up")
                % {"winner": intcomma(trophy.prize_winner), "runner_up": intcomma(trophy.prize_runner_up)}
            )
        return lines
    lines = []
    if data.extra_rerolls:
        lines.append(_("+%(n)s team re-roll while held, counted in team value") % {"n": data.extra_rerolls})
    if data.gate_roll_bonus:
        lines.append(_("+%(n)s on the gate roll") % {"n": data.gate_roll_bonus})
    if data.fan_factor_bonus:
        lines.append(_("+%(n)s fan factor while held") % {"n": data.fan_factor_bonus})
    if data.winnings_bonus_per_match:
        lines.append(_("+%(gold)s winnings every match") % {"gold": intcomma(data.winnings_bonus_per_match)})
    if data.finalists_extra_mvp:
        lines.append(_("An extra MVP award for every player of both finalists"))
    for key, price in data.inducement_prices.items():
        lines.append(_("%(item)s for %(gold)s") % {"item": inducement_names.get(key, key), "gold": intcomma(price)})
    if data.gift_players_die:
        lines.append(_("D%(n)s players each gain a gift skill, kept for good") % {"n": data.gift_players_die})
    return lines


def _unlisted(league: League) -> list[TrophyData]:
    """The ruleset's trophies the league has no row for yet (never chosen nor awarded)."""
    have = sel.trophy_keys(league)
    return [t for key, t in ruleset_trophies(league).items() if key not in have]


def _act(request: HttpRequest, league: League, action: str | None, data: dict) -> None:
    if action == "define":
        trophy = services_trophies.minor_define(league=league, by=signed_in(request.user), **data)
        messages.success(request, _("Tournament %(name)s defined.") % {"name": trophy.name})
    elif action == "choose":
        season = data["season"]
        season.league = league
        services_trophies.season_trophy_choose(
            season=season,
            trophy=services_trophies.trophy_from_choice(league, data["trophy"]),
            by=signed_in(request.user),
            player_of_the_year=data["player_of_the_year"],
        )
        messages.success(request, _("The trophy of %(season)s's final is saved.") % {"season": season.name})
    else:
        award = services_trophies.trophy_award(
            # A valid choice names one of this league's trophies (trophy_choices).
            trophy=cast(Trophy, services_trophies.trophy_from_choice(league, data["trophy"])),
            team=data["team"],
            runner_up=data["runner_up"],
            by=signed_in(request.user),
            player_of_the_year=data["player_of_the_year"],
        )
        messages.success(request, _("%(team)s holds the trophy.") % {"team": award.team.name})
