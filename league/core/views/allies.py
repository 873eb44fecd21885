"""The league's ally table page: every row (host race, allied race, position, cap) and, for the
commissioner, a form to add or change one (cap 0 removes it). Only where the ruleset has allies."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core.allies import CAP_MAX, ally_rule_set, ally_rules
from league.core.permissions import is_commissioner, signed_in
from league.core.selectors import audit_of, league_or_404
from league.rules import AllyParameters, Ruleset, collation_key, load_ruleset


class AllyRuleForm(forms.Form):
    host_race = forms.ChoiceField(label=gettext_lazy("Team"))
    ally_race = forms.ChoiceField(label=gettext_lazy("Allied team"))
    position = forms.CharField(label=gettext_lazy("Position (key)"), max_length=40)
    cap = forms.IntegerField(label=gettext_lazy("At most"), min_value=0, max_value=CAP_MAX, initial=1)

    def __init__(self, *args: Any, ruleset: Ruleset, lang: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        races = sorted(ruleset.teams.values(), key=lambda t: collation_key(t.name(lang)))
        choices = [(t.key, t.name(lang)) for t in races]
        for name in ("host_race", "ally_race"):
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)
            field.choices = choices
        self.fields["position"].help_text = _("A position of the allied team; a cap of 0 removes the row.")


def _rows(league: Any, ruleset: Ruleset, lang: str) -> list[dict[str, Any]]:
    rows = []
    for rule in ally_rules(league):
        host, ally = ruleset.teams.get(rule.host_race), ruleset.teams.get(rule.ally_race)
        try:
            position = ally.position(rule.position).name(lang) if ally else rule.position
        except KeyError:
            position = rule.position
        rows.append(
            {
                "rule": rule,
                "host": host.name(lang) if host else rule.host_race,
                "ally": ally.name(lang) if ally else rule.ally_race,
                "position": position,
            }
        )
    return rows


@require_http_methods(["GET", "POST"])
def league_allies(request: HttpRequest, slug: str) -> HttpResponse:
    league = league_or_404(slug)
    ruleset = load_ruleset(league.ruleset)
    group = ruleset.group(AllyParameters)
    if group is None:
        raise Http404("This league's ruleset has no allies.")
    lang = get_language() or "en"
    commissioner = is_commissioner(request.user, league)
    form = AllyRuleForm(request.POST or None, ruleset=ruleset, lang=lang)
    if request.method == "POST":
        if not commissioner:
            raise PermissionDenied(_("Only a commissioner of the league may change its ally table."))
        if form.is_valid():
            cd = form.cleaned_data
            try:
                ally_rule_set(
                    league=league,
                    by=signed_in(request.user),
                    host_race=cd["host_race"],
                    ally_race=cd["ally_race"],
                    position=cd["position"].strip(),
                    cap=cd["cap"],
                )
            except ValidationError as refusal:
                for message in refusal.messages:
                    messages.error(request, message)
            else:
                messages.success(request, _("Ally table updated."))
                return redirect(reverse("league:allies", args=[league.slug]))
    return render(
        request,
        "league/allies.html",
        {
            "league": league,
            "group": group,
            "rows": _rows(league, ruleset, lang),
            "form": form,
            "commissioner": commissioner,
            "history": audit_of(league, "league.ally_rule.changed"),
        },
    )
