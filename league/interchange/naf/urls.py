"""The NAF report page, under /leagues/<slug>/ in the "league" namespace."""

from __future__ import annotations

from django.urls import path

from league.interchange.naf import views

urlpatterns = [
    path("<slug:slug>/seasons/<int:number>/naf/", views.naf_report, name="season_naf"),
]
