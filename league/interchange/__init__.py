"""Leagues that come from elsewhere and go elsewhere: OBBLM/NAFLM and FUMBBL imports, the NAF report.

Every file a user hands in goes through `league.interchange.safe` (sizes, encodings, XML without
entities) before any parser sees it; the importers read into plain snapshots (`snapshot.py`) that
name things with the target ruleset's keys, and only the loaders write.
"""
