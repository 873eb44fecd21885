"""Match pages (views in matches/views/)."""

from django.urls import path

from matches import views

app_name = "matches"
urlpatterns = [
    path("", views.match_list, name="list"),
    path("schedule/<slug:slug>/", views.match_schedule_view, name="schedule"),
    path("improvements/<int:roll_id>/", views.improvement_roll, name="improvement"),
    path("decisions/<slug:kind>/<int:pk>/", views.decision, name="decision"),
    path("corrections/<int:cid>/", views.correction_page, name="correction"),
    path("<int:pk>/", views.match_detail, name="detail"),
    path("<int:pk>/status/", views.match_status, name="status"),
    path("<int:pk>/prematch/", views.match_prematch, name="prematch"),
    path("<int:pk>/prematch/budget/", views.match_prematch_budget, name="prematch_budget"),
    path("<int:pk>/prematch/petty-cash/", views.match_petty_cash, name="petty_cash"),
    path("<int:pk>/prematch/inducements/", views.match_inducements, name="inducements"),
    path("<int:pk>/prematch/cards/", views.match_card_buy, name="card_buy"),
    path("<int:pk>/cards/play/", views.match_card_play, name="card_play"),
    path("<int:pk>/result/", views.match_result, name="result"),
    path("<int:pk>/dice/", views.match_dice, name="dice"),
    path("<int:pk>/submit/", views.match_submit, name="submit"),
    path("<int:pk>/confirm/", views.match_confirm, name="confirm"),
    path("<int:pk>/send-back/", views.match_send_back, name="send_back"),
    path("<int:pk>/withdraw/", views.match_withdraw, name="withdraw"),
    path("<int:pk>/retry/", views.match_retry, name="retry"),
    path("<int:pk>/held/<int:line_id>/", views.held_line, name="held"),
    path("<int:pk>/correct/", views.match_correct, name="correct"),
    path("<int:pk>/raise/", views.match_raise, name="raise"),
]
