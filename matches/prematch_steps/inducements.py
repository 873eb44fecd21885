"""Inducements (league.rules.prematch: induce.py, sequence.py): each side chooses its own, in turn (the stronger side
first: matches.services.inducements.inducements_choose, on its own section of the page, with a live
budget); the pre-match checks every order against the budgets the team values give and records it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from league.rules import (
    InducementOrder,
    Ruleset,
    TeamList,
    check_inducements,
    inducement_budgets,
    inducement_price,
    mercenary_price,
    star_price,
)
from league.rules.catalogue.player_skills import induced_skills
from league.rules.parameter_groups import CardParameters
from league.rules.postmatch.finance import Side
from league.rules.prematch.cards import with_inducement_cards
from league.rules.prematch.induce import stars_for_neither
from matches.models import MatchInducement
from matches.prematch_steps import cards
from matches.services.card_gold import cards_paid, cards_replace_inducements
from matches.services.common import violation_messages
from matches.services.inducement_orders import order_from_json, order_to_json
from matches.services.prematch import has_step, may_declare, position_counts, squad_size, treasury_gold
from matches.services.prematch_steps import PrematchContext, PrematchStep, register
from teams.hooks import team_benefits
from teams.models import Player, Team
from teams.services import treasury_post

SIDES: tuple[Side, Side] = ("home", "away")


def _journeyman_skills(ruleset: Ruleset, team_list: TeamList, key: str) -> str:
    """An induced journeyman's skills for the match (";"-joined), "" for any other inducement: he
    comes from the position the inducement's price is read from (league.rules inducement_price)."""
    if ruleset.inducements[key].pricing != "journeyman":
        return ""
    position = next(p for p in team_list.positions if p.journeyman_eligible)
    return ";".join(induced_skills(ruleset, position, mercenary=False))


def _orders(ctx: PrematchContext, budgets: Any) -> dict[str, InducementOrder]:
    """Each side's inducements: as it chose them on the match (the pages), or as given (an import),
    which may not contradict a choice already made."""
    match, data = ctx.match, ctx.data
    kept = {side: getattr(match, f"{side}_inducements") for side in SIDES}
    if data.inducements_chosen:
        for side in SIDES:
            if kept[side] is None and budgets.budget(side) > 0:
                ctx.problems.append(_("%(team)s has not chosen its inducements yet.") % {"team": match.team(side).name})
        return {side: order_from_json(kept[side]) for side in SIDES}
    given = {"home": data.home_inducements, "away": data.away_inducements}
    for side in SIDES:
        if kept[side] is not None and order_to_json(given[side]) != kept[side]:
            ctx.problems.append(
                _("%(team)s chose its inducements before: the pre-match records that choice.")
                % {"team": match.team(side).name}
            )
    return given


def order_lines(
    ruleset: Ruleset, team: Team, order: InducementOrder, lang: str, neither: frozenset[str] = frozenset()
) -> list[str]:
    """What a side bought, one line per purchase, in the reader's language (`neither`: the stars
    both sides chose, who take both fees and play for neither)."""
    lines = [
        _("%(count)s × %(name)s") % {"count": count, "name": ruleset.inducements[key].name(lang)}
        for key, count in order.items.items()
        if key in ruleset.inducements
    ]
    lines += [
        (
            _("Star player: %(name)s (both teams chose him: both pay, he plays for neither)")
            if key in neither
            else _("Star player: %(name)s")
        )
        % {"name": ruleset.star_players[key].name(lang)}
        for key in order.stars
        if key in ruleset.star_players
    ]
    team_list = ruleset.team(team.race)
    for merc in order.mercenaries:
        position = team_list.position(merc.position_key).name(lang)
        skills = ", ".join(ruleset.skills[k].name(lang) for k in merc.extra_skills if k in ruleset.skills)
        lines.append(
            _("Mercenary: %(position)s (%(skills)s)") % {"position": position, "skills": skills}
            if skills
            else _("Mercenary: %(position)s") % {"position": position}
        )
    return lines


@register("inducements")
class InducementsStep(PrematchStep):
    section_template = "matches/prematch_steps/inducements.html"
    # Special play cards typed as text by matches recorded before the decks sold them (cards.py):
    # shown, never recorded any more (the decks' cards: matches/selectors/cards.py).
    facts_template = "matches/prematch_steps/cards_facts.html"

    def facts(self, match: Any, ruleset: Ruleset, lang: str) -> dict[str, Any] | None:
        return cards.cards_facts(match)

    def handed_on(self, match: Any) -> Any:
        return None  # the post-match sequence reads the inducements from their rows

    def label(self, ruleset: Ruleset, lang: str) -> str:
        return _("Inducements")

    def section_context(self, request: Any, match: Any, ruleset: Ruleset, page: dict[str, Any]) -> dict[str, Any]:
        """The step in buying order: what each side chose once it has, the form of the side whose
        turn it is to whoever may choose for it, and what the others wait for."""
        state, preview = page["state"], page["preview"]
        by_side = {row["side"]: row for row in preview["sides"]}
        first = match.side_of(preview["buys_first"].pk)
        orders = tuple(order_from_json(getattr(match, f"{side}_inducements")) for side in SIDES)
        neither = stars_for_neither(ruleset, orders)
        rows = []
        for side in (first, "away" if first == "home" else "home"):
            team = match.team(side)
            chosen_json = getattr(match, f"{side}_inducements")
            turn = state.step == "inducements" and state.side == side
            rows.append(
                {
                    "side": side,
                    "team": team,
                    "chosen": chosen_json is not None,
                    "lines": order_lines(ruleset, team, order_from_json(chosen_json), page["lang"], neither),
                    "cost": by_side[side]["cost"],
                    "turn": turn,
                    "mine": turn and may_declare(match, side, request.user),
                    "nothing_to_spend": chosen_json is None and by_side[side]["budget"] <= 0,
                    "before": state.step == "petty_cash",
                }
            )
        # Where cards replace the inducement list, the form offers nothing else (the cards' panel sells them).
        return {"induce_sides": rows, "cards_replace": cards_replace_inducements(ruleset)}

    def settle(self, ctx: PrematchContext) -> None:
        match, ruleset = ctx.match, ctx.ruleset
        home, away = ctx.teams["home"], ctx.teams["away"]
        budgets = inducement_budgets(
            ruleset,
            home_tv=ctx.tvs["home"],
            away_tv=ctx.tvs["away"],
            home_petty_cash=ctx.cash["home"],
            away_petty_cash=ctx.cash["away"],
            final=match.is_final_stage,
            home_treasury=treasury_gold(ruleset, home),
            away_treasury=treasury_gold(ruleset, away),
        )
        orders = _orders(ctx, budgets)
        # Prices a held trophy lowers (e.g. a trophy's cheaper wizard), ruleset data.
        prices = {side: team_benefits(match.league, ctx.teams[side].pk).inducement_prices for side in SIDES}
        # Cards bought from the inducement gold before the record spend the same budget.
        paid = cards_paid(match)
        for side in SIDES:
            team, order = ctx.teams[side], orders[side]
            roster = list(team.players.filter(status=Player.Status.ACTIVE))
            found = check_inducements(
                ruleset,
                team_key=team.race,
                roster_size=squad_size(ruleset, roster),
                order=order,
                budget=budgets.budget(side) - paid[side],
                position_counts=position_counts(roster),
                final=match.is_final_stage,  # no stars or mercenaries in a semi-final or a final (p.30)
                trophy_prices=prices[side],
                allies=team.allies,
            )
            empty = not (order.items or order.stars or order.mercenaries)
            found = with_inducement_cards(
                found, ruleset.group(CardParameters), empty=empty, cards=paid[side], budget=budgets.budget(side)
            )
            ctx.problems += [
                _("%(label)s: %(value)s") % {"label": team.name, "value": m}
                for m in violation_messages(found, ruleset, team.race)
            ]
        ctx.shared["inducements"] = (budgets, orders, prices, paid)

    def record(self, ctx: PrematchContext) -> None:
        match, ruleset = ctx.match, ctx.ruleset
        budgets, orders, prices, paid = ctx.shared["inducements"]
        petty = has_step(ruleset, "petty_cash")
        # A star both sides induced takes both fees and plays for neither: paid, not fielded.
        neither = stars_for_neither(ruleset, (orders["home"], orders["away"]))
        star_key = next((i.key for i in ruleset.inducements.values() if i.pricing == "star_player"), "star_players")
        merc_key = next((i.key for i in ruleset.inducements.values() if i.pricing == "mercenary"), "mercenaries")
        for side in SIDES:
            team, order = ctx.teams[side], orders[side]
            setattr(match, f"{side}_inducements", order_to_json(order))
            team_list = ruleset.team(team.race)
            rows = [
                MatchInducement(
                    match=match,
                    side=side,
                    key=k,
                    cost=inducement_price(ruleset, k, team.race, prices[side]),
                    skills=_journeyman_skills(ruleset, team_list, k),
                )
                for k, count in order.items.items()
                for _ in range(count)
            ]
            rows += [
                MatchInducement(
                    match=match,
                    side=side,
                    key=star_key,
                    star=s,
                    cost=star_price(ruleset, s),
                    plays_for_neither=s in neither,
                )
                for s in order.stars
            ]
            rows += [
                MatchInducement(
                    match=match,
                    side=side,
                    key=merc_key,
                    position=m.position_key,
                    extra_skill=";".join(m.extra_skills),
                    cost=mercenary_price(ruleset, team_list.position(m.position_key), len(m.extra_skills)),
                    skills=";".join(
                        induced_skills(ruleset, team_list.position(m.position_key), m.extra_skills, mercenary=True)
                    ),
                )
                for m in order.mercenaries
            ]
            MatchInducement.objects.bulk_create(rows)
            # The cards bought from the inducement gold are paid with the inducements, under the same key.
            from_treasury = max(sum(row.cost for row in rows) + paid[side] - budgets.money(side), 0)
            if not petty and from_treasury:  # no petty cash: the treasury pays the rest at once
                treasury_post(
                    team=team,
                    kind="inducement",
                    amount=-from_treasury,
                    key=f"match:{match.pk}:inducements:treasury",
                    memo=str(match),
                    by=ctx.by,
                    match=match,
                )
