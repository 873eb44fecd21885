"""The match page's form raising a dead opponent (matches/services/raised.py): the mechanism and
its victim in one choice, the new player's name and, optionally, his number. Rendered only: the
view hands what is posted to the service, which checks it all."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from matches.services.raised import RaiseOffer


class RaiseForm(forms.Form):
    choice = forms.ChoiceField(label=_("Raised from"))
    name = forms.CharField(label=_("Name"), max_length=80)
    number = forms.IntegerField(label=_("Number"), min_value=1, max_value=99, required=False)

    def __init__(self, *args: Any, offers: list[RaiseOffer], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["choice"]).choices = [
            (offer.name, [(f"{offer.key}:{v.pk}", f"{v} → {offer.position}") for v in offer.victims])
            for offer in offers
        ]
