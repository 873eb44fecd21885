"""Mail settings from the environment (league/config/mail.py): EMAIL_URL, Django's EMAIL_* names,
the default folder, and the refusals that keep a misconfigured site from starting."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from league.config.mail import mail_settings, parse_email_url
from tests.test_settings_env import run

BASE = Path("/srv/league")
SMTP = "django.core.mail.backends.smtp.EmailBackend"


def test_smtp_with_starttls_and_a_percent_encoded_password():
    s = parse_email_url("smtp://coach%40example.org:p%40ss%3Aword@mail.example.org:587?tls=1")
    assert s == {
        "EMAIL_BACKEND": SMTP,
        "EMAIL_HOST": "mail.example.org",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "coach@example.org",
        "EMAIL_HOST_PASSWORD": "p@ss:word",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
        "EMAIL_TIMEOUT": None,
    }


def test_smtps_and_default_ports():
    s = parse_email_url("smtps://u:p@mail.example.org?timeout=10")
    assert (s["EMAIL_PORT"], s["EMAIL_USE_SSL"], s["EMAIL_USE_TLS"], s["EMAIL_TIMEOUT"]) == (465, True, False, 10)
    assert parse_email_url("smtp://mail.example.org")["EMAIL_PORT"] == 25
    assert parse_email_url("smtp://mail.example.org?tls=1")["EMAIL_PORT"] == 587
    plain = parse_email_url("smtp://localhost:1025")
    assert (plain["EMAIL_HOST_USER"], plain["EMAIL_HOST_PASSWORD"], plain["EMAIL_USE_TLS"]) == ("", "", False)


def test_console_file_and_memory():
    assert parse_email_url("console://") == {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    assert parse_email_url("file:///var/lib/league/mail") == {
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": "/var/lib/league/mail",
    }
    assert parse_email_url("locmem://")["EMAIL_BACKEND"].endswith("locmem.EmailBackend")


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("smtp://", "names no mail server"),
        ("smtp://u:secret@mail.example.org:notaport", "not a URL"),
        ("smtp://mail.example.org?tls=maybe", "must be 1 or 0"),
        ("smtp://mail.example.org?tls=1&ssl=1", "not both"),
        ("smtps://mail.example.org?starttls=1", "unknown option starttls"),
        ("smtp://mail.example.org?timeout=-3", "must be positive"),
        ("file://relative/folder", "absolute folder"),
        ("file:///", "absolute folder"),
        ("console://somewhere", "must be smtp://"),
        ("imap://mail.example.org", "must be smtp://"),
        ("mail.example.org", "must be smtp://"),
    ],
)
def test_a_bad_email_url_is_refused_with_its_reason(url, reason):
    with pytest.raises(ImproperlyConfigured, match=reason):
        parse_email_url(url)


def test_the_password_never_shows_in_a_refusal():
    with pytest.raises(ImproperlyConfigured) as refusal:
        parse_email_url("smtp://u:hunter2@mail.example.org:99999")
    assert "hunter2" not in str(refusal.value)


def test_without_any_mail_is_written_to_files_under_var_mail():
    s = mail_settings({}, BASE)
    assert s["EMAIL_BACKEND"].endswith("filebased.EmailBackend") and s["EMAIL_FILE_PATH"] == "/srv/league/var/mail"
    assert s["DEFAULT_FROM_EMAIL"] == s["SERVER_EMAIL"] == "Blood Bowl league <noreply@localhost>"


def test_djangos_own_names_and_the_sender():
    env = {
        "EMAIL_HOST": "mail.example.org",
        "EMAIL_PORT": "2525",
        "EMAIL_HOST_USER": "league",
        "EMAIL_HOST_PASSWORD": "secret",
        "EMAIL_USE_TLS": "1",
        "DEFAULT_FROM_EMAIL": "League <league@example.org>",
        "EMAIL_URL": "",  # empty means unset
    }
    s = mail_settings(env, BASE)
    assert (s["EMAIL_BACKEND"], s["EMAIL_HOST"], s["EMAIL_PORT"], s["EMAIL_USE_TLS"]) == (
        SMTP,
        "mail.example.org",
        2525,
        True,
    )
    assert (s["EMAIL_HOST_USER"], s["EMAIL_HOST_PASSWORD"]) == ("league", "secret")
    assert s["DEFAULT_FROM_EMAIL"] == s["SERVER_EMAIL"] == "League <league@example.org>"
    with pytest.raises(ImproperlyConfigured, match="EMAIL_PORT must be a whole number"):
        mail_settings({"EMAIL_HOST": "h", "EMAIL_PORT": "smtp"}, BASE)
    with pytest.raises(ImproperlyConfigured, match="not both"):
        mail_settings({"EMAIL_HOST": "h", "EMAIL_URL": "console://"}, BASE)


def test_the_site_refuses_to_start_with_a_bad_email_url():
    proc = run({"DEBUG": "1", "EMAIL_URL": "smtp://mail.example.org?tls=perhaps"})
    assert proc.returncode != 0
    assert "ImproperlyConfigured" in proc.stderr and "EMAIL_URL's tls must be 1 or 0" in proc.stderr
