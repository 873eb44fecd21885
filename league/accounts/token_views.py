"""The personal API tokens page (/accounts/tokens/): a user lists, makes and revokes his own tokens.

A new token's secret is on the answer to the POST that made it, and nowhere else: not in a
redirect's address, not in the session, not in the page cache (no-store)."""

from __future__ import annotations

from typing import cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from league.accounts.tokens import token_create, token_of_user_or_404, token_revoke, tokens_of


class TokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=80,
        help_text=gettext_lazy("What the token is for, to tell your tokens apart (e.g. “results script”)."),
    )


@login_required
@require_http_methods(["GET", "POST"])
def tokens(request: HttpRequest) -> HttpResponse:
    user = cast(AbstractBaseUser, request.user)  # login_required
    form = TokenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        made = token_create(user=user, name=form.cleaned_data["name"])
        response = render(request, "accounts/token_created.html", {"token": made.token, "secret": made.secret})
        add_never_cache_headers(response)
        return response
    return render(request, "accounts/tokens.html", {"form": form, "tokens": tokens_of(user)})


@login_required
@require_http_methods(["GET", "POST"])
def token_revoke_view(request: HttpRequest, pk: int) -> HttpResponse:
    """GET asks for confirmation; POST revokes: every request carrying the token is refused from then on."""
    user = cast(AbstractBaseUser, request.user)  # login_required
    token = token_of_user_or_404(user, pk)
    if request.method == "POST":
        token_revoke(token=token, by=user)
        messages.success(request, _("Token “%(name)s” revoked: it no longer opens the API.") % {"name": token.name})
        return redirect("accounts:tokens")
    return render(request, "accounts/token_revoke.html", {"token": token})
