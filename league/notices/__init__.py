"""What a user is told of what happens in his leagues: one Notification per event and recipient,
read in-app (the menu's badge, /notifications/) and mailed at once, in a daily digest or never,
as his profile says (league.accounts). The events come from the hub (league.core.events)."""
