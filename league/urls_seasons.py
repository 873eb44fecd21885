"""Season pages and the league's calendar feed, under /leagues/<slug>/ in the "league" namespace."""

from __future__ import annotations

from django.urls import path

from league.competitions.challenges.trophies import views as views_trophies
from league.competitions.seasons import calendar as views_calendar
from league.competitions.seasons import views as views_seasons

urlpatterns = [
    path("<slug:slug>/seasons/", views_seasons.season_list, name="seasons"),
    path("<slug:slug>/seasons/new/", views_seasons.season_new, name="season_new"),
    path("<slug:slug>/seasons/<int:number>/", views_seasons.season_detail, name="season"),
    path("<slug:slug>/seasons/<int:number>/fixtures/", views_seasons.season_fixtures, name="season_fixtures"),
    path("<slug:slug>/seasons/<int:number>/reopen/", views_seasons.season_reopen, name="season_reopen"),
    path("<slug:slug>/trophies/", views_trophies.league_trophies, name="trophies"),
    path("<slug:slug>/calendar.ics", views_calendar.league_calendar, name="calendar"),
]
