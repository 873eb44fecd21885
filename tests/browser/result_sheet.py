"""The result sheet's "Add a player's event" control, as a user drives it."""

from __future__ import annotations


def add_event(page, pk: int) -> None:
    """Choose the player in his side's control and press Add: his fields show."""
    box = page.locator(f'.add-event:has(option[value="{pk}"])')
    box.locator("select").select_option(str(pk))
    box.get_by_role("button").click()
    page.locator(f"#player-{pk}").wait_for(state="visible")
