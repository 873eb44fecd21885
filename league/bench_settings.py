"""Settings of the gunicorn that `manage.py bench_league` starts: the real settings (the same
middleware, templates and database configuration from the environment) with the bench's URLconf,
which adds the bare view (league/bench_urls.py). Never used to serve users.
"""

from league.settings import *  # noqa: F403

ROOT_URLCONF = "league.bench_urls"
