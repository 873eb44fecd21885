"""A real SMTP server for the tests (aiosmtpd), loaded by tests/conftest.py.

`smtp_server` is started once per session on a free port of 127.0.0.1, in its own thread;
`smtp_outbox` points Django's SMTP backend at it for one test and returns the messages it received
(email.message.EmailMessage, parsed with the modern policy: `msg["Subject"]` decoded,
`msg.get_content()` the body), emptied before each test.
"""

from __future__ import annotations

import logging
import socket
import threading
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest


class Collector:
    """aiosmtpd's handler: keeps every message it accepts."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: N802 (aiosmtpd's hook name)
        message = message_from_bytes(envelope.original_content or envelope.content, policy=policy.default)
        assert isinstance(message, EmailMessage)
        message["X-Envelope-To"] = ", ".join(envelope.rcpt_tos)
        with self.lock:
            self.messages.append(message)
        return "250 OK"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def smtp_server():
    from aiosmtpd.controller import Controller

    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd logs every SMTP command at INFO
    collector = Collector()
    controller = Controller(collector, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield controller, collector
    finally:
        controller.stop()


@pytest.fixture
def smtp_outbox(smtp_server, settings) -> list[EmailMessage]:
    """The messages the test's code sent through real SMTP, in the order they arrived."""
    controller, collector = smtp_server
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = controller.hostname, controller.port
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    with collector.lock:
        collector.messages.clear()
    return collector.messages
