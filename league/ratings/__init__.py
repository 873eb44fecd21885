"""Coach and team ratings, computed from the matches in play order (docs/ratings.md)."""
