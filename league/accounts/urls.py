"""/accounts/...: Django's password views under their own names (its views and mails reverse them)."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from league.accounts import views

urlpatterns = [
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("password_reset/done/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(), name="password_reset_confirm"),
    path("reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("password_change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("password_change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("profile/", views.profile, name="profile"),
    path("address/", views.address_change, name="address_change"),
    path("address/resend/", views.confirmation_resend, name="address_resend"),
    path("address/confirm/<str:token>/", views.address_confirm, name="address_confirm"),
]
