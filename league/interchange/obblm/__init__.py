"""OBBLM/NAFLM dumps: the version tables, version detection, the decoder and the recount.

Pure Python (no Django): `decode.decode()` turns a parsed dump's tables into a
`league.interchange.snapshot.LeagueSnapshot`; `recompute` recounts what OBBLM caches and lists the
differences. Spec: import-export-formats.md §1, §5 and its addendum.
"""
