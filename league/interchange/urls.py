"""The league's OBBLM import pages, under /leagues/<slug>/import/obblm/ in the "league" namespace."""

from __future__ import annotations

from django.urls import path

from league.interchange import views

urlpatterns = [
    path("<slug:slug>/import/obblm/", views.obblm_import, name="import_obblm"),
    path("<slug:slug>/import/obblm/<int:pk>/", views.obblm_run, name="import_obblm_run"),
    path("<slug:slug>/import/obblm/<int:pk>/start/", views.obblm_start, name="import_obblm_start"),
    path("<slug:slug>/import/obblm/<int:pk>/progress/", views.obblm_progress, name="import_obblm_progress"),
]
