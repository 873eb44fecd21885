"""The account pages' forms: the reset request (mailed in its reader's language), the profile's
preferences and a new address."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.contrib.auth.models import AbstractBaseUser
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from league.accounts.models import Profile
from league.accounts.selectors import address_taken, mail_language


def _helper() -> FormHelper:
    helper = FormHelper()
    helper.form_tag = False
    helper.disable_csrf = True
    return helper


# Django's own "Enter a valid email address" reads "adresse e-mail" in French, an English word on a
# French page (tests/web/test_french_pages.py): the site's own words instead.
INVALID_ADDRESS = {"invalid": _("Enter a valid address, such as name@example.org.")}


class SignUpForm(UserCreationForm):
    """Django's own sign-up form (username, password twice, its password validators) and an address,
    which a mailed link confirms (league.accounts.services.sign_up)."""

    email = forms.EmailField(
        label=_("Email address"),
        max_length=254,
        help_text=_("A link to confirm it is mailed to it."),
        error_messages=INVALID_ADDRESS,
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = _helper()

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"].strip()
        if address_taken(email):
            raise forms.ValidationError(_("Another account has this address."))
        return email


class MailedPasswordResetForm(PasswordResetForm):
    """Django's reset request, its mail written in the language of the account's profile (the
    request may come from a browser in another language)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].error_messages.update(INVALID_ADDRESS)

    def send_mail(
        self, subject_template_name: str, email_template_name: str, context: dict[str, Any], *args: Any, **kwargs: Any
    ) -> None:
        with translation.override(mail_language(context["user"])):
            super().send_mail(subject_template_name, email_template_name, context, *args, **kwargs)


class PreferencesForm(forms.Form):
    language = forms.ChoiceField(label=_("Language of my mail"), choices=settings.LANGUAGES)
    mail_mode = forms.ChoiceField(label=_("News of my leagues by mail"), choices=Profile.MailMode.choices)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = _helper()


# The NAF report writes the number as an xs:int (docs/naf-report.md).
NAF_NUMBER_ERRORS = {
    "invalid": _("A NAF number is a whole number above zero, such as 12345."),
    "min_value": _("A NAF number is a whole number above zero, such as 12345."),
    "max_value": _("This NAF number is too large: check it on your NAF membership."),
}


class NafForm(forms.Form):
    """The coach's NAF number and name, for the NAF tournament report of his league's seasons."""

    naf_number = forms.IntegerField(
        label=_("NAF number"),
        required=False,
        min_value=1,
        max_value=2**31 - 1,
        error_messages=NAF_NUMBER_ERRORS,
        help_text=_("Without one, your games are left out of the NAF report."),
    )
    naf_name = forms.CharField(
        label=_("NAF name"),
        required=False,
        max_length=60,
        help_text=_("Your name at the NAF, if it is not your username."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = _helper()


class AddressForm(forms.Form):
    """A new address: it becomes the account's when the link mailed to it is followed."""

    email = forms.EmailField(label=_("New address"), max_length=254, error_messages=INVALID_ADDRESS)

    def __init__(self, *args: Any, user: AbstractBaseUser, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.helper = _helper()

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"].strip()
        if email.lower() == getattr(self.user, "email", "").lower():
            raise forms.ValidationError(_("This is already your address."))
        if address_taken(email, besides=self.user):
            raise forms.ValidationError(_("Another account has this address."))
        return email
