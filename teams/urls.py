from __future__ import annotations

from django.urls import path

from league.competitions.seasons.calendar import team_calendar
from teams import views

app_name = "teams"
urlpatterns = [
    path("mine/", views.my_teams, name="mine"),
    path("<int:pk>/", views.team_detail, name="detail"),
    path("<int:pk>/charts/", views.team_charts, name="charts"),
    path("<int:pk>/export.json", views.team_export, name="export"),
    path("<int:pk>/calendar.ics", team_calendar, name="calendar"),
    path("<int:pk>/edit/", views.team_edit, name="edit"),
    path("<int:pk>/edit/fields/", views.team_edit_fields, name="edit_fields"),
    path("<int:pk>/edit/preview/", views.team_edit_preview, name="edit_preview"),
    path("<int:pk>/ready/", views.team_ready, name="ready"),
    path("<int:pk>/retire/", views.team_retire, name="retire"),
    path("<int:pk>/players/hire/", views.player_hire, name="player_hire"),
    path("<int:pk>/players/rookie/", views.rookie_hire, name="rookie_hire"),
    path("<int:pk>/college/", views.team_college, name="college"),
    path("<int:pk>/assistants/titles/", views.team_assistant_titles, name="assistant_titles"),
    path("<int:pk>/allies/hire/", views.ally_hire, name="ally_hire"),
    path("<int:pk>/players/<int:player_pk>/", views.player_detail, name="player"),
    path("<int:pk>/players/<int:player_pk>/fire/", views.player_fire, name="player_fire"),
    path("<int:pk>/players/<int:player_pk>/rename/", views.player_rename, name="player_rename"),
    path("<int:pk>/rerolls/buy/", views.team_buy_reroll, name="buy_reroll"),
    path("<int:pk>/staff/<slug:kind>/hire/", views.staff_hire, name="staff_hire"),
    path("<int:pk>/staff/<slug:kind>/release/", views.staff_fire, name="staff_fire"),
    path("<int:pk>/ledger/<int:entry_pk>/reverse/", views.treasury_reverse, name="treasury_reverse"),
]
