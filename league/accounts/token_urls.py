"""The personal API tokens' pages, /accounts/tokens/ (namespace "accounts"); the password and
address pages are in league/accounts/urls.py, under the names Django's auth views reverse."""

from django.urls import path

from league.accounts import token_views

app_name = "accounts"
urlpatterns = [
    path("tokens/", token_views.tokens, name="tokens"),
    path("tokens/<int:pk>/revoke/", token_views.token_revoke_view, name="token_revoke"),
]
