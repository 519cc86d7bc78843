"""The embedded default writes e-mails to files under var/mail; staff can read them there."""

from __future__ import annotations

import email
import email.policy
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

SEPARATOR = "-" * 79


@dataclass(frozen=True)
class StoredMail:
    file: str
    subject: str
    to: str
    date: str
    body: str


def mailbox_read(limit: int = 200) -> list[StoredMail]:
    """The newest messages the file backend wrote, newest first."""
    folder = Path(settings.EMAIL_FILE_PATH)
    if not folder.is_dir():
        return []
    mails: list[StoredMail] = []
    for path in sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True):
        for chunk in path.read_text(encoding="utf-8", errors="replace").split(SEPARATOR):
            if not chunk.strip():
                continue
            message = email.message_from_string(chunk.strip(), policy=email.policy.default)
            part = (
                message.get_body(preferencelist=("plain",)) if message.is_multipart() else message
            )
            body = part.get_content() if part is not None else ""
            mails.append(
                StoredMail(
                    path.name,
                    str(message["Subject"] or ""),
                    str(message["To"] or ""),
                    str(message["Date"] or ""),
                    body,
                )
            )
            if len(mails) >= limit:
                return mails
    return mails


def mailbox_enabled() -> bool:
    return settings.EMAIL_BACKEND.endswith("filebased.EmailBackend")
