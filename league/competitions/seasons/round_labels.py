"""The words for a round, everywhere: the season and fixtures pages, the play-off page, the match
page, the team page, the league home and the calendar feeds all call `round_label` (directly or
through the `round_label` template filter), so a round has one name. Which name is pure
(league.scheduling.naming); this module only words it in the active language.

A round heading names the round ("Semi-finals"); a match names its game ("Semi-final", and the
third-place game, played in the final's round, by itself).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, pgettext

from league.scheduling.naming import round_name


def _round_of(teams: int, *, game: bool) -> str:
    # The usual sizes keep their own words (French: "huitièmes de finale", not "tour à 16").
    if game:
        words = {
            16: pgettext("match", "Round of 16"),
            32: pgettext("match", "Round of 32"),
            64: pgettext("match", "Round of 64"),
        }
    else:
        words = {
            16: pgettext("bracket", "Round of 16"),
            32: pgettext("bracket", "Round of 32"),
            64: pgettext("bracket", "Round of 64"),
        }
    return words.get(teams) or gettext("Round of %(teams)d") % {"teams": teams}


def round_label(rnd: Any, match: Any = None) -> str:
    """The name of round `rnd` (a league.Round; None: ""), or, with `match`, of that match's game."""
    if rnd is None:
        return ""
    third_place = match is not None and getattr(match, "stage", "") == "third_place"
    name = round_name(rnd.number, rnd.code if rnd.phase == "playoff" else "", third_place=third_place)
    game = match is not None
    if name.kind == "round":
        return gettext("Round %(number)d") % {"number": name.number}
    if name.kind == "third_place":
        return gettext("Third-place game")
    if name.kind == "final":
        return gettext("Final") if game else pgettext("bracket", "Final")
    if name.kind == "semi_final":
        return gettext("Semi-final") if game else pgettext("bracket", "Semi-finals")
    if name.kind == "quarter_final":
        return gettext("Quarter-final") if game else pgettext("bracket", "Quarter-finals")
    return _round_of(name.number, game=game)
