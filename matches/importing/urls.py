"""The match-report upload page (/matches/import/)."""

from django.urls import path

from matches.importing import views as import_views

app_name = "match_import"
urlpatterns = [
    path("", import_views.match_import, name="upload"),
]
