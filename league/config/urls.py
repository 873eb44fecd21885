from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from league.competitions.challenges.urls import urlpatterns as challenge_patterns
from league.competitions.seasons.urls import urlpatterns as season_patterns
from league.competitions.standings import views as views_standings
from league.competitions.standings.playoffs import views as views_playoffs
from league.competitions.stats.urls import urlpatterns as stats_patterns
from league.core.views import allies as views_allies
from league.core.views import members as views_members
from league.core.views import roster as views_roster
from league.core.views import settings as views_settings
from league.interchange.fumbbl import views as views_fumbbl
from league.interchange.naf.urls import urlpatterns as naf_patterns
from league.interchange.urls import urlpatterns as import_patterns
from league.notices import views as views_notices
from league.pages import ratings as views_ratings
from league.pages import views
from league.webhooks.urls import urlpatterns as webhook_patterns
from teams import views as team_views

league_patterns = (
    [
        path("new/", views.league_new, name="new"),
        path("<slug:slug>/", views.league_detail, name="detail"),
        path("<slug:slug>/join/", views.league_join, name="join"),
        path("<slug:slug>/teams/", views.league_teams, name="teams"),
        path("<slug:slug>/settings/", views_settings.league_settings, name="settings"),
        path("<slug:slug>/settings/ruleset/", views_settings.league_ruleset, name="ruleset"),
        path(
            "<slug:slug>/settings/standings/",
            views_standings.standings_settings_page,
            name="standings_settings",
        ),
        path(
            "<slug:slug>/seasons/<int:number>/standings/",
            views_standings.season_standings,
            name="season_standings",
        ),
        path("<slug:slug>/coaches/", views_members.league_members, name="members"),
        path("<slug:slug>/ratings/", views_ratings.league_ratings, name="ratings"),
        path("<slug:slug>/ratings/coaches/<int:user_id>/", views_ratings.coach_rating, name="coach_rating"),
        path("<slug:slug>/roster-catalogue/", views_roster.roster_catalogue, name="roster_catalogue"),
        path("<slug:slug>/allies/", views_allies.league_allies, name="allies"),
        path("<slug:slug>/mail/", views_notices.league_mail, name="mail"),
        path("<slug:slug>/seasons/<int:number>/playoffs/", views_playoffs.season_playoffs, name="season_playoffs"),
        # Building a team belongs to a league, so its pages live under the league's URL.
        path("<slug:slug>/teams/new/", team_views.team_new, name="team_new"),
        path("<slug:slug>/teams/new/fields/", team_views.team_new_fields, name="team_new_fields"),
        path("<slug:slug>/teams/new/preview/", team_views.team_new_preview, name="team_new_preview"),
        path("<slug:slug>/import/fumbbl/", views_fumbbl.fumbbl_import_page, name="import_fumbbl"),
        *season_patterns,
        *challenge_patterns,
        *stats_patterns,
        *webhook_patterns,
        *naf_patterns,
        *import_patterns,
    ],
    "league",
)

# 403 and 404 use Django's handlers (templates/403.html, 404.html, rendered with the request);
# 400 needs its own to get the menu; 500.html is rendered without a request on purpose.
handler400 = "league.pages.views.bad_request"

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("leagues/", include(league_patterns)),
    path("teams/", include("teams.urls")),
    path("matches/import/", include("matches.importing.urls")),
    path("matches/", include("matches.urls")),
    path("notifications/", include("league.notices.urls")),
    path("rosters/", include("league.catalogue.views")),
    path("rulesets/", include("league.catalogue.rulesets")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/", include("league.accounts.urls")),
    path("accounts/", include("league.accounts.token_urls")),
    path("api/matches/", include("matches.api.urls")),
    path("api/", include("league.api.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
