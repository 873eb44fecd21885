"""What a correction moves, in words (its preview, the match page, the team page): per team and per
player, each field's before and after in the reader's language (“Reavers: treasury 120,000 →
90,000”, “#3 Grim: SPP 18 → 15, no longer has Block”), gold and numbers grouped as the rest of the site
writes them (teams.errors.gp). The figures are the ones matches.services.history_diff kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from league.rules import Ruleset
from matches.effects.words import STAT_NAMES, casualty_name, choice_label
from matches.models import MatchCorrection
from matches.services.refusals import in_language
from matches.views.number_words import held_words, number_words
from teams.errors import gp
from teams.models import Player

FIELD_NAMES = {
    "treasury": gettext_lazy("treasury"),
    "bank": gettext_lazy("bank"),
    "fan_factor": gettext_lazy("fan factor"),
    "rerolls": gettext_lazy("re-rolls"),
    "team_value": gettext_lazy("team value"),
    "spp": gettext_lazy("SPP"),
    "status": gettext_lazy("status"),
    "niggling_injuries": gettext_lazy("niggling injuries"),
    "journeyman": gettext_lazy("journeyman"),
}
STATUSES = dict(Player.Status.choices)


def plain(value: Any) -> str:
    """Any kept value, readable: numbers grouped, lists and tables spelt out, nothing as a dash."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, int):
        return gp(value)
    if isinstance(value, list | tuple):
        return ", ".join(plain(v) for v in value) or "—"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {plain(v)}" for key, v in value.items()) or "—"
    return str(value)


def _value(field: str, value: Any) -> str:
    if field == "status" and value in STATUSES:
        return str(STATUSES[value])
    return plain(value)


def _injury(ruleset: Ruleset, item: str) -> str:
    # Kept by teams.states as "casualty:stat", with ":ignored" for a loss the limits set aside.
    casualty, _sep, rest = item.partition(":")
    stat, _sep, ignored = rest.partition(":")
    name = casualty_name(ruleset, casualty)
    if stat:
        name = f"{name} (−{STAT_NAMES.get(stat, stat.upper())})"
    return _("%(injury)s, not applied") % {"injury": name} if ignored else name


def change_text(ruleset: Ruleset, change: dict[str, Any]) -> str:
    field = change["field"]
    if "gained" in change:
        word: Callable[[Ruleset, str], str]
        if field == "injuries":
            gained, lost = _("injured: %(what)s"), _("injury taken back: %(what)s")
            word = _injury
        else:
            gained, lost = _("now has %(what)s"), _("no longer has %(what)s")
            word = choice_label
        parts = [gained % {"what": word(ruleset, str(item))} for item in change["gained"]]
        parts += [lost % {"what": word(ruleset, str(item))} for item in change["lost"]]
        return ", ".join(parts)
    if field == "miss_next_game":
        return str(_("misses the next game") if change["after"] else _("no longer misses the next game"))
    name = FIELD_NAMES.get(field, field.replace("_", " "))
    return _("%(field)s %(before)s → %(after)s") % {
        "field": name,
        "before": _value(field, change["before"]),
        "after": _value(field, change["after"]),
    }


def team_words(ruleset: Ruleset, team: dict[str, Any]) -> dict[str, Any]:
    """One team's part: its own changes in one line, then each player's."""
    return {
        "id": team["id"],
        "name": team["name"],
        "changes": "; ".join(change_text(ruleset, c) for c in team["changes"]),
        "players": [{"label": _label(p), "changes": _player_changes(ruleset, p)} for p in team["players"]],
    }


def _label(player: dict[str, Any]) -> str:
    name = player["name"] or (_("Journeyman %(n)s") % {"n": player["number"]} if player.get("journeyman") else "")
    return f"#{player['number']} {name}".strip()


def _player_changes(ruleset: Ruleset, player: dict[str, Any]) -> str:
    """A player's changes; one the replay hires or takes back whole is said so, not field by field
    from or to nothing."""
    if player.get("joined"):
        return str(_("hired as a journeyman") if player.get("journeyman") else _("joins the team"))
    if player.get("left"):
        return str(_("no longer hired") if player.get("journeyman") else _("no longer in the team"))
    return ", ".join(change_text(ruleset, c) for c in player["changes"])


RECORD_STATS = {
    "touchdowns": gettext_lazy("touchdowns"),
    "casualties": gettext_lazy("casualties"),
    "completions": gettext_lazy("completions"),
    "interceptions": gettext_lazy("interceptions"),
    "mvps": gettext_lazy("MVPs"),
    "spp": gettext_lazy("SPP"),
}
RECORD_SCOPES = {"match": gettext_lazy("match"), "season": gettext_lazy("season")}
INPUT_KINDS = {
    "improvement": gettext_lazy("improvement roll"),
    "mvp": gettext_lazy("MVP draw"),
    "winnings": gettext_lazy("winnings die"),
    "winnings_reroll": gettext_lazy("winnings re-roll"),
    "ff": gettext_lazy("fan factor roll"),
    "departure": gettext_lazy("departure roll"),
    "journeyman": gettext_lazy("journeyman's hire"),
}


def input_words(item: dict[str, Any]) -> str:
    """A die or decision a replay set aside or rolled: what it was for, whose, and its values."""
    kind = str(item["key"]).split(":", 1)[0]
    what = str(INPUT_KINDS.get(kind, kind.replace("_", " ")))
    if item.get("player"):
        what = _("%(what)s of %(player)s") % {"what": what, "player": item["player"]}
    return _("%(what)s (match %(match)s): %(values)s") % {
        "what": what,
        "match": item.get("match"),
        "values": plain(item.get("values")),
    }


def derived_words(derived: dict[str, Any]) -> list[str]:
    """What the competitions derive that moves: a team's place and points in a season's table, the
    seeding the corrected table would give a drawn bracket, the trophies held."""
    lines = []
    for name, item in sorted(derived.items()):
        kind = name.split(":", 1)[0]
        before, after = item.get("before") or {}, item.get("after") or {}
        if kind == "standings":
            was = {row[1]: (row[0], row[2]) for row in before.get("rows", [])}
            for position, team, points in after.get("rows", []):
                old = was.get(team)
                if old is not None and old != (position, points):
                    lines.append(
                        _("%(season)s: %(team)s from place %(old)s to %(new)s (%(old_points)s → %(points)s points)")
                        % {
                            "season": after.get("season"),
                            "team": team,
                            "old": old[0],
                            "new": position,
                            "old_points": old[1],
                            "points": points,
                        }
                    )
        elif kind == "seeding":
            lines.append(
                (
                    _(
                        "%(season)s play-offs: the corrected table would seed %(now)s; "
                        "the bracket stays as drawn (%(drawn)s)."
                    )
                    if after.get("played")
                    # None of its matches under way: it may be drawn again (the preview's bracket section).
                    else _(
                        "%(season)s play-offs: the corrected table would seed %(now)s; the bracket was drawn with %(drawn)s."
                    )
                )
                % {
                    "season": after.get("season"),
                    "now": plain(after.get("qualified")),
                    "drawn": plain(after.get("drawn")),
                }
            )
        elif kind == "records":
            for record in sorted(set(before) | set(after)):
                if before.get(record) != after.get(record):
                    stat, _sep, scope = record.partition(":")
                    lines.append(
                        _("Record, %(stat)s in one %(scope)s: %(before)s → %(after)s")
                        % {
                            "stat": RECORD_STATS.get(stat, stat),
                            "scope": RECORD_SCOPES.get(scope, scope),
                            "before": plain(before.get(record)),
                            "after": plain(after.get(record)),
                        }
                    )
        elif kind == "trophies":
            lines.append(_("Trophies held: %(before)s → %(after)s") % {"before": plain(before), "after": plain(after)})
    return lines


def _played(entry: dict[str, Any] | None, names: dict[int, str]) -> str:
    if entry is None:
        return str(_("not played"))
    players = [names.get(p, f"#{p}") for p in entry.get("players") or []]
    return _("played on %(players)s") % {"players": ", ".join(players)} if players else str(_("played"))


def card_words(ruleset: Ruleset, before: Any, after: Any, names: dict[int, str]) -> list[str]:
    """What a correction changes about the special play cards played (Match.cards_played, before and
    after), card by card: “Miracle Worker: played on #3 Grim → not played”. `names`: players' labels."""
    if before is None or after is None:  # inputs drafted before cards were kept: they stayed as they were
        return []
    lang = get_language() or "en"
    was = {(e.get("side"), e.get("card")): e for e in before or [] if isinstance(e, dict)}
    now = {(e.get("side"), e.get("card")): e for e in after or [] if isinstance(e, dict)}
    lines = []
    for pair in [*was, *(p for p in now if p not in was)]:
        old, new = was.get(pair), now.get(pair)
        if old is not None and new is not None and sorted(old.get("players") or []) == sorted(new.get("players") or []):
            continue
        card = ruleset.special_cards.cards.get(str(pair[1]))
        lines.append(
            _("%(card)s: %(before)s → %(after)s")
            % {
                "card": card.name(lang) if card else pair[1],
                "before": _played(old, names),
                "after": _played(new, names),
            }
        )
    return lines


def correction_card_words(ruleset: Ruleset, correction: MatchCorrection, names: dict[int, str]) -> list[str]:
    """card_words for a correction: the cards of the inputs it replaces and of its own (a void: none)."""
    if correction.kind != MatchCorrection.Kind.EDIT:
        return []
    before = (correction.before or {}).get("result", {}).get("cards_played")
    return card_words(ruleset, before, (correction.inputs or {}).get("result", {}).get("cards_played"), names)


def dice_words(item: dict[str, Any], labels: dict[tuple[int, str], str]) -> str:
    """What a replay did with one step's dice: “Fan factor dice, Reavers (match 12): kept 4, 2; set
    aside 6”. `labels`: the dice's names (matches.selectors.corrections.moved_dice_labels)."""
    parts = []
    if item.get("kept"):
        parts.append(_("kept %(values)s") % {"values": plain(item["kept"])})
    if item.get("aside"):
        parts.append(_("set aside %(values)s") % {"values": plain(item["aside"])})
    if item.get("rolled"):
        parts.append(_("rolled by the server %(values)s") % {"values": plain(item["rolled"])})
    if isinstance(item.get("asked"), dict):  # the league asks its coach (matches.services.dice_wait)
        asked = item["asked"]
        dice = f"{asked.get('count')}D{asked.get('sides')}" if asked.get("count", 1) > 1 else f"D{asked.get('sides')}"
        parts.append(_("asked of the coach of %(team)s: %(dice)s") % {"team": asked.get("team"), "dice": dice})
    label = labels.get((item.get("match"), str(item.get("key"))))  # type: ignore[arg-type]
    if label is None:  # a match gone since: named as input_words names it
        kind = str(item["key"]).split(":", 1)[0]
        label = str(INPUT_KINDS.get(kind, kind.replace("_", " ")))
        if item.get("player"):
            label = _("%(what)s of %(player)s") % {"what": label, "player": item["player"]}
    return _("%(what)s (match %(match)s): %(done)s") % {
        "what": label,
        "match": item.get("match"),
        "done": "; ".join(parts) or "—",
    }


def refused_words(refused: dict[str, Any]) -> dict[str, Any]:
    """A replay's refusal, its reason in the reader's language when it was kept in each."""
    return {**refused, "reason": in_language(refused.get("reasons"), str(refused.get("reason", "")))}


def failure_words(correction: MatchCorrection) -> str:
    """Why a correction could not be applied, in the reader's language when it was kept in each."""
    refused = (correction.moved or {}).get("refused") if isinstance(correction.moved, dict) else None
    if not refused or not refused.get("reasons"):
        return correction.failure_reason
    return f"#{refused.get('match')}: {refused_words(refused)['reason']}"


def moved_words(
    ruleset: Ruleset,
    moved: dict[str, Any] | None,
    cards: list[str] | None = None,
    labels: dict[tuple[int, str], str] | None = None,
) -> dict[str, Any] | None:
    """A preview or what an applied correction moved, worded; None before anything was computed.
    `refused`: the match the rules now refuse and why (the history is left as it was); `cards`: what
    it changes about the special play cards played (correction_card_words); `labels`: the names of
    the dice it kept, set aside or rolled (matches.selectors.corrections.moved_dice_labels)."""
    if moved is None:
        return None
    if "refused" in moved:
        return {
            "refused": refused_words(moved["refused"]),
            "dice": [],
            "decisions_aside": [],
            "teams": [],
            "derived": [],
            "set_aside": [],
            "rolled": [],
            "cards": cards or [],
            "nothing": False,
        }
    teams = [team_words(ruleset, t) for t in moved.get("teams", [])]
    derived = derived_words(moved.get("derived") or {})
    set_aside = [input_words(item) for item in moved.get("set_aside", [])]
    rolled = [input_words(item) for item in moved.get("rolled", [])]
    dice = [dice_words(item, labels or {}) for item in moved.get("dice") or []]
    steps = {(item.get("match"), item.get("key")) for item in moved.get("dice") or []}
    return {
        "refused": None,
        "dice": dice,
        # The decisions set aside (asked again): what dice_words does not list.
        "decisions_aside": [
            input_words(item)
            for item in moved.get("set_aside", [])
            if item.get("kind") == "decision" or (item.get("match"), item.get("key")) not in steps
        ],
        "teams": teams,
        "numbers": number_words(moved.get("numbers") or []),  # matches.views.number_words
        "held": held_words(moved.get("held") or []),  # matches it holds for the commissioner
        "derived": derived,
        "set_aside": set_aside,
        "rolled": rolled,
        "cards": cards or [],
        "nothing": not teams and not derived and not moved.get("held"),
    }
