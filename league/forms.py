"""Forms of the league and account pages (layout only: the services and Django's auth write)."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from django.contrib.auth.forms import UserCreationForm


class SignUpForm(UserCreationForm):
    """Django's own sign-up form (username, password twice, its password validators)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
