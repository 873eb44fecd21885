"""URLs of the JSON API (/api/). Views live in each app's api.py (teams: the teams/api/ package)."""

from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from league.api.index import ApiIndexApi
from league.catalogue import api as league_api
from league.competitions.seasons import api as seasons_api
from league.competitions.seasons import api_fixtures as fixtures_api
from league.competitions.standings import api as standings_api
from league.interchange.naf import api as naf_api
from league.notices import api as notices_api
from league.ratings import api as ratings_api
from teams import api as teams_api

urlpatterns = [
    path("", ApiIndexApi.as_view(), name="api-index"),
    path("rulesets/", league_api.RulesetListApi.as_view(), name="api-rulesets"),
    path("rulesets/<str:key>/", league_api.RulesetDetailApi.as_view(), name="api-ruleset"),
    path("rulesets/<str:key>/teams/<str:team_key>/", league_api.RulesetTeamApi.as_view(), name="api-ruleset-team"),
    path("teams/", teams_api.TeamsApi.as_view(), name="api-teams"),
    path("teams/<int:team_id>/", teams_api.TeamApi.as_view(), name="api-team"),
    path("teams/<int:team_id>/ready/", teams_api.TeamReadyApi.as_view(), name="api-team-ready"),
    path("teams/<int:team_id>/hire/", teams_api.TeamHireApi.as_view(), name="api-team-hire"),
    path("teams/<int:team_id>/rookies/", teams_api.TeamRookieApi.as_view(), name="api-team-rookies"),
    path("teams/<int:team_id>/college/", teams_api.TeamCollegeApi.as_view(), name="api-team-college"),
    path("teams/<int:team_id>/allies/hire/", teams_api.TeamAllyHireApi.as_view(), name="api-team-ally-hire"),
    path("teams/<int:team_id>/rerolls/", teams_api.TeamRerollApi.as_view(), name="api-team-rerolls"),
    path("teams/<int:team_id>/staff/", teams_api.TeamStaffApi.as_view(), name="api-team-staff"),
    path("teams/<int:team_id>/retire/", teams_api.TeamRetireApi.as_view(), name="api-team-retire"),
    path("teams/<int:team_id>/ledger/", teams_api.LedgerApi.as_view(), name="api-team-ledger"),
    path(
        "teams/<int:team_id>/ledger/<int:entry_id>/reverse/",
        teams_api.LedgerReverseApi.as_view(),
        name="api-team-ledger-reverse",
    ),
    path("players/<int:player_id>/", teams_api.PlayerApi.as_view(), name="api-player"),
    path("players/<int:player_id>/fire/", teams_api.PlayerFireApi.as_view(), name="api-player-fire"),
    path("notifications/", notices_api.NotificationsApi.as_view(), name="api-notifications"),
    path("notifications/read/", notices_api.NotificationsReadApi.as_view(), name="api-notifications-read"),
    path("leagues/<slug:slug>/ratings/", ratings_api.LeagueRatingsApi.as_view(), name="api-league-ratings"),
    path("leagues/<slug:slug>/seasons/", seasons_api.SeasonsApi.as_view(), name="api-seasons"),
    path("leagues/<slug:slug>/seasons/<int:number>/", seasons_api.SeasonApi.as_view(), name="api-season"),
    path(
        "leagues/<slug:slug>/seasons/<int:number>/advance/",
        seasons_api.SeasonAdvanceApi.as_view(),
        name="api-season-advance",
    ),
    path(
        "leagues/<slug:slug>/seasons/<int:number>/teams/", seasons_api.SeasonTeamsApi.as_view(), name="api-season-teams"
    ),
    path(
        "leagues/<slug:slug>/seasons/<int:number>/teams/<int:team_id>/",
        seasons_api.SeasonTeamApi.as_view(),
        name="api-season-team",
    ),
    path(
        "leagues/<slug:slug>/seasons/<int:number>/fixtures/",
        fixtures_api.FixturesApi.as_view(),
        name="api-season-fixtures",
    ),
    path("leagues/<slug:slug>/seasons/<int:number>/naf.xml", naf_api.NafReportApi.as_view(), name="api-season-naf"),
    path(
        "leagues/<slug:slug>/seasons/<int:number>/standings/",
        standings_api.StandingsApi.as_view(),
        name="api-season-standings",
    ),
    path(
        "leagues/<slug:slug>/seasons/<int:number>/playoffs/",
        standings_api.PlayoffsApi.as_view(),
        name="api-season-playoffs",
    ),
    path(
        "leagues/<slug:slug>/seasons/<int:number>/playoffs/preview/",
        standings_api.PlayoffsPreviewApi.as_view(),
        name="api-season-playoffs-preview",
    ),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", league_api.OfflineRedocView.as_view(url_name="api-schema"), name="api-redoc"),
]
