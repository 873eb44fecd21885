"""The matches part of the JSON API (/api/matches/)."""

from django.urls import path

from matches.api import views as api

urlpatterns = [
    path("import/", api.MatchImportApi.as_view(), name="api-matches-import"),
]
