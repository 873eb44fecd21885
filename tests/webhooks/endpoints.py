"""The webhooks pages' write endpoints, whose permission matrix is tests/webhooks/test_pages.py
(listed in tests/web/test_write_matrix.py)."""

WRITES = ("league:webhooks", "league:webhook_remove", "league:webhook_test", "league:webhook_retry")
