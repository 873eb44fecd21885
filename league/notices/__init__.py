"""Notifications: in-app (a menu badge and a page) and by mail, told of the league's events (league.core.events)."""
