"""Form widgets written in Python where Django's templates cost too much.

Django renders each <option> of a <select> through a template of its own: a list of 200 teams
(two of them on the fixtures page) took most of that page's time. QuickSelect writes the same
markup (Django's select.html and select_option.html) in Python.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe


def _attrs(attrs: dict[str, Any]) -> SafeString:
    """As django/forms/widgets/attrs.html: False left out, True as a bare name."""
    return format_html_join(
        "",
        "{}",
        (
            (format_html(" {}", name) if value is True else format_html(' {}="{}"', name, value),)
            for name, value in attrs.items()
            if value is not False
        ),
    )


class QuickSelect(forms.Select):
    def render(self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None) -> SafeString:
        widget = self.get_context(name, value, attrs)["widget"]
        groups = []
        for group_name, options, _index in widget["optgroups"]:
            html = format_html_join(
                "",
                '<option value="{}"{}>{}</option>',
                ((option["value"], _attrs(option["attrs"]), option["label"]) for option in options),
            )
            groups.append(format_html('<optgroup label="{}">{}</optgroup>', group_name, html) if group_name else html)
        return format_html(
            '<select name="{}"{}>{}</select>', widget["name"], _attrs(widget["attrs"]), mark_safe("".join(groups))
        )
