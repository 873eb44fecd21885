"""The public ruleset pages: each shipped ruleset, its version, where it departs from the
reference ruleset (each difference with the page of the ruleset's own text that says so), and
what its data gives: experience awards and levels (a position group's own table too), its dice
tables before and after the match, and its inducements; and the page of its special play cards."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import get_language

from league.rules import Ruleset, load_ruleset, reference_ruleset_key, ruleset_differences, ruleset_keys
from league.rules.parameter_groups import CardParameters
from league.rules.prematch.cards import draw_price


def _shipped(key: str) -> Ruleset:
    if key not in ruleset_keys():
        raise Http404("Unknown ruleset")
    return load_ruleset(key)


def index(request: HttpRequest) -> HttpResponse:
    lang = get_language() or "en"
    reference = reference_ruleset_key()
    rulesets = [
        {
            "key": key,
            "name": load_ruleset(key).name(lang),
            "version": load_ruleset(key).version,
            "is_reference": key == reference,
            "differences": len(ruleset_differences(key)),
        }
        for key in ruleset_keys()
    ]
    return render(request, "catalogue/rulesets.html", {"rulesets": rulesets})


def detail(request: HttpRequest, key: str) -> HttpResponse:
    lang = get_language() or "en"
    ruleset = _shipped(key)
    reference = load_ruleset(reference_ruleset_key())
    differences = [
        {
            "key": d.topic_key,
            "topic": d.topic(lang),
            "reference": d.reference(lang),
            "this": d.this(lang),
            "source": d.source,
        }
        for d in ruleset_differences(key)
    ]
    return render(
        request,
        "catalogue/ruleset.html",
        {
            "ruleset": ruleset,
            "ruleset_name": ruleset.name(lang),
            "ruleset_source": ruleset.source_text(lang),
            "is_reference": ruleset.key == reference.key,
            "reference": reference,
            "reference_name": reference.name(lang),
            "differences": differences,
            "has_cards": bool(ruleset.special_cards),
            **_contents(ruleset, lang),
        },
    )


def cards(request: HttpRequest, key: str) -> HttpResponse:
    """Every special play card of the ruleset, narrowed by deck and by the moment it is played
    (GET deck= and timing=; a value the ruleset lacks narrows nothing)."""
    lang = get_language() or "en"
    ruleset = _shipped(key)
    catalogue = ruleset.special_cards
    if not catalogue:
        raise Http404("This ruleset has no special play cards")
    deck = request.GET.get("deck", "")
    deck = deck if deck in catalogue.decks else ""
    timing = request.GET.get("timing", "")
    timing = timing if timing in catalogue.timings else ""
    rows = [
        {
            "key": card.key,
            "label": card.label,
            "name": card.name(lang),
            "deck": catalogue.decks[card.deck].name(lang),
            "timing": card.timing,
            "timing_name": catalogue.timings[card.timing].name(lang),
            "effect": card.effect(lang),
            "records": card.records,
        }
        for card in catalogue.cards.values()
        if deck in ("", card.deck) and timing in ("", card.timing)
    ]
    options = ruleset.group(CardParameters)  # one price for every deck where the ruleset sets one
    decks = [
        {"key": d.key, "name": d.name(lang), "size": d.size, "price": draw_price(d, options)}
        for d in catalogue.decks.values()
    ]
    timings = [{"key": t.key, "name": t.name(lang)} for t in catalogue.timings.values()]
    context = {"ruleset": ruleset, "ruleset_name": ruleset.name(lang), "decks": decks, "timings": timings}
    return render(
        request, "catalogue/cards.html", {**context, "cards": rows, "chosen_deck": deck, "chosen_timing": timing}
    )


def _levels(levels: tuple, lang: str) -> list[dict[str, object]]:
    return [{"name": lv.name(lang), "spp_min": lv.spp_min, "rolls": lv.improvement_rolls} for lv in levels]


def _contents(ruleset: Ruleset, lang: str) -> dict[str, object]:
    """What the ruleset's data holds, worded in `lang`, for its page."""
    names = ruleset.spp_action_names
    awards = [
        {"name": names[key][0 if lang == "en" else 1] if key in names else key, "spp": spp}
        for key, spp in ruleset.spp_awards.items()
    ]
    groups = []
    for group, levels in sorted(ruleset.level_tables.items()):
        positions = sorted(
            {
                ruleset.teams[team].position(position).name(lang)
                for (team, position), named in ruleset.level_groups.items()
                if named == group
            }
        )
        groups.append({"key": group, "positions": positions, "levels": _levels(levels, lang)})
    tables = [
        {
            "key": table.step,
            "name": table.name(lang),
            "rows": [(e.roll_from, e.roll_to, e.name(lang), e.effect(lang)) for e in table.entries],
        }
        for table in ruleset.pre_match_tables.values()
    ]
    rolls = [
        {
            "key": roll.key,
            "name": roll.name(lang),
            "avoid": [(_level_name(ruleset, level, lang), target) for level, target in roll.avoid_targets.items()],
            "rows": [(o.roll_from, o.roll_to, o.name(lang)) for o in roll.outcomes],
        }
        for roll in ruleset.table_rolls.values()
    ]
    inducements = [
        {"name": item.name(lang), "max": item.max_count, "cost": item.cost, "excluded": key in excluded}
        for excluded in [set(ruleset.params.excluded_inducements)]
        for key, item in ruleset.inducements.items()
    ]
    return {
        "awards": awards,
        "levels": _levels(ruleset.spp_levels, lang),
        "level_groups": groups,
        "pre_tables": tables,
        "table_rolls": rolls,
        "inducements": inducements,
    }


def _level_name(ruleset: Ruleset, key: str, lang: str) -> str:
    for levels in (ruleset.spp_levels, *ruleset.level_tables.values()):
        for level in levels:
            if level.key == key:
                return level.name(lang)
    return key


app_name = "rulesets"
urlpatterns = [
    path("", index, name="index"),
    path("<slug:key>/", detail, name="detail"),
    path("<slug:key>/cards/", cards, name="cards"),
]
