"""League webhooks: the league's events (league.core.events) sent to a URL the commissioner adds, signed and retried."""
