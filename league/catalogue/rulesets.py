"""The public ruleset pages: each shipped ruleset, its version, and where it departs from the
reference ruleset, each difference with the page of the ruleset's own text that says so."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import get_language

from league.rules import Ruleset, load_ruleset, reference_ruleset_key, ruleset_differences, ruleset_keys


def _shipped(key: str) -> Ruleset:
    if key not in ruleset_keys():
        raise Http404("Unknown ruleset")
    return load_ruleset(key)


def index(request: HttpRequest) -> HttpResponse:
    lang = get_language() or "en"
    reference = reference_ruleset_key()
    rulesets = [
        {
            "key": key,
            "name": load_ruleset(key).name(lang),
            "version": load_ruleset(key).version,
            "is_reference": key == reference,
            "differences": len(ruleset_differences(key)),
        }
        for key in ruleset_keys()
    ]
    return render(request, "catalogue/rulesets.html", {"rulesets": rulesets})


def detail(request: HttpRequest, key: str) -> HttpResponse:
    lang = get_language() or "en"
    ruleset = _shipped(key)
    reference = load_ruleset(reference_ruleset_key())
    differences = [
        {
            "key": d.topic_key,
            "topic": d.topic(lang),
            "reference": d.reference(lang),
            "this": d.this(lang),
            "source": d.source,
        }
        for d in ruleset_differences(key)
    ]
    return render(
        request,
        "catalogue/ruleset.html",
        {
            "ruleset": ruleset,
            "ruleset_name": ruleset.name(lang),
            "ruleset_source": ruleset.source_text(lang),
            "is_reference": ruleset.key == reference.key,
            "reference": reference,
            "reference_name": reference.name(lang),
            "differences": differences,
        },
    )


app_name = "rulesets"
urlpatterns = [
    path("", index, name="index"),
    path("<slug:key>/", detail, name="detail"),
]
