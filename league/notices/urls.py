from __future__ import annotations

from django.urls import path

from league.notices import views

app_name = "notices"
urlpatterns = [
    path("", views.notification_list, name="list"),
    path("<int:pk>/", views.notification_follow, name="follow"),
    path("read-all/", views.notification_read_all, name="read_all"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
