"""The account's own pages under /accounts/ (login, logout and sign-up are in league.config.urls)."""

from django.urls import path

from league.accounts import views

app_name = "accounts"
urlpatterns = [
    path("tokens/", views.tokens, name="tokens"),
    path("tokens/<int:pk>/revoke/", views.token_revoke_view, name="token_revoke"),
]
