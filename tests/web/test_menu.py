"""The menu links every section a user may use: the import page for a logged-in user, the admin for staff."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def menu(client) -> str:
    html = client.get(reverse("catalogue:index")).content.decode()
    return html.split('id="main-nav"', 1)[1].split("</nav>", 1)[0]


def test_a_visitor_sees_the_public_sections(client):
    nav = menu(client)
    for url in (reverse("home"), reverse("catalogue:index"), reverse("matches:list"), reverse("api-docs")):
        assert f'href="{url}"' in nav
    for url in (reverse("match_import:upload"), reverse("teams:mine"), reverse("admin:index")):
        assert f'href="{url}"' not in nav


def test_a_coach_also_sees_his_teams_and_the_import(client, coach_alice):
    client.force_login(coach_alice)
    nav = menu(client)
    assert f'href="{reverse("teams:mine")}"' in nav and f'href="{reverse("match_import:upload")}"' in nav
    assert f'href="{reverse("admin:index")}"' not in nav


def test_staff_also_sees_the_admin(client, user_factory):
    client.force_login(user_factory("root", is_staff=True))
    assert f'href="{reverse("admin:index")}"' in menu(client)
