"""The league's webhooks pages, under /leagues/<slug>/webhooks/ in the "league" namespace."""

from __future__ import annotations

from django.urls import path

from league.webhooks import views

urlpatterns = [
    path("<slug:slug>/webhooks/", views.webhook_list, name="webhooks"),
    path("<slug:slug>/webhooks/<int:pk>/", views.webhook_deliveries, name="webhook"),
    path("<slug:slug>/webhooks/<int:pk>/remove/", views.webhook_remove, name="webhook_remove"),
    path("<slug:slug>/webhooks/<int:pk>/test/", views.webhook_test, name="webhook_test"),
    path(
        "<slug:slug>/webhooks/<int:pk>/deliveries/<int:delivery>/retry/",
        views.delivery_retry,
        name="webhook_retry",
    ),
]
