"""The matches part of the JSON API (/api/matches/)."""

from django.urls import path

from matches.api import corrections
from matches.api import views as api

urlpatterns = [
    path("import/", api.MatchImportApi.as_view(), name="api-matches-import"),
    path("<int:pk>/corrections/", corrections.MatchCorrectionsApi.as_view(), name="api-matches-corrections"),
    path("corrections/<int:cid>/", corrections.CorrectionApi.as_view(), name="api-correction"),
    path("corrections/<int:cid>/confirm/", corrections.CorrectionConfirmApi.as_view(), name="api-correction-confirm"),
    path("corrections/<int:cid>/discard/", corrections.CorrectionDiscardApi.as_view(), name="api-correction-discard"),
]
