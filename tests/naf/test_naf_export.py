"""The NAF report of a season through its page, its download and the API (docs/naf-report.md)."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest
import xmlschema
from rest_framework.test import APIClient

from league.interchange.naf.report import NAMESPACE, SCHEMA

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = ROOT / "docs" / "examples" / "naf-report.xml"
URL = "/leagues/test-league/seasons/1/naf/"


def canonical(xml: bytes | str) -> str:
    text = xml.decode("utf-8") if isinstance(xml, bytes) else xml
    return ElementTree.canonicalize(text, strip_text=True)


def download(client, organiser: str = "Test League") -> bytes:
    response = client.get(URL, {"organiser": organiser, "download": "1"})
    assert response.status_code == 200, response.content[:500]
    assert response["Content-Type"] == "application/xml; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="naf-test-league-season-1.xml"'
    return response.content


def texts(xml: bytes, path: str) -> list[str]:
    root = ElementTree.fromstring(xml)
    return [e.text or "" for e in root.iterfind(path, {"naf": NAMESPACE})]


def test_the_season_exports_the_documented_report_and_it_validates(naf_season, boss):
    xml = download(boss, "Bob's <Bowl> & Co")
    assert canonical(xml) == canonical(EXPECTED.read_bytes())
    xmlschema.XMLSchema(str(ROOT / "docs" / "examples" / "naf.xsd")).validate(xml.decode("utf-8"))
    # The shipped schema the code validates with is the documented one.
    assert SCHEMA.read_bytes() == (ROOT / "docs" / "examples" / "naf.xsd").read_bytes()


def test_time_stamps_read_the_calendar_year_and_the_minutes(naf_season, boss):
    stamps = texts(download(boss), "naf:game/naf:timeStamp")
    # A January round at 13:01 stays 13:01 (not the month); 2024-12-30 stays in 2024 (not week-year 2025).
    assert stamps == ["2024-12-30 20:15", "2025-01-11 13:01", "2025-02-01 18:30"]


def test_names_holding_markup_are_escaped(naf_season, boss):
    xml = download(boss, "Bob's <Bowl> & Co")
    assert b"<naf:organiser>Bob's &lt;Bowl&gt; &amp; Co</naf:organiser>" in xml
    assert b"<naf:name>Jack &amp; Jill</naf:name>" in xml and b"&lt;Grim&gt; Bob" in xml
    assert texts(xml, "naf:coaches/naf:coach/naf:name") == ["<Grim> Bob", "dave", "Jack & Jill"]


def test_coaches_without_a_number_and_their_games_are_left_out_and_listed(naf_season, boss):
    page = boss.get(URL)
    assert page.status_code == 200
    html = page.content.decode()
    left_out = html[html.index('id="naf-left-out"') : html.index('id="naf-games-left-out-heading"')]
    assert "carol" in left_out and "No NAF number on his account" in left_out
    games = html[html.index('id="naf-games-left-out"') :]
    assert "Reavers – Carol&#x27;s Humans" in games
    # Its result was never entered: the day the coaches gave as played on, at 00:00.
    assert "2025-01-12 00:00" in games
    assert "3 games go in the report." in html
    xml = download(boss)
    assert "carol" not in xml.decode() and len(texts(xml, "naf:game")) == 3


def test_the_organiser_is_the_league_unless_changed_and_never_empty(naf_season, boss):
    assert texts(download(boss), "naf:organiser") == ["Test League"]
    assert 'value="Test League"' in boss.get(URL).content.decode()
    for asked in ({"organiser": " ", "download": "1"}, {"download": "1"}):
        refused = boss.get(URL, asked)
        assert refused.status_code == 400 and "Give the organiser" in refused.content.decode()


def test_only_a_commissioner_reaches_the_report(naf_season, client, coach_alice):
    assert client.get(URL).status_code == 302  # to the login
    client.force_login(coach_alice)
    assert client.get(URL).status_code == 403
    api = APIClient()
    assert api.get("/api/leagues/test-league/seasons/1/naf.xml").status_code == 401
    api.force_authenticate(coach_alice)
    assert api.get("/api/leagues/test-league/seasons/1/naf.xml").status_code == 403


def test_the_api_serves_the_same_report(naf_season, boss, commissioner):
    api = APIClient()
    api.force_authenticate(commissioner)
    response = api.get("/api/leagues/test-league/seasons/1/naf.xml", {"organiser": "Bob's <Bowl> & Co"})
    assert response.status_code == 200 and response["Content-Type"] == "application/xml; charset=utf-8"
    assert canonical(response.content) == canonical(EXPECTED.read_bytes())


def test_a_season_without_a_reportable_game_downloads_nothing(league, boss, commissioner):
    from league.competitions.seasons.models import Season

    Season.objects.create(league=league, number=1, name="Season 1", status=Season.Status.REGULAR)
    page = boss.get(URL, {"organiser": "Test League", "download": "1"})
    assert page.status_code == 400 and "No game can be reported" in page.content.decode()
    api = APIClient()
    api.force_authenticate(commissioner)
    refused = api.get("/api/leagues/test-league/seasons/1/naf.xml")
    assert refused.status_code == 400 and refused.json()["code"] == "refused"


def test_a_report_the_schema_refuses_is_an_error_page_never_a_file(naf_season, boss, commissioner):
    from matches.models import Match

    # A team rating beyond the schema's xs:int: the only way our data can break the schema.
    Match.objects.filter(season=naf_season, home_score=2).update(home_tv=10**15)
    page = boss.get(URL, {"organiser": "Test League", "download": "1"})
    assert page.status_code == 500 and "Content-Disposition" not in page
    assert "does not follow the NAF" in page.content.decode() and 'id="naf-invalid-errors"' in page.content.decode()
    api = APIClient()
    api.force_authenticate(commissioner)
    refused = api.get("/api/leagues/test-league/seasons/1/naf.xml")
    assert refused.status_code == 500 and refused.json()["code"] == "invalid_report"


def test_the_page_in_french(naf_season, boss):
    html = boss.get(URL, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Rapport NAF" in html and "Aucun numéro NAF sur son compte" in html
