"""The NAF tournament report of a season: its page, its download and its API (docs/naf-report.md)."""
