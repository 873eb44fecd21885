"""The apothecary's treatment after the match, where a ruleset's data switches it on (the French
league's house rules, seed 002 H:L104, H11): an apothecary left unused during the match re-rolls
one casualty that is not a death. Entered on the result sheet (a casualty line's box) or in an
imported report (`apothecary.after_match`); every refusal is worded and nothing is written."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.importing import import_match
from matches.models import Match, MatchCasualty
from matches.services import MatchError, PrematchInput, prematch_record
from teams.models import Team
from tests.builders import HOUSE_CHOICES, pid, scheduled_in
from tests.matches.test_views_support import login, report_data

pytestmark = pytest.mark.django_db
HOUSE = "fr_house"  # the shipped ruleset whose data switches the treatment on


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')


@pytest.fixture
def house_match(commissioner, coach_alice, coach_bob) -> Match:
    """Reavers (alice, home, with an apothecary) v Gouged Eye (bob, none), pre-match recorded."""
    scheduled = scheduled_in(HOUSE, "Vieux Grognards", commissioner, coach_alice, coach_bob)
    Team.objects.filter(pk=scheduled.home_id).update(apothecary=True)
    data = PrematchInput(steps=HOUSE_CHOICES, weather_dice=(3, 4))
    return prematch_record(match=scheduled, data=data, by=coach_alice)


def casualty(player_id: int, d6: int, d8: int, apo: tuple[int, int] | None = None, after: bool = True) -> dict:
    """A casualty line as the sheet posts it: the roll, then the apothecary's re-roll (kept)."""
    fields = {f"p{player_id}_d6": d6, f"p{player_id}_d8": d8}
    if apo is not None:
        fields |= {f"p{player_id}_apo": "on", f"p{player_id}_apo_d6": apo[0], f"p{player_id}_apo_d8": apo[1]}
        fields[f"p{player_id}_apo_keep"] = "on"
    if after:
        fields[f"p{player_id}_apo_after"] = "on"
    return fields


def assert_nothing_written(match: Match) -> None:
    match.refresh_from_db()
    assert match.status == Match.Status.PREMATCH_DONE and match.home_score is None
    assert not MatchCasualty.objects.filter(match=match).exists()


def test_a_treatment_after_the_match_is_saved_shown_and_read_back(client, house_match, coach_alice):
    h3 = pid(house_match.home, 3)
    url = reverse("matches:result", args=[house_match.pk])
    page = text(login(client, coach_alice).get(url))
    assert f'name="p{h3}_apo_after"' in page and "treated after the match, by an apothecary unused during it" in page
    # A smashed hip (53), re-rolled after the match into a Badly Hurt (21) the coach keeps.
    response = client.post(url, report_data(house_match, **casualty(h3, 5, 3, apo=(2, 1))))
    assert response.status_code == 302, text(response)
    cas = MatchCasualty.objects.get(match=house_match)
    assert (cas.victim_id, cas.apothecary_used, cas.apothecary_kept_reroll, cas.apothecary_after_match) == (
        h3,
        True,
        True,
        True,
    )
    assert f'name="p{h3}_apo_after" class="form-check-input" id="id_p{h3}_apo_after" checked' in text(client.get(url))
    detail = text(client.get(house_match.get_absolute_url()))
    assert "apothecary after the match: 21 Badly Hurt, kept" in detail
    client.cookies["django_language"] = "fr"
    assert "apothicaire après le match : 21" in text(client.get(house_match.get_absolute_url()))


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        # A dead player is saved only at once, during the match (H:L104).
        (lambda h: casualty(h(3), 6, 1, apo=(2, 1)), "#3 H3 was killed: only an apothecary acting at once"),
        # The Reavers' one apothecary re-rolled #3's casualty during the match: none is left after it.
        (
            lambda h: casualty(h(3), 5, 3, apo=(2, 1), after=False) | casualty(h(4), 5, 4, apo=(2, 2)),
            "Reavers used its apothecary during the match: only an apothecary that did nothing during the match "
            "may treat a player after it (2 uses for 1 apothecary).",
        ),
        # One treatment after the match per side.
        (
            lambda h: casualty(h(3), 5, 3, apo=(2, 1)) | casualty(h(4), 5, 4, apo=(2, 2)),
            "Reavers has 2 treatments after the match: an apothecary left unused treats only one player",
        ),
        # The box alone: the treatment is the apothecary's re-roll.
        (lambda h: casualty(h(3), 5, 3), "#3 H3: a treatment after the match is an apothecary's re-roll"),
    ],
    ids=["death", "apothecary-used", "twice", "no-roll"],
)
def test_each_refusal_is_worded_and_nothing_is_written(client, house_match, coach_alice, lines, message):
    fields = lines(lambda number: pid(house_match.home, number))
    response = login(client, coach_alice).post(
        reverse("matches:result", args=[house_match.pk]), report_data(house_match, **fields)
    )
    assert response.status_code == 200 and message in text(response)
    assert_nothing_written(house_match)


def test_a_team_without_apothecary_has_none_to_use_after_the_match(client, house_match, coach_bob):
    o2 = pid(house_match.away, 2)
    response = login(client, coach_bob).post(
        reverse("matches:result", args=[house_match.pk]), report_data(house_match, **casualty(o2, 5, 3, apo=(2, 1)))
    )
    assert "Gouged Eye had no apothecary in this match" in text(response)
    assert_nothing_written(house_match)


def test_a_ruleset_without_the_treatment_neither_offers_nor_accepts_it(client, ready_match, humans, coach_alice):
    Team.objects.filter(pk=humans.pk).update(apothecary=True)
    h3 = pid(humans, 3)
    url = reverse("matches:result", args=[ready_match.pk])
    assert f'name="p{h3}_apo_after"' not in text(login(client, coach_alice).get(url))
    response = client.post(url, report_data(ready_match, **casualty(h3, 5, 3, apo=(2, 1))))
    assert "#3 H3: this league's rules give no apothecary treatment after the match" in text(response)
    assert not MatchCasualty.objects.exists()
    client.cookies["django_language"] = "fr"
    response = client.post(url, report_data(ready_match, **casualty(h3, 5, 3, apo=(2, 1))))
    assert "les règles de cette ligue ne prévoient pas de soins de l'apothicaire après le match" in text(response)


def _report(match: Match, apothecary: dict) -> dict:
    return {
        "format_version": 1,
        "report_id": "house-apothecary",
        "league": match.league.slug,
        "ruleset": HOUSE,
        "home": match.home.name,
        "away": match.away.name,
        "played_on": "2026-11-20",
        "prematch": {
            "weather": [3, 4],
            "pitch": {"option": "grass", "side": "away"},
            "dice_pair": {"option": "receiving", "side": "away"},
        },
        "result": {"home_score": 1, "away_score": 0, "home_uncredited_touchdowns": 1},
        "casualties": {"home": [{"number": 3, "d6": 5, "d8": 3, "apothecary": apothecary}]},
    }


def test_an_imported_report_carries_the_treatment_and_is_refused_on_a_death(
    commissioner, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    match = scheduled_in(HOUSE, "Vieux Grognards", commissioner, coach_alice, coach_bob)
    Team.objects.filter(pk=match.home_id).update(apothecary=True)
    dead = _report(match, {"d6": 2, "d8": 1, "kept": True, "after_match": True})
    dead["casualties"]["home"][0] |= {"d6": 6, "d8": 2}
    with pytest.raises(MatchError) as refused:
        import_match(dead, by=commissioner)
    assert any("#3 H3 was killed: only an apothecary acting at once" in m for m in refused.value.messages)
    assert not MatchCasualty.objects.exists()
    with django_capture_on_commit_callbacks(execute=False):
        imported = import_match(_report(match, {"d6": 2, "d8": 1, "kept": True, "after_match": True}), by=commissioner)
    cas = MatchCasualty.objects.get(match=imported.match)
    assert (cas.apothecary_d6, cas.apothecary_d8, cas.apothecary_kept_reroll, cas.apothecary_after_match) == (
        2,
        1,
        True,
        True,
    )
