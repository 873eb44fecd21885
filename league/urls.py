from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from league import views

league_patterns = ([path("<slug:slug>/", views.league_detail, name="detail")], "league")

urlpatterns = [
    path("", views.home, name="home"),
    path("leagues/", include(league_patterns)),
    path("teams/", include("teams.urls")),
    path("rosters/", include("league.catalogue")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/", include("league.api_urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
