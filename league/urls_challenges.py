"""League challenges' pages, under /leagues/<slug>/seasons/<number>/challenges/ ("league" namespace)."""

from __future__ import annotations

from django.urls import path

from league.competitions.challenges import views as views_challenges

urlpatterns = [
    path(
        "<slug:slug>/seasons/<int:number>/challenges/",
        views_challenges.season_challenges,
        name="season_challenges",
    ),
    path(
        "<slug:slug>/seasons/<int:number>/challenges/<int:pk>/answer/",
        views_challenges.challenge_answer,
        name="challenge_answer",
    ),
    path(
        "<slug:slug>/seasons/<int:number>/challenges/<int:pk>/rule/",
        views_challenges.challenge_rule,
        name="challenge_rule",
    ),
]
