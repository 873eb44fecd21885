"""The match-report upload page (/matches/import/)."""

urlpatterns: list = []
