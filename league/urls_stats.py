"""The league's statistics pages, under /leagues/<slug>/stats/ in the "league" namespace."""

from __future__ import annotations

from django.urls import path

from league.competitions.stats import views as views_stats

urlpatterns = [
    path("<slug:slug>/stats/", views_stats.stats_leaders, name="stats"),
    path("<slug:slug>/stats/records/", views_stats.stats_records, name="stats_records"),
    path("<slug:slug>/stats/hall-of-fame/", views_stats.stats_hall_of_fame, name="stats_hall_of_fame"),
    path("<slug:slug>/stats/cemetery/", views_stats.stats_cemetery, name="stats_cemetery"),
]
