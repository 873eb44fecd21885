"""Settings for the Blood Bowl league manager.

Everything comes from the environment (twelve-factor), completed by a git-ignored `.env` file
that `make install` / `make run` create for development (DEBUG=1 and a random SECRET_KEY). With
nothing else set you get a SQLite file under var/ and Celery tasks that run in-process, so
`make run` needs no infrastructure;
DATABASE_URL switches to PostgreSQL and CELERY_BROKER_URL to a real broker (Redis).
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from league.api.docs import API_DESCRIPTION
from league.config.mail import mail_settings
from league.infra.release import code_release

BASE_DIR = Path(__file__).resolve().parents[2]  # league/config/settings.py -> the project root


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines of a dotenv file (`make install` writes one for development).

    Deliberately tiny, no new dependency: blank lines and # comments are skipped, an optional
    `export ` prefix and one pair of matching quotes around the value are dropped, nothing is
    expanded. A line that is not KEY=VALUE is refused loudly rather than silently ignored.
    """
    values: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.removeprefix("export ").partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key.isidentifier():
            raise ImproperlyConfigured(f"{path}, line {number}: expected KEY=VALUE, got {raw!r}")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key] = value
    return values


# The real environment wins over the file; ENV_FILE names another file ("" reads none).
ENV_FILE = os.environ.get("ENV_FILE", str(BASE_DIR / ".env"))
if ENV_FILE and Path(ENV_FILE).is_file():
    for _key, _value in read_env_file(Path(ENV_FILE)).items():
        os.environ.setdefault(_key, _value)


def envbool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name, "").strip().lower()
    if value == "":
        return default
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), got {value!r}")


def envint(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if value == "":
        return default
    try:
        return int(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be an integer, got {value!r}") from exc


def envstr(name: str, default: str = "") -> str:
    # An empty value means "unset": dj-database-url turns DATABASE_URL="" into {} and Django
    # then fails with an obscure error, so empty strings fall back to the default everywhere.
    value = os.environ.get(name, "").strip()
    return value or default


DEBUG = envbool("DEBUG", False)

SECRET_KEY = envstr("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is required when DEBUG is off. For local development run `make install` "
            "(it writes a git-ignored .env with DEBUG=1 and a random SECRET_KEY) or export SECRET_KEY."
        )
    SECRET_KEY = "insecure-development-key-only-used-when-DEBUG-is-on"

ALLOWED_HOSTS = [h.strip() for h in envstr("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [o.strip() for o in envstr("CSRF_TRUSTED_ORIGINS").split(",") if o.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_htmx",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "league.apps.LeagueConfig",
    "teams.apps.TeamsConfig",
    "matches.apps.MatchesConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Above the session: a page kept for this browser is served again without loading it.
    "league.infra.page_cache.PageCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Below the locale: its messages are in the request's language.
    "league.infra.middleware.ApiErrorMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # After authentication and messages: its 400 page is a page of the site, with the menu.
    "league.infra.middleware.RefuseBadInputMiddleware",
    "league.infra.page_menu.MenuOnlyMiddleware",  # below all a menu reads: a reader's menu alone
    # Last, as django-axes asks: turns a lockout flagged during the request into its response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "league.config.urls"
WSGI_APPLICATION = "league.config.wsgi.application"
ASGI_APPLICATION = "league.config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "matches.context_processors.actions_waiting_badge",
                "league.notices.context_processors.unread_badge",
            ],
        },
    },
]

# Database: SQLite file by default, PostgreSQL (or anything dj-database-url knows) by DATABASE_URL.
DATABASE_URL = envstr("DATABASE_URL")
if DATABASE_URL:
    # Connections are kept DB_CONN_MAX_AGE seconds (a new PostgreSQL connection costs about 7 ms
    # here, more than a whole simple request) and checked before reuse, by requests and tasks alike.
    DATABASES: dict[str, Any] = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=envint("DB_CONN_MAX_AGE", 60), conn_health_checks=True
        )
    }
else:
    SQLITE_PATH = Path(envstr("SQLITE_PATH", str(BASE_DIR / "var" / "db.sqlite3")))
    SQLITE_PATH.parent.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": SQLITE_PATH,
            # select_for_update is a no-op on SQLite: IMMEDIATE transactions take the write
            # lock up front so two post-match runs cannot interleave, and the timeout makes
            # the second one wait instead of failing with "database is locked".
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache holds computed season tables, leaders and statistics (league/competitions/standings/cache.py,
# league/competitions/stats/cache.py), keyed by versions read from the database on every request, never from the
# cache: a write seen by one process changes the key in every process. So the default, one cache per
# process, is correct under several gunicorn and Celery workers; CACHE_URL=redis://... shares one
# cache between them, which only saves each process computing the same table once.
CACHE_URL = envstr("CACHE_URL")
CACHES: dict[str, dict[str, Any]] = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
# Whole pages kept until a write that can change them (league/infra/page_cache.py): the same store, its
# own alias; in one process's memory at most 2,000 pages (about 20 KB each). 0 seconds: off.
CACHES["pages"] = {**CACHES["default"], "KEY_PREFIX": "pages"}
if not CACHE_URL:
    CACHES["pages"]["OPTIONS"] = {"MAX_ENTRIES": 2000}
PAGE_CACHE_SECONDS = envint("PAGE_CACHE_SECONDS", 300)
PAGE_CACHE_EXCLUDE: tuple[str, ...] = ("/admin/", "/api/")
# A league's busiest pages rendered once its results are in, in these languages (empty: none; page_warm.py).
PAGE_WARM_LANGUAGES = [code for code in envstr("PAGE_WARM_LANGUAGES", "en,fr").split(",") if code.strip()]
# Every key carries the code's release (league/infra/release.py): no page of the previous templates served.
for _alias in CACHES:
    CACHES[_alias]["KEY_PREFIX"] = "-".join(filter(None, [code_release(BASE_DIR), CACHES[_alias].get("KEY_PREFIX")]))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Failed logins are throttled by django-axes (docs/decisions/operations.md, "Failed logins are
# throttled by django-axes, not DRF"): its backend comes first and refuses a locked-out account or
# address before ModelBackend hashes any password.
AUTHENTICATION_BACKENDS = [
    "league.infra.lockout.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# LOGIN_FAILURE_LIMIT failed logins for one account (from anywhere), or from one address (for any
# account), block logging in there for LOGIN_LOCKOUT_MINUTES, on the login page, the admin and the API.
AXES_FAILURE_LIMIT = envint("LOGIN_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = timedelta(minutes=envint("LOGIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]  # each on its own: either one locks
AXES_RESET_ON_SUCCESS = True
# A locked-out attempt is neither counted nor written: the lockout ends when announced, and a flood
# of attempts costs one read each (no password hash, no write).
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "league.infra.lockout.lockout_response"
AXES_VERBOSE = False  # no banner on every manage.py command; failures and lockouts are still logged
# The address is REMOTE_ADDR; behind reverse proxies, each appending to X-Forwarded-For, say how many
# (otherwise every visitor has the proxy's address, and one lockout would block them all).
TRUSTED_PROXY_COUNT = envint("TRUSTED_PROXY_COUNT", 0)
AXES_CLIENT_IP_CALLABLE = "league.infra.lockout.client_ip"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Mail: EMAIL_URL (smtp://user:pass@host:587?tls=1, smtps://..., console://, file:///folder) or Django's
# EMAIL_HOST, EMAIL_PORT...; without either, one file per message under var/mail/ (league/config/mail.py).
_MAIL = mail_settings(os.environ, BASE_DIR)
EMAIL_BACKEND: str = _MAIL["EMAIL_BACKEND"]
DEFAULT_FROM_EMAIL: str = _MAIL["DEFAULT_FROM_EMAIL"]
SERVER_EMAIL: str = _MAIL["SERVER_EMAIL"]
EMAIL_HOST: str = _MAIL.get("EMAIL_HOST", "localhost")
EMAIL_PORT: int = _MAIL.get("EMAIL_PORT", 25)
EMAIL_HOST_USER: str = _MAIL.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD: str = _MAIL.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS: bool = _MAIL.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL: bool = _MAIL.get("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT: int = _MAIL.get("EMAIL_TIMEOUT") or 30  # a mail server that hangs must not hang a page
EMAIL_FILE_PATH: str = _MAIL.get("EMAIL_FILE_PATH", str(BASE_DIR / "var" / "mail"))
# Password reset and confirmation mails: at most ACCOUNT_MAILS_PER_HOUR asked for one address, and as
# many from one client address, in an hour (league/accounts/throttle.py).
ACCOUNT_MAILS_PER_HOUR = envint("ACCOUNT_MAILS_PER_HOUR", 5)
# How long the link confirming an address stays valid (a password reset link: Django's PASSWORD_RESET_TIMEOUT).
EMAIL_CONFIRM_DAYS = envint("EMAIL_CONFIRM_DAYS", 3)

# Internationalisation: English and French from day one; the switcher posts to /i18n/setlang/.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = envstr("TIME_ZONE", "Europe/Paris")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)  # whitenoise warns on every request when it is missing
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": envstr("STATICFILES_BACKEND", "whitenoise.storage.CompressedStaticFilesStorage")},
}
# Without collectstatic (development, tests) whitenoise serves straight from the finders.
WHITENOISE_USE_FINDERS = envbool("WHITENOISE_USE_FINDERS", True)

# The JSON API: same services and permissions as the pages; documentation served offline.
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # A personal token (Authorization: Bearer) first, then Basic, so that an anonymous write gets 401
    # with a WWW-Authenticate challenge (a "log in" answer) rather than the 403 that also means "you
    # may not". Session still works for the browsable API and Swagger (with the CSRF token on writes).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "league.accounts.authentication.BearerTokenAuthentication",
        "rest_framework.authentication.BasicAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # The JSON parser refuses NUL characters, numbers no column holds and deep nesting (league.infra.inputs).
    "DEFAULT_PARSER_CLASSES": [
        "league.infra.api_parsing.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "league.infra.api_parsing.Pagination",
    "PAGE_SIZE": 50,
    # One error shape for every error, whatever the authentication (league/infra/api_errors.py).
    "EXCEPTION_HANDLER": "league.infra.api_exceptions.api_exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Blood Bowl league manager API",
    "DESCRIPTION": API_DESCRIPTION,  # authentication, throttling and the one error shape
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Deep links put a link inside each operation's toggle button (nested controls, WCAG 4.1.2);
    # without them the path is plain text in the button. docs/decisions/operations.md,
    # "The API docs pages get our own templates".
    "SWAGGER_UI_SETTINGS": {"deepLinking": False},
}

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Celery: no broker means tasks run in-process (eager), so nothing is needed to try the app.
CELERY_BROKER_URL = envstr("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True  # a worker killed mid-task leaves the message to be redelivered
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True  # progress lives in the database, not in a result backend
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_TIME_LIMIT = envint("CELERY_TASK_TIME_LIMIT", 300)
# The sweep queues confirmed matches that never reached a worker (broker down), resumes runs
# whose worker died and retries the ones a fault interrupted; `make worker` runs the scheduler
# inside the worker (-B). With the lease below, a killed worker's match runs again within
# lease + period = 45 s (matches.services.faults).
POSTGAME_SWEEP_SECONDS = envint("POSTGAME_SWEEP_SECONDS", 15)
CELERY_BEAT_SCHEDULE = {
    "sweep-postgame": {"task": "matches.sweep_postgame", "schedule": POSTGAME_SWEEP_SECONDS},
    # Notifications (league/notices/tasks.py): the users in digest mode get theirs once a day, at
    # DIGEST_HOUR (UTC); mail queued while the broker was down is queued again every hour.
    "mail-digests": {"task": "notices.mail_digests", "schedule": crontab(hour=envint("DIGEST_HOUR", 7), minute=0)},
    "sweep-mail": {"task": "notices.sweep_mail", "schedule": 3600},
    # The listeners' work a write left in the outbox whose task never came (league/core/outbox.py).
    "sweep-outbox": {"task": "league.sweep_outbox", "schedule": 60},
    # Ratings (league/ratings/tasks.py): a league whose rating of a match never ran is mended.
    "sweep-ratings": {"task": "ratings.sweep", "schedule": envint("RATINGS_SWEEP_SECONDS", 600)},
}
# A worker sends at most one outbox task per listener this often, delayed by as much: notifications,
# webhooks and ratings follow a burst of sequences in batches (league/core/outbox.py).
OUTBOX_DELAY = float(envstr("OUTBOX_DELAY", "2.0"))
# How long a post-match run owns its match before another worker may resume it: far longer than a
# run (a sequence takes a tenth of a second, the largest replay of `make bench` under 2 s), short
# enough for a dead worker's match to run again within a minute. A run that outlives it is never
# doubled: the one that takes over waits for its teams' locks, then finds the match processed.
POSTGAME_LEASE_SECONDS = envint("POSTGAME_LEASE_SECONDS", 30)
# A pause in the middle of applying a post-match sequence (players written, gold and teams not yet),
# for tests that kill a worker there.
POSTGAME_APPLY_DELAY = float(envstr("POSTGAME_APPLY_DELAY", "0"))

# The site's public address, for the absolute links sent out of a request (mail, league webhooks):
# a worker has no request to build it from.
SITE_URL = envstr("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# League webhooks post only to public addresses (no loopback, private or link-local host: SSRF);
# tests and local setups allow the private ones.
WEBHOOKS_ALLOW_PRIVATE = envbool("WEBHOOKS_ALLOW_PRIVATE", False)
WEBHOOKS_TIMEOUT_SECONDS = envint("WEBHOOKS_TIMEOUT_SECONDS", 5)

# The rules engine: which rulesets a league may choose (folders of league/rules/data/).
# "" = the rules engine's default (league/rules/data/rulesets.toml); a key picks another shipped one.
DEFAULT_RULESET = envstr("DEFAULT_RULESET", "")

if not DEBUG:
    # Served over HTTPS: set these in production (`check --deploy` then only asks about the
    # optional HSTS subdomain and preload policies, which are the operator's choice).
    SESSION_COOKIE_SECURE = envbool("SECURE_COOKIES", False)
    CSRF_COOKIE_SECURE = envbool("SECURE_COOKIES", False)
    SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", False)
    SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 0)
    if envbool("BEHIND_HTTPS_PROXY", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": envstr("LOG_LEVEL", "INFO")},
    # django-axes logs every successful login at INFO; failures and lockouts are WARNING.
    "loggers": {"axes": {"level": envstr("AXES_LOG_LEVEL", "WARNING")}},
}

try:  # An optional, git-ignored league/config/local_settings.py overrides anything above.
    from .local_settings import *  # noqa: F401,F403
except ImportError:
    pass
