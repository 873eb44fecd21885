"""OBBLM/NAFLM dumps: the version tables, version detection, the decoder and the recount.

The decoding side is pure Python (no Django): `decode.decode()` turns a parsed dump's tables into a
`league.interchange.snapshot.LeagueSnapshot`; `recompute` recounts what OBBLM caches and lists the
differences. The loader (`load`, `load_matches`, `plan`, `mapping`: Django) writes a snapshot
into a league. Spec: import-export-formats.md §1, §5 and its addendum.
"""
