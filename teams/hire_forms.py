"""The forms of a ready team's house-rule hires and fields: a free rookie, an ally of the league's
table, the college of magic (each shown only where the league's ruleset has the rule)."""

from __future__ import annotations

from typing import Any, cast

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Layout, Row
from django import forms
from django.utils.translation import gettext_lazy as _

from teams.forms import Choices, PositionField


class RookieHireForm(forms.Form):
    """A free rookie (rulesets with [parameters.rookies]): the position is the rules'; name and number optional."""

    number = forms.IntegerField(
        label=_("Number"), required=False, min_value=1, max_value=99, help_text=_("Empty: the first free number.")
    )
    name = forms.CharField(label=_("Name"), max_length=80, required=False, help_text=_("Empty: “Rookie <number>”."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(Row(Column("number", css_class="col-sm-3"), Column("name", css_class="col-sm-9")))


class CollegeForm(forms.Form):
    college = forms.CharField(label=_("College of magic"), max_length=80, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True


class AllyHireForm(forms.Form):
    """An ally of the league's table (the ruleset's [parameters.allies]): "<race>:<position>", a number, a name."""

    ally = PositionField(label=_("Ally"))
    number = forms.IntegerField(
        label=_("Number"), required=False, min_value=1, max_value=99, help_text=_("Empty: the first free number.")
    )
    name = forms.CharField(label=_("Name"), max_length=80)

    def __init__(self, *args: Any, allies: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(PositionField, self.fields["ally"]).set_choices(allies, blank=False)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(
            Row(
                Column("ally", css_class="col-sm-5"),
                Column("number", css_class="col-sm-2"),
                Column("name", css_class="col-sm-5"),
            ),
        )


class AssistantTitlesForm(forms.Form):
    """The assistant coaches' titles, one a line (a ruleset that gives each a title of his own)."""

    titles = forms.CharField(
        label=_("Titles, one a line"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("One different title for each assistant coach, e.g. “Offensive coordinator”."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
