"""A user's account beyond Django's: the confirmed address, the language of his mail and how he
wants to be told of what happens in his leagues (league.notices)."""
