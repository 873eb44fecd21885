"""What a ruleset offers: team lists and their rules, skills, characteristics, values, tables, trophies."""

from __future__ import annotations
