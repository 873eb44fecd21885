"""The command on the sample dumps (docs/examples/README.md gives their figures), through the real
dump reader and decoder: the LRB6 league loads, its standings are the README's, a second run writes
nothing; the NAFLM dump is refused with every reason; the pre-0.8 dump loads its old skill names."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from league.competitions.seasons.models import Season
from league.competitions.standings.table import season_table
from league.interchange.models import ImportRun
from league.interchange.runs import EXPLAIN
from league.ratings.models import RatingEntry
from league.ratings.selectors import rating_of, start_rating
from league.ratings.services import recompute_league
from matches.models import Match
from teams.models import Advancement, Player, Team, TreasuryEntry

pytestmark = pytest.mark.django_db
EXPLAIN_TV, EXPLAIN_VALUE = EXPLAIN["tv"], EXPLAIN["value"]
ENTRY = ("kind", "subject", "match_id", "sequence", "before", "after", "delta")
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def run(*args: str) -> str:
    out = StringIO()
    call_command("import_obblm", *args, stdout=out)
    return out.getvalue()


def test_the_lrb6_sample_loads_with_the_readmes_standings(target):
    out = run(str(EXAMPLES / "obblm-lrb6.sql"), "--league", target.slug)
    assert "Left out: match line 6: star player or mercenary: no roster player" in out
    teams = {t.name: t for t in Team.objects.filter(league=target)}
    assert sorted(teams) == ["Athelorn Avengers", "Karak Azgal Hammers", "Orcs & <Gobbos>", "Reikland Reavers"]
    assert teams["Reikland Reavers"].coach.username == "Jörg"  # the repaired name
    assert Match.objects.filter(league=target, history=True).count() == 7
    season = Season.objects.get(league=target, name="Season 1")
    table = season_table(season)
    figures = {
        name: (
            table.row(t.pk).won,
            table.row(t.pk).drawn,
            table.row(t.pk).lost,
            table.row(t.pk).td_for,
            table.row(t.pk).td_against,
        )
        for name, t in teams.items()
    }
    assert figures == {
        "Athelorn Avengers": (2, 1, 0, 4, 1),
        "Reikland Reavers": (1, 1, 1, 3, 3),
        "Orcs & <Gobbos>": (1, 0, 2, 3, 5),
        "Karak Azgal Hammers": (0, 2, 1, 3, 4),
    }
    final = Match.objects.get(league=target, stage=Match.Stage.FINAL)
    assert (final.home.name, final.home_score, final.away_score) == ("Athelorn Avengers", 2, 1)
    assert final.season.name == "Season 1 Final" and final.season.winner == teams["Athelorn Avengers"]
    players = {p.name.split()[0]: p for p in Player.objects.filter(team__league=target)}
    assert players["Dieter"].spp == 18 and players["Grimli"].spp == 19 and players["Gotrek"].spp == 20
    assert players["Nibbler"].status == Player.Status.DEAD and players["Ugluk"].status == Player.Status.FIRED
    assert players["Jorn"].journeyman
    assert sorted(players["Dieter"].advancements.values_list("kind", "skill")) == [
        ("new_skill", "tackle"),
        ("new_skill_double", "dodge"),
    ]
    run_ = ImportRun.objects.get(league=target)
    assert {(v["key"], v["what"]) for v in run_.report["values"]} >= {("teams:2", "ff"), ("players:5", "spp")}
    before = (Team.objects.count(), Player.objects.count(), Advancement.objects.count(), Match.objects.count())
    gold = sum(TreasuryEntry.objects.values_list("amount", flat=True))
    run(str(EXAMPLES / "obblm-lrb6.sql"), "--league", target.slug)
    after = (Team.objects.count(), Player.objects.count(), Advancement.objects.count(), Match.objects.count())
    assert after == before and sum(TreasuryEntry.objects.values_list("amount", flat=True)) == gold


def test_the_naflm_sample_is_refused_naming_every_row(target):
    with pytest.raises(CommandError) as refused:
        run(str(EXAMPLES / "naflm.sql"), "--league", target.slug)
    text = str(refused.value)
    assert "team 3: no such team list in this ruleset: Snotling" in text
    assert "player 6: no such skill in this ruleset: Give and Go" in text
    assert not Team.objects.exists() and not ImportRun.objects.filter(state=ImportRun.State.DONE).exists()


def test_the_pre_08_sample_loads_its_old_skill_names(target):
    run(str(EXAMPLES / "obblm-old-names.sql"), "--league", target.slug)
    skills = set(Advancement.objects.filter(player__team__league=target).values_list("skill", flat=True))
    assert {"claw", "block", "mighty_blow", "tackle"} <= skills
    assert Match.objects.filter(league=target).count() == 2


def test_the_lrb6_samples_report_lists_exactly_its_five_stale_caches(target):
    # docs/examples/README.md plants five stale cached columns; every other cached value of the dump
    # equals the importer's, so the report lists these five and nothing else, each named and explained.
    out = run(str(EXAMPLES / "obblm-lrb6.sql"), "--league", target.slug)
    differences = [line for line in out.splitlines() if ": OBBLM " in line]
    assert sorted(differences) == sorted(
        [
            "player 5 (Dieter Hammerlash), SPP: OBBLM 11, here 16. SPP recounted from the played matches' lines",
            "player 21 (Aelin), inj_ni: OBBLM 0, here 1. injuries recounted from the match lines and imported totals",
            "team 2 (Orcs & <Gobbos>), fan factor: OBBLM 3, here 2. fan factor recounted: bought plus the matches' changes",
            "team 1 (Reikland Reavers), team value: OBBLM 910000, here 860000. " + EXPLAIN_TV,
            "player 25 (Vaelis Bladesong), player value: OBBLM 150000, here 170000. " + EXPLAIN_VALUE,
        ]
    )


def test_the_imported_history_is_rated_as_a_recomputation_would(target):
    # The matches come in without the post-match sequence; the last stage rates them in play order,
    # and the ratings stored equal those recomputed from scratch (a second run changes nothing).
    run(str(EXAMPLES / "obblm-lrb6.sql"), "--league", target.slug)
    stored = list(RatingEntry.objects.filter(league=target).order_by("pk").values_list(*ENTRY))
    assert len(stored) == 4 * 7  # both coaches and both teams of each of the seven matches
    run(str(EXAMPLES / "obblm-lrb6.sql"), "--league", target.slug)
    assert list(RatingEntry.objects.filter(league=target).order_by("pk").values_list(*ENTRY)) == stored
    recompute_league(target)
    assert sorted(RatingEntry.objects.filter(league=target).values_list(*ENTRY)) == sorted(stored)
    avengers = Team.objects.get(league=target, name="Athelorn Avengers")
    assert rating_of(target, RatingEntry.Kind.TEAM, avengers.pk) > start_rating(target)  # 3 wins, a draw
