"""The league's settings page: its commissioner changes the optional rules (house rules)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import number_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core import services
from league.core.forms import LeagueSettingsForm, RulesetForm
from league.core.permissions import is_commissioner, signed_in
from league.core.selectors import (
    league_has_house_rules,
    league_has_teams,
    league_or_404,
    league_setting_changes,
    league_setting_values,
)
from league.rules import AllyParameters, LeagueSetting, load_ruleset


def shown(setting: LeagueSetting | None, value: object, lang: str) -> str:
    """A setting's value as the reader reads it."""
    if setting is None:
        return str(value)
    if setting.kind == "bool" or isinstance(value, bool):
        return _("Yes") if value else _("No")
    if setting.kind == "choice":
        labels = {c.value: c.label(lang) for c in setting.choices}
        return labels.get(str(value), str(value))
    if setting.kind == "multi" and isinstance(value, list | tuple):
        labels = {c.value: c.label(lang) for c in setting.choices}
        return ", ".join(labels.get(str(key), str(key)) for key in value) or _("none")
    if setting.kind == "numbers" and isinstance(value, dict):
        labels = {c.value: c.label(lang) for c in setting.choices}
        amount = (
            (lambda n: _("%(amount)s gp") % {"amount": number_format(n, force_grouping=True)}) if setting.gp else str
        )
        return ", ".join(f"{labels.get(str(key), str(key))}: {amount(number)}" for key, number in value.items()) or "—"
    if isinstance(value, int):
        text = number_format(value, force_grouping=True)
        return _("%(amount)s gp") % {"amount": text} if setting.gp else text
    return str(value)


@require_http_methods(["GET", "POST"])
def league_settings(request: HttpRequest, slug: str) -> HttpResponse:
    league = league_or_404(slug)
    if not is_commissioner(request.user, league):
        raise PermissionDenied(_("Only the league's commissioner may change its settings."))
    lang = get_language() or "en"
    ruleset = load_ruleset(league.ruleset)
    settings = ruleset.league_settings
    by_key = {s.key: s for s in settings}
    current = league_setting_values(league)
    form = LeagueSettingsForm(
        request.POST if request.method == "POST" else None, settings=settings, lang=lang, initial=current
    )
    if request.method == "POST" and form.is_valid():
        try:
            changes = services.league_settings_update(
                league=league, by=signed_in(request.user), values=form.cleaned_data
            )
        except ValidationError as refusal:
            form.add_error(None, refusal)
        else:
            if changes:
                lines = [
                    f"{by_key[c['setting']].text(lang)} {shown(by_key[c['setting']], c['old'], lang)} → "
                    f"{shown(by_key[c['setting']], c['new'], lang)}"
                    for c in changes
                ]
                messages.success(request, _("Settings saved: %(changes)s") % {"changes": " · ".join(lines)})
            else:
                messages.info(request, _("Nothing changed."))
            return redirect("league:settings", slug=league.slug)
    groups: list[dict[str, Any]] = []
    for setting in settings:
        if not groups or groups[-1]["key"] != setting.group:
            group = ruleset.setting_groups[setting.group]
            groups.append({"key": setting.group, "name": group.name(lang), "rows": []})
        groups[-1]["rows"].append(
            {
                "setting": setting,
                "field": form[setting.key],
                "default": shown(setting, setting.default, lang),
                "current": shown(setting, current[setting.key], lang),
                "changed": current[setting.key] != setting.default,
            }
        )
    changes = [
        {
            "entry": entry,
            "label": by_key[entry.data.get("setting")].text(lang)
            if entry.data.get("setting") in by_key
            else entry.data.get("setting"),
            "old": shown(by_key.get(entry.data.get("setting")), entry.data.get("old"), lang),
            "new": shown(by_key.get(entry.data.get("setting")), entry.data.get("new"), lang),
        }
        for entry in league_setting_changes(league)
    ]
    return render(
        request,
        "league/settings.html",
        {
            "league": league,
            "form": form,
            "groups": groups,
            "changes": changes,
            "ruleset_name": ruleset.name(lang),
            "ruleset_form": RulesetForm(initial={"ruleset": league.ruleset}),
            "ruleset_locked": league_has_teams(league),
            "has_house_rules": league_has_house_rules(league),
            "has_allies": ruleset.group(AllyParameters) is not None,
        },
    )


@require_http_methods(["POST"])
def league_ruleset(request: HttpRequest, slug: str) -> HttpResponse:
    """The commissioner picks another ruleset, until the first team is created (the page asks him
    to confirm: the house rules of the old one go)."""
    league = league_or_404(slug)
    if not is_commissioner(request.user, league):
        raise PermissionDenied(_("Only the league's commissioner may change its settings."))
    form = RulesetForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the rulesets listed."))
        return redirect("league:settings", slug=league.slug)
    if (
        form.cleaned_data["ruleset"] != league.ruleset
        and league_has_house_rules(league)
        and not form.cleaned_data["confirmed"]
    ):
        messages.error(request, _("Tick the box to confirm: this league's changed settings go back to the defaults."))
        return redirect("league:settings", slug=league.slug)
    try:
        changed = services.league_ruleset_change(
            league=league, by=signed_in(request.user), ruleset=form.cleaned_data["ruleset"]
        )
    except ValidationError as refusal:
        messages.error(request, " ".join(refusal.messages))
    else:
        name = load_ruleset(league.ruleset).name(get_language() or "en")
        if changed:
            messages.success(request, _("The league now plays %(ruleset)s.") % {"ruleset": name})
        else:
            messages.info(request, _("Nothing changed."))
    return redirect("league:settings", slug=league.slug)
