"""Account mails, written in the language of their reader (Profile.language), not the page's."""

from __future__ import annotations

import logging

from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import translation

logger = logging.getLogger(__name__)


def mail_in(language: str, template: str, context: dict[str, object], to: str) -> bool:
    """Sends templates/accounts/mail/<template>_subject.txt and _body.txt to `to`, in `language`.
    False when the mail server refused or could not be reached (logged: the page says so and offers
    to send it again, rather than failing)."""
    with translation.override(language):
        subject = "".join(render_to_string(f"accounts/mail/{template}_subject.txt", context).splitlines())
        body = render_to_string(f"accounts/mail/{template}_body.txt", context)
    try:
        send_mail(subject, body, None, [to])
    except Exception:  # smtplib's errors, OSError, a TLS failure...: the mail is lost, the page is not
        logger.exception("could not send the %s mail", template)
        return False
    return True
