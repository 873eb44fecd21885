"""The matches part of the JSON API (/api/matches/)."""

urlpatterns: list = []
