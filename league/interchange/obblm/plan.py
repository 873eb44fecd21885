"""The dry run: what a snapshot would create in a league, and every reason it cannot be loaded.

Nothing is written here. The report is plain JSON (kept on the ImportRun, shown by the page and
the command); every reason is an English gettext_noop pattern with its parameters, worded in the
reader's language when shown (`worded`), like the decoder's Unmapped rows.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from league.interchange.obblm.mapping import Load
from league.interchange.snapshot import LeagueSnapshot, MatchRow, PlayerLine, Source
from league.rules import CasualtyResult, Ruleset
from league.rules.postmatch.improvements import learned_skill_value_key, stat_value_key
from teams.models import Team

# OBBLM's knockout rounds (NAFLM lib/class_match.php): our play-off stage and round code for each.
KNOCKOUT = {
    255: ("final", "final"),
    254: ("third_place", "final"),  # the third-place game is played in the final's round here
    253: ("semi_final", "semi_final"),
    252: ("playoff", "quarter_final"),
    251: ("playoff", "round_of_16"),
}
FIRST_KNOCKOUT = min(KNOCKOUT)


def issue(source: Source | None, reason: str, **params: Any) -> dict[str, Any]:
    return {"key": source.key if source else "", "reason": reason, "params": params}


# The dump's tables, named for a reader ("team 12": row 12 of OBBLM's teams table).
TABLES = {
    "coaches": gettext_lazy("coach"),
    "teams": gettext_lazy("team"),
    "players": gettext_lazy("player"),
    "matches": gettext_lazy("match"),
    "tours": gettext_lazy("tournament"),
    "match_data": gettext_lazy("match line"),
}


def row_label(key: str) -> str:
    table, _sep, number = key.partition(":")
    return f"{TABLES.get(table, table)} {number}".strip()


def worded(items: list[dict[str, Any]]) -> list[str]:
    """Each reason of a report in the active language, after the dump's row it is about."""
    out = []
    for item in items:
        text = gettext(item["reason"]) % item.get("params", {})
        out.append(
            gettext("%(row)s: %(text)s") % {"row": row_label(item["key"]), "text": text} if item.get("key") else text
        )
    return out


def casualties_by_key(ruleset: Ruleset) -> dict[str, CasualtyResult]:
    return {result.key: result for result in ruleset.casualty_table.values()}


def line_spp(ruleset: Ruleset, line: PlayerLine) -> int:
    """A line's SPP with the league's awards (spp_actions.csv): OBBLM's misc points count one each."""
    w = ruleset.spp_awards
    return (
        line.completions * w.get("completion", 0)
        + line.touchdowns * w.get("touchdown", 0)
        + line.interceptions * w.get("interception", 0)
        + line.casualties * w.get("casualty", 0)
        + line.mvp * w.get("mvp", 0)
        + line.misc_spp
    )


def recomputed_spp(ruleset: Ruleset, snapshot: LeagueSnapshot) -> dict[str, int]:
    """Every player's SPP as our rules count it: his match lines, his pre-OBBLM totals, his extra SPP."""
    spp: Counter[str] = Counter()
    for match in snapshot.matches:
        for line in match.lines:
            spp[line.player.key] += line_spp(ruleset, line)
    for totals in snapshot.imported_totals:
        spp[totals.player.key] += line_spp(ruleset, totals.line)
    for player in snapshot.players:
        spp[player.source.key] += player.extra_spp
    return dict(spp)


def advancement_kinds(
    ruleset: Ruleset, race: str, position: str, skills: list[str], gains: dict[str, int]
) -> list[tuple[str, str]]:
    """(value key, skill) of each gain: a skill of a normal category is a normal skill, any other a
    double's (OBBLM keeps no roll with it, so the position's categories decide, as its value does)."""
    pos = ruleset.team(race).position(position)
    kinds = []
    for skill in skills:
        category = ruleset.skills[skill].category
        # A skill outside both of the position's category lists counts as a double's too: OBBLM let
        # its commissioners grant any skill (players_skills type E).
        kinds.append((learned_skill_value_key(category, pos.normal_categories, ()) or "new_skill_double", skill))
    for stat, count in sorted(gains.items()):
        kinds += [(stat_value_key(stat), "")] * max(0, count)
    return kinds


def knockout_stage(match: MatchRow) -> str:
    return KNOCKOUT[match.round][0] if match.round in KNOCKOUT else ""


def _team_problems(load: Load, problems: list[dict[str, Any]]) -> None:
    snap, ruleset = load.snapshot, load.ruleset
    coaches = {c.source.key for c in snap.coaches}
    taken = set(Team.objects.filter(league=load.league).values_list("name", flat=True))
    mine = {load.mapped.get(t.source.key) for t in snap.teams}
    taken -= set(Team.objects.filter(pk__in=[pk for pk in mine if pk]).values_list("name", flat=True))
    for team in snap.teams:
        if team.coach.key not in coaches:
            problems.append(
                issue(team.source, gettext_noop("the team's coach %(coach)s is not in the dump."), coach=team.coach.key)
            )
        if team.race not in ruleset.teams:
            problems.append(
                issue(team.source, gettext_noop("“%(race)s” is not a team of the league's ruleset."), race=team.race)
            )
        if team.name in taken:
            problems.append(
                issue(team.source, gettext_noop("the league already has a team called “%(name)s”."), name=team.name)
            )


def _player_problems(load: Load, problems: list[dict[str, Any]]) -> None:
    snap, ruleset = load.snapshot, load.ruleset
    races = {t.source.key: t.race for t in snap.teams}
    numbers: Counter[tuple[str, int]] = Counter()
    for p in snap.players:
        race = races.get(p.team.key)
        if race is None:
            problems.append(
                issue(p.source, gettext_noop("the player's team %(team)s is not in the dump."), team=p.team.key)
            )
            continue
        if race not in ruleset.teams:
            continue  # reported with the team
        try:
            ruleset.team(race).position(p.position)
        except KeyError:
            problems.append(
                issue(p.source, gettext_noop("“%(position)s” is not a position of this team."), position=p.position)
            )
            continue
        for skill in p.skills:
            if skill not in ruleset.skills:
                problems.append(
                    issue(p.source, gettext_noop("“%(skill)s” is not a skill of the league's ruleset."), skill=skill)
                )
        for stat in p.stat_gains:
            if stat_value_key(stat) not in ruleset.value_increases:
                problems.append(
                    issue(p.source, gettext_noop("the ruleset has no gain of %(stat)s."), stat=stat.upper())
                )
        if p.left is None:
            numbers[(p.team.key, p.number)] += 1
    for (team, number), count in sorted(numbers.items()):
        if count > 1:
            problems.append(
                issue(
                    None,
                    gettext_noop("%(count)s players of %(team)s wear number %(number)s."),
                    count=count,
                    team=team,
                    number=number,
                )
            )


def _match_problems(load: Load, problems: list[dict[str, Any]]) -> None:
    snap = load.snapshot
    teams, tours = {t.source.key for t in snap.teams}, {t.source.key for t in snap.tours}
    players = {p.source.key for p in snap.players}
    injuries = casualties_by_key(load.ruleset)
    for m in snap.matches:
        if m.tour.key not in tours:
            problems.append(
                issue(m.source, gettext_noop("its tournament %(tour)s is not in the dump."), tour=m.tour.key)
            )
        for side in (m.home, m.away):
            if side.key not in teams:
                problems.append(issue(m.source, gettext_noop("its team %(team)s is not in the dump."), team=side.key))
        if m.home.key == m.away.key:
            problems.append(issue(m.source, gettext_noop("a team cannot play itself.")))
        for line in m.lines:
            if line.player.key not in players:
                problems.append(
                    issue(m.source, gettext_noop("its player %(player)s is not in the dump."), player=line.player.key)
                )
            for injury in [line.injury, *line.injuries_more]:
                if injury and injury not in injuries:
                    problems.append(
                        issue(
                            m.source,
                            gettext_noop("“%(injury)s” is not a casualty of the league's ruleset."),
                            injury=injury,
                        )
                    )


def plan(load: Load) -> dict[str, Any]:
    """The dry-run report of loading `load.snapshot` into `load.league` (nothing written)."""
    snap = load.snapshot
    problems: list[dict[str, Any]] = []
    if snap.ruleset != load.league.ruleset:
        problems.append(
            issue(
                None,
                gettext_noop("the dump was decoded for the ruleset %(theirs)s; the league plays %(ours)s."),
                theirs=snap.ruleset,
                ours=load.league.ruleset,
            )
        )
    _team_problems(load, problems)
    _player_problems(load, problems)
    _match_problems(load, problems)
    coaches = {c.source.key: c for c in snap.coaches}
    players_of = Counter(p.team.key for p in snap.players)
    tour_names = {t.source.key: t.name for t in snap.tours}
    team_names = {t.source.key: t.name for t in snap.teams}
    users = get_user_model().objects
    emails = {c.email.lower() for c in snap.coaches if c.email}
    taken = {
        e.lower()
        for e in users.filter(email__in=[c.email for c in snap.coaches if c.email]).values_list("email", flat=True)
    }
    known = [c.name for c in snap.coaches if c.email and c.email.lower() in taken & emails]
    lines = sum(len(m.lines) for m in snap.matches)
    kinds = {
        "coaches": [c.source.key for c in snap.coaches],
        "teams": [t.source.key for t in snap.teams],
        "players": [p.source.key for p in snap.players],
        "seasons": [t.source.key for t in snap.tours],
        "matches": [m.source.key for m in snap.matches],
    }
    return {
        "version": snap.version,
        "version_detected": snap.version_detected,
        "league_name": snap.league_name,
        "counts": {**{kind: len(keys) for kind, keys in kinds.items()}, "lines": lines},
        "new": {kind: sum(1 for k in keys if k not in load.mapped) for kind, keys in kinds.items()},
        "coaches_linked": known,  # coaches whose e-mail is an account here: linked, not invited
        "teams": [
            {
                "key": t.source.key,
                "name": t.name,
                "coach": coaches[t.coach.key].name if t.coach.key in coaches else t.coach.key,
                "race": t.race,
                "players": players_of[t.source.key],
                "treasury": t.treasury,
            }
            for t in snap.teams
        ],
        "seasons": [
            {
                "key": t.source.key,
                "name": t.name,
                "kind": t.kind,
                "matches": sum(1 for m in snap.matches if m.tour.key == t.source.key),
            }
            for t in snap.tours
        ],
        "matches": [
            {
                "key": m.source.key,
                "season": tour_names.get(m.tour.key, m.tour.key),
                "round": m.round,
                "stage": knockout_stage(m),
                "home": team_names.get(m.home.key, m.home.key),
                "away": team_names.get(m.away.key, m.away.key),
                "score": f"{m.home_score}–{m.away_score}",
                "played": m.played.date().isoformat() if m.played else "",
            }
            for m in snap.matches
        ],
        # A non-blocking row is left out on purpose (a star player's line: no roster player), shown only.
        "unmapped": [{**issue(u.source, u.reason, **u.params), "blocking": u.blocking} for u in snap.unmapped],
        "repairs": [
            {"key": r.source.key, "column": r.column, "before": r.before, "after": r.after} for r in snap.repairs
        ],
        "problems": problems,
    }


def refusals(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Why the real run is refused (all or nothing): every blocking unmapped row and every problem."""
    return [*blocking(report), *report.get("problems", [])]


def blocking(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [u for u in report.get("unmapped", []) if u.get("blocking", True)]


def left_out(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows the decoder leaves out without refusing the dump (star players' and mercenaries' lines)."""
    return [u for u in report.get("unmapped", []) if not u.get("blocking", True)]
