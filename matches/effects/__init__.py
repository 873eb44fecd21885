"""The post-match effect kinds in the database, one module per family of kinds (players, money,
teams): for each kind how it applies, how it reads in both languages and how it is undone,
registered in matches/services/appliers.py's registry when MatchesConfig.ready() imports them.
Their engine half (data, ledger kind, reversal) is league/rules/postmatch/kinds/."""
