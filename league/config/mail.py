"""Where the site's mail goes, read from the environment (league/config/settings.py).

Either one EMAIL_URL:

    smtp://user:password@mail.example.org:587?tls=1   SMTP, STARTTLS after connecting (port 25 by default)
    smtps://user:password@mail.example.org            SMTP over TLS from the start (port 465 by default)
    console://                                        printed on the standard output
    file:///var/lib/league/mail                       one file per message in that folder

or Django's own EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS and
EMAIL_USE_SSL, never both. A user name or password holding "@", ":" or "/" is percent-encoded in
the URL (%40, %3A, %2F). With neither, mail is written to files under var/mail/: `make run` needs no
mail server, and a developer opens the reset or confirmation link from the file. Files rather than
the console even with DEBUG: on the console a link is lost among the request log lines, and in
production the console is the log, where a password reset link must not be kept.

Anything this module cannot read refuses to start (ImproperlyConfigured) with the reason, rather
than a site that starts and silently loses its mail.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

SMTP = "django.core.mail.backends.smtp.EmailBackend"
BACKENDS = {
    "console": "django.core.mail.backends.console.EmailBackend",
    "file": "django.core.mail.backends.filebased.EmailBackend",
    "locmem": "django.core.mail.backends.locmem.EmailBackend",
    "dummy": "django.core.mail.backends.dummy.EmailBackend",
}
TRUE, FALSE = {"1", "true", "yes", "on"}, {"0", "false", "no", "off", ""}
OPTIONS = {"tls", "ssl", "timeout"}


def _flag(name: str, value: str) -> bool:
    if value.strip().lower() in TRUE:
        return True
    if value.strip().lower() in FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be 1 or 0 (true/false), got {value!r}")


def _number(name: str, value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, got {value!r}") from None
    if number <= 0:
        raise ImproperlyConfigured(f"{name} must be positive, got {value!r}")
    return number


def _smtp(
    host: str, port: int | None, user: str, password: str, tls: bool, ssl: bool, timeout: int | None
) -> dict[str, Any]:
    if tls and ssl:
        raise ImproperlyConfigured("mail: choose TLS (STARTTLS, smtp://...?tls=1) or SSL (smtps://), not both")
    return {
        "EMAIL_BACKEND": SMTP,
        "EMAIL_HOST": host,
        "EMAIL_PORT": port or (465 if ssl else 587 if tls else 25),
        "EMAIL_HOST_USER": user,
        "EMAIL_HOST_PASSWORD": password,
        "EMAIL_USE_TLS": tls,
        "EMAIL_USE_SSL": ssl,
        "EMAIL_TIMEOUT": timeout,
    }


def parse_email_url(url: str) -> dict[str, Any]:
    """Django's EMAIL_* settings for one EMAIL_URL (the forms in the module's docstring)."""
    shown = url.split("@")[-1]  # never the password in an error message
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise ImproperlyConfigured(f"EMAIL_URL is not a URL ({exc}): …@{shown}") from None
    scheme = parts.scheme.lower()
    options = dict(parse_qsl(parts.query, keep_blank_values=True))
    unknown = sorted(set(options) - OPTIONS)
    if unknown:
        raise ImproperlyConfigured(f"EMAIL_URL: unknown option {', '.join(unknown)} (known: tls, ssl, timeout)")
    if scheme in {"smtp", "smtps"}:
        if not parts.hostname:
            raise ImproperlyConfigured(f"EMAIL_URL names no mail server: {scheme}://…@{shown}")
        timeout = _number("EMAIL_URL's timeout", options["timeout"]) if "timeout" in options else None
        return _smtp(
            parts.hostname,
            port,
            unquote(parts.username or ""),
            unquote(parts.password or ""),
            tls=_flag("EMAIL_URL's tls", options.get("tls", "")),
            ssl=scheme == "smtps" or _flag("EMAIL_URL's ssl", options.get("ssl", "")),
            timeout=timeout,
        )
    if scheme == "file":
        path = unquote(parts.path)
        if parts.netloc or not path.startswith("/") or path == "/":
            raise ImproperlyConfigured(
                f"EMAIL_URL file:// needs an absolute folder, as file:///var/mail/league, got {url!r}"
            )
        return {"EMAIL_BACKEND": BACKENDS["file"], "EMAIL_FILE_PATH": path}
    if scheme in BACKENDS and not parts.netloc.strip("/") and not parts.path.strip("/"):
        return {"EMAIL_BACKEND": BACKENDS[scheme]}
    raise ImproperlyConfigured(
        f"EMAIL_URL must be smtp://, smtps://, file:///folder, console://, locmem:// or dummy://, got {scheme or 'no'} scheme"
    )


def mail_settings(env: Mapping[str, str], base_dir: Path) -> dict[str, Any]:
    """Every mail setting from the environment `env` (empty values count as unset)."""
    value = {name: env.get(name, "").strip() for name in env}
    default_from = value.get("DEFAULT_FROM_EMAIL") or "Blood Bowl league <noreply@localhost>"
    common = {"DEFAULT_FROM_EMAIL": default_from, "SERVER_EMAIL": value.get("SERVER_EMAIL") or default_from}
    url, host = value.get("EMAIL_URL", ""), value.get("EMAIL_HOST", "")
    if url and host:
        raise ImproperlyConfigured("set EMAIL_URL or EMAIL_HOST (with EMAIL_PORT...), not both")
    if url:
        return {**common, **parse_email_url(url)}
    if host:
        port = value.get("EMAIL_PORT", "")
        timeout = value.get("EMAIL_TIMEOUT", "")
        return {
            **common,
            **_smtp(
                host,
                _number("EMAIL_PORT", port) if port else None,
                value.get("EMAIL_HOST_USER", ""),
                env.get("EMAIL_HOST_PASSWORD", ""),  # as given: a password may end with a space
                tls=_flag("EMAIL_USE_TLS", value.get("EMAIL_USE_TLS", "")),
                ssl=_flag("EMAIL_USE_SSL", value.get("EMAIL_USE_SSL", "")),
                timeout=_number("EMAIL_TIMEOUT", timeout) if timeout else None,
            ),
        }
    return {**common, "EMAIL_BACKEND": BACKENDS["file"], "EMAIL_FILE_PATH": str(base_dir / "var" / "mail")}
