"""Bringing one FUMBBL team into a league: its saved team JSON (and optionally its roster JSON).

`parse` reads the files into plain dataclasses (no Django, no ruleset); `mapping` names every part
with the league's ruleset keys, or lists every part that ruleset cannot express; `services`
writes the team, its players, skills, injuries, SPP and treasury in one transaction. The formats
are described in docs/fumbbl-import.md.
"""
