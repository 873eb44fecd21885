"""Match pages (views in matches/views*)."""

from django.urls import path

from matches import views

app_name = "matches"
urlpatterns = [
    path("<int:pk>/", views.match_detail, name="detail"),
]
