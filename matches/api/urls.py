"""The matches part of the JSON API (/api/matches/)."""

from django.urls import path

from matches.api import corrections, decisions, flow
from matches.api import views as api

urlpatterns = [
    path("import/", api.MatchImportApi.as_view(), name="api-matches-import"),
    path("<int:pk>/", flow.MatchApi.as_view(), name="api-matches-detail"),
    path("<int:pk>/prematch/petty-cash/", flow.PettyCashApi.as_view(), name="api-matches-petty-cash"),
    path("<int:pk>/prematch/inducements/", flow.InducementsApi.as_view(), name="api-matches-inducements"),
    path("<int:pk>/prematch/", flow.PrematchApi.as_view(), name="api-matches-prematch"),
    path("<int:pk>/result/", flow.ResultApi.as_view(), name="api-matches-result"),
    path("<int:pk>/submit/", flow.SubmitApi.as_view(), name="api-matches-submit"),
    path("<int:pk>/withdraw/", flow.WithdrawApi.as_view(), name="api-matches-withdraw"),
    path("<int:pk>/send-back/", flow.SendBackApi.as_view(), name="api-matches-send-back"),
    path("<int:pk>/confirm/", flow.ConfirmApi.as_view(), name="api-matches-confirm"),
    path("decisions/<slug:kind>/<int:pk>/", decisions.DecisionApi.as_view(), name="api-matches-decision"),
    path("<int:pk>/corrections/", corrections.MatchCorrectionsApi.as_view(), name="api-matches-corrections"),
    path("corrections/<int:cid>/", corrections.CorrectionApi.as_view(), name="api-correction"),
    path("corrections/<int:cid>/confirm/", corrections.CorrectionConfirmApi.as_view(), name="api-correction-confirm"),
    path("corrections/<int:cid>/discard/", corrections.CorrectionDiscardApi.as_view(), name="api-correction-discard"),
]
