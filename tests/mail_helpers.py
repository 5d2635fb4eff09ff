"""A real SMTP server for a test (aiosmtpd, on a free port of 127.0.0.1), and the links in what it received."""

import re
import socket
from contextlib import contextmanager
from email import message_from_bytes, policy

from aiosmtpd.controller import Controller

LINK = re.compile(r"https?://\S+")


class Inbox:
    """What the server received, as parsed messages (aiosmtpd's handler interface: ``handle_DATA``)."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        message = message_from_bytes(envelope.original_content, policy=policy.default)
        message["X-Envelope-To"] = ", ".join(envelope.rcpt_tos)
        self.messages.append(message)
        return "250 Message accepted for delivery"

    def to(self, address):
        return [message for message in self.messages if address in message["X-Envelope-To"]]


@contextmanager
def smtp_server():
    """Yields (settings for Django's SMTP backend, the server's Inbox)."""
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=_free_port())
    controller.start()
    try:
        yield (
            {
                "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                "EMAIL_HOST": "127.0.0.1",
                "EMAIL_PORT": controller.port,
                "EMAIL_USE_TLS": False,
                "EMAIL_USE_SSL": False,
                "EMAIL_HOST_USER": "",
                "EMAIL_HOST_PASSWORD": "",
            },
            inbox,
        )
    finally:
        controller.stop()


def links_in(message):
    """The links in a message's text (a Django EmailMessage from the outbox, or one the SMTP server parsed)."""
    body = message.body if hasattr(message, "body") else message.get_body(("plain",)).get_content()
    return LINK.findall(body)


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
