"""A crowded roster for the team-page browser tests: 16 humans with long names, an Ogre with five
skills (990,000 gp), in a league of its own with a commissioner "boss" and the coach "coach"."""

from __future__ import annotations

SPEC = [("lineman", 11), ("catcher", 2), ("thrower", 1), ("blitzer", 1), ("ogre", 1)]


def sixteen_humans(django_user_model, *, league_name: str, password: str = "pw-{name}"):
    from league.core.services import league_create, league_join

    from teams.services import PlayerOrder, team_create

    boss, coach = (
        django_user_model.objects.create_user(username=n, password=password.format(name=n)) for n in ("boss", "coach")
    )
    league = league_create(name=league_name, ruleset="lrb6", commissioner=boss)
    league_join(league=league, user=coach)
    players = [
        PlayerOrder(position=pos, name=f"{pos.title()} the Long-Named {i + 1}") for pos, n in SPEC for i in range(n)
    ]
    return team_create(
        league=league, coach=coach, name="Middenheim Marauders of the Sixteen", race="human", players=players
    )


def humans_and_orcs(django_user_model, *, league_name: str):
    """A league run by "boss" where alice coaches eleven human linemen (550,000 with their
    treasury's worth) and bob eleven orc linemen with fan factor 3 (580,000). Returns
    (boss, league, humans, orcs)."""
    from league.core.services import league_create, league_join

    from teams.services import PlayerOrder, team_create

    boss, alice, bob = (
        django_user_model.objects.create_user(username=n, password=f"pw-{n}-1988") for n in ("boss", "alice", "bob")
    )
    league = league_create(name=league_name, ruleset="lrb6", commissioner=boss)
    for coach in (alice, bob):
        league_join(league=league, user=coach)
    linemen = {side: [PlayerOrder("lineman", f"{side}{i}") for i in range(1, 12)] for side in "HO"}
    humans = team_create(league=league, coach=alice, name="Reavers", race="human", players=linemen["H"])
    orcs = team_create(league=league, coach=bob, name="Gouged Eye", race="orc", fan_factor=3, players=linemen["O"])
    return boss, league, humans, orcs
