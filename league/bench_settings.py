"""Settings of the gunicorn that `manage.py bench_league` starts: the real settings (the same
middleware, templates and database configuration from the environment) with the bench's URLconf,
which adds the bare view (league/tooling/bench_urls.py). Never used to serve users.
"""

from league.config.settings import *  # noqa: F403

ROOT_URLCONF = "league.tooling.bench_urls"
# The yardstick stays bare: the page cache passes it by (league/tooling/bench_urls.py BARE_PATH), so that it
# costs no revision query.
PAGE_CACHE_EXCLUDE = (*PAGE_CACHE_EXCLUDE, "/bench-league/bare/")  # noqa: F405
