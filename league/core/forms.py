"""Forms of the league and account pages (layout only: the services and Django's auth write)."""

from __future__ import annotations

from typing import Any, cast

from crispy_forms.helper import FormHelper
from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from league.core.models import League
from league.rules import LeagueSetting, SettingChoice, load_ruleset, ruleset_keys


class LeagueCreateForm(forms.Form):
    """A new league: the service checks and writes it (league.core.services.league_create)."""

    name = forms.CharField(label=_("Name"), max_length=100)
    ruleset = forms.ChoiceField(label=_("Ruleset"))
    description = forms.CharField(label=_("Description"), required=False, widget=forms.Textarea(attrs={"rows": 3}))
    language = forms.ChoiceField(label=_("Language of the league"), choices=League.Language.choices)
    membership_mode = forms.ChoiceField(
        label=_("Who may join"), choices=League.MembershipMode.choices, initial=League.MembershipMode.OPEN
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lang = get_language() or "en"
        cast(forms.ChoiceField, self.fields["ruleset"]).choices = ruleset_choices(lang)
        self.fields["language"].initial = "fr" if lang.startswith("fr") else "en"
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True


def ruleset_choices(lang: str) -> list[tuple[str, str]]:
    """Each shipped ruleset with its version, so the commissioner knows which edition is played."""
    return [(key, f"{load_ruleset(key).name(lang)} ({load_ruleset(key).version})") for key in ruleset_keys()]


class RulesetForm(forms.Form):
    """The ruleset a league plays (league.core.services.league_ruleset_change checks and writes)."""

    ruleset = forms.ChoiceField(label=_("Ruleset"), widget=forms.Select(attrs={"class": "form-select"}))
    confirmed = forms.BooleanField(
        label=_("I understand: the settings changed for the current ruleset go back to its defaults."),
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["ruleset"]).choices = ruleset_choices(get_language() or "en")


class NumbersWidget(forms.Widget):
    """One number input per key of a "numbers" setting (a champion's price, a weapon's penalty
    number), each labelled with the key's name; its placeholder is the default an empty input keeps."""

    def __init__(self, choices: tuple[SettingChoice, ...], lang: str) -> None:
        super().__init__()
        self.choices, self.lang = choices, lang

    def value_from_datadict(self, data: Any, files: Any, name: str) -> dict[str, str]:
        return {c.value: data.get(f"{name}__{c.value}", "") for c in self.choices}

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return False

    def id_for_label(self, id_: str) -> str:
        """The row's label names the first input (each input has its own label too)."""
        return f"{id_}__{self.choices[0].value}" if id_ and self.choices else id_

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        values = value if isinstance(value, dict) else {}
        rows = format_html_join(
            "",
            '<div class="input-group input-group-sm mb-1"><label class="input-group-text" for="{0}">{1}</label>'
            '<input type="number" class="form-control" name="{2}" id="{0}" value="{3}" placeholder="{4}"></div>',
            (
                (
                    f"id_{name}__{c.value}",
                    c.label(self.lang),
                    f"{name}__{c.value}",
                    values.get(c.value, ""),
                    c.default or "",
                )
                for c in self.choices
            ),
        )
        return format_html('<div id="id_{}">{}</div>', name, rows)


class NumbersField(forms.Field):
    """Key -> whole number; an empty input is left out (the key keeps its default, or stays unset)."""

    def to_python(self, value: Any) -> dict[str, int]:
        found: dict[str, int] = {}
        for key, text in (value or {}).items():
            text = "" if text is None else str(text).strip()
            if not text:
                continue
            try:
                found[key] = int(text)
            except ValueError:
                raise forms.ValidationError(_("Enter whole numbers only.")) from None
        return found


class LeagueSettingsForm(forms.Form):
    """One field per setting of the ruleset's data ([settings]); the rules engine checks the values."""

    def __init__(self, *args: Any, settings: tuple[LeagueSetting, ...], lang: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.settings = settings
        for setting in settings:
            label = setting.text(lang)
            if setting.kind == "bool":
                self.fields[setting.key] = forms.BooleanField(
                    label=label, required=False, widget=forms.CheckboxInput(attrs={"class": "form-check-input"})
                )
            elif setting.kind == "int":
                # No minimum or step here: the rules engine is the one judge of a value.
                self.fields[setting.key] = forms.IntegerField(
                    label=label, widget=forms.NumberInput(attrs={"class": "form-control form-control-sm"})
                )
            elif setting.kind == "multi":  # several keys ticked (e.g. the inducements a league excludes)
                self.fields[setting.key] = forms.MultipleChoiceField(
                    label=label,
                    required=False,
                    choices=[(c.value, c.label(lang)) for c in setting.choices],
                    widget=forms.CheckboxSelectMultiple(attrs={"class": "form-check-input"}),
                )
            elif setting.kind == "numbers":
                self.fields[setting.key] = NumbersField(
                    label=label, required=False, widget=NumbersWidget(setting.choices, lang)
                )
            else:
                choices = [(c.value, c.label(lang)) for c in setting.choices]
                self.fields[setting.key] = forms.ChoiceField(
                    label=label, choices=choices, widget=forms.Select(attrs={"class": "form-select form-select-sm"})
                )


class InviteForm(forms.Form):
    username = forms.CharField(
        label=_("Coach's user name"), max_length=150, widget=forms.TextInput(attrs={"class": "form-control"})
    )


class MembershipModeForm(forms.Form):
    membership_mode = forms.ChoiceField(
        label=_("Who may join"),
        choices=League.MembershipMode.choices,
        widget=forms.Select(attrs={"class": "form-select"}),
    )
