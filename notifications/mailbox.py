"""The embedded default writes e-mails to files under var/mail; staff can read them there.

Django's file backend writes each message as the bytes an SMTP server would get (UTF-8
text, 8bit or quoted-printable), separated by a line of dashes. They are parsed as bytes,
so that each part is decoded with the charset it declares: read as text first, "José"
came out as "Jos�".
"""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import email.utils
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path

from django.conf import settings
from django.utils import timezone

SEPARATOR = b"-" * 79


@dataclass(frozen=True)
class StoredMail:
    file: str
    subject: str
    to: str
    sent_at: dt.datetime | None
    """In the server's time zone (the header's RFC 5322 date, parsed); None if unreadable."""
    body: str


def _sent_at(header: object) -> dt.datetime | None:
    try:
        moment = email.utils.parsedate_to_datetime(str(header))
    except (TypeError, ValueError):
        return None
    if timezone.is_naive(moment):
        # "-0000" (what Django writes unless EMAIL_USE_LOCALTIME) means UTC of unknown origin.
        moment = moment.replace(tzinfo=dt.UTC)
    return timezone.localtime(moment)


def _plain_body(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",)) if message.is_multipart() else message
    if part is None:
        return ""
    try:
        return str(part.get_content())
    except (LookupError, ValueError):
        # An unknown charset: show what can be read rather than nothing.
        payload = part.get_payload(decode=True) or b""
        return payload.decode("utf-8", errors="replace") if isinstance(payload, bytes) else ""


def mailbox_parse(raw: bytes, *, file: str = "") -> list[StoredMail]:
    """The messages of one file written by the file backend, in the order written."""
    mails = []
    for chunk in raw.split(SEPARATOR):
        if not chunk.strip():
            continue
        message = email.message_from_bytes(chunk.strip(), policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        mails.append(
            StoredMail(
                file=file,
                subject=str(message["Subject"] or ""),
                to=str(message["To"] or ""),
                sent_at=_sent_at(message["Date"]),
                body=_plain_body(message),
            )
        )
    return mails


def mailbox_read(limit: int = 200) -> list[StoredMail]:
    """The newest messages the file backend wrote, newest first."""
    folder = Path(settings.EMAIL_FILE_PATH)
    if not folder.is_dir():
        return []
    mails: list[StoredMail] = []
    for path in sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True):
        for mail in reversed(mailbox_parse(path.read_bytes(), file=path.name)):
            mails.append(mail)
            if len(mails) >= limit:
                return mails
    return mails


def mailbox_enabled() -> bool:
    return settings.EMAIL_BACKEND.endswith("filebased.EmailBackend")
