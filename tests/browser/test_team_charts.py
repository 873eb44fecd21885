"""A team's charts in Chromium: team value, treasury and results, drawn on
the server as SVG, each visible with a size, and a screenshot of each in the test artifacts."""

from __future__ import annotations

import pytest

from tests.stats.small_league import build_small

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHARTS = ("chart-team-value", "chart-treasury", "chart-results")


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 900}, {"width": 390, "height": 844}], ids=["desktop", "phone"]
)
def test_each_chart_renders_in_chromium(page, live_server, artifacts_dir, django_user_model, viewport):
    small = build_small(django_user_model)
    small.more(8)  # a dozen matches: lines and bars with some length
    team = small.teams["Reavers"]
    page.set_viewport_size(viewport)
    page.goto(live_server.url + team.get_absolute_url())
    page.click("#charts-link")
    page.wait_for_url(live_server.url + f"/teams/{team.pk}/charts/")
    name = "desktop" if viewport["width"] > 800 else "phone"
    for chart_id in CHARTS:
        chart = page.locator(f"svg#{chart_id}")
        chart.scroll_into_view_if_needed()
        assert chart.is_visible(), chart_id
        box = chart.bounding_box()
        assert box is not None and box["width"] > 100 and box["height"] > 40, (chart_id, box)
        # Accessible: an image with its title and description.
        assert chart.get_attribute("role") == "img"
        assert page.locator(f"#{chart_id}-title").text_content()
        assert page.locator(f"#{chart_id}-desc").text_content()
        # Drawn: points or bars with a size of their own, not an empty frame.
        marks = chart.locator("circle, rect")
        assert marks.count() >= 3
        mark = marks.first.bounding_box()
        assert mark is not None and mark["width"] > 0 and mark["height"] > 0
        # Never wider than the screen (a phone reads it without sideways scrolling).
        assert box["x"] + box["width"] <= viewport["width"] + 1
        chart.screenshot(path=str(artifacts_dir / f"chart-{name}-{chart_id.removeprefix('chart-')}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_the_leaders_page_on_a_phone(page, live_server, artifacts_dir, django_user_model):
    """The statistics read on a phone: the table scrolls in its own box, the page does not."""
    small = build_small(django_user_model)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + small.league.get_absolute_url())
    page.click("#stats-link")
    page.wait_for_url(live_server.url + f"/leagues/{small.league.slug}/stats/")
    assert page.locator("#leaders-table tbody tr").count() == 4
    assert page.locator('#stats-tops [data-stat="spp"]').text_content() == "26"
    page.screenshot(path=str(artifacts_dir / "stats-leaders-phone.png"), full_page=True)
    # Sorting is a link: the page comes back sorted by the column, on the server.
    page.locator('#leaders-table th[data-column="casualties"] a').click()
    page.wait_for_url("**sort=casualties")
    assert page.locator("#leaders-table tbody tr").first.get_attribute("data-player") == str(small.players["A2"].pk)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.goto(live_server.url + f"/leagues/{small.league.slug}/stats/cemetery/")
    page.screenshot(path=str(artifacts_dir / "stats-cemetery-phone.png"), full_page=True)
