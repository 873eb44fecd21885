"""The league app's models, each defined in its room; Django loads an app's models from here.

Code imports a model from its room (league.core.models, league.competitions.seasons.models...), never from
this index, so that no room reaches a higher one through it (pyproject.toml, import contracts)."""

from __future__ import annotations

from league.accounts.models import ApiToken, Profile
from league.competitions.challenges.models import Challenge
from league.competitions.challenges.trophies.models import SeasonTrophy, Trophy, TrophyAward
from league.competitions.derived.models import (
    DerivedDirty,
    LeagueDerived,
    LeagueRecord,
    PlayerTotal,
    SeasonDerived,
    StandingRow,
)
from league.competitions.seasons.models import (
    Bracket,
    BracketGame,
    Bye,
    Round,
    Season,
    SeasonTeam,
    StandingsLot,
    StandingsOrder,
)
from league.core.models import (
    AllyRule,
    AuditEntry,
    HouseRule,
    League,
    Membership,
    MembershipRequest,
    OutboxEntry,
    Revision,
    SiteRevision,
)
from league.interchange.models import ImportedObject, ImportRun
from league.notices.models import Notification
from league.ratings.models import RatingEntry
from league.webhooks.models import Delivery, Webhook

__all__ = [
    "ApiToken",
    "Profile",
    "AuditEntry",
    "Bracket",
    "BracketGame",
    "Bye",
    "Challenge",
    "DerivedDirty",
    "LeagueDerived",
    "LeagueRecord",
    "PlayerTotal",
    "SeasonDerived",
    "StandingRow",
    "AllyRule",
    "HouseRule",
    "ImportedObject",
    "ImportRun",
    "League",
    "Membership",
    "MembershipRequest",
    "Notification",
    "OutboxEntry",
    "RatingEntry",
    "Revision",
    "Round",
    "Season",
    "SeasonTeam",
    "SeasonTrophy",
    "SiteRevision",
    "StandingsLot",
    "StandingsOrder",
    "Trophy",
    "TrophyAward",
    "Delivery",
    "Webhook",
]
