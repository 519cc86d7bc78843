"""Registered letters waiting for the post office (Art. 46), for the tests of the clerk's
letters to post: the queue's banner, its pages, its hostile parameters."""

from __future__ import annotations

from notifications.models import Notification
from tests.factories import SuspensionCaseFactory


def letters_waiting(count: int) -> list[Notification]:
    """`count` letters about one case, queued in order: "Carta 0" is the oldest."""
    case = SuspensionCaseFactory()
    return [
        Notification.objects.create(
            case=case,
            recipient=case.applicant,
            address="Rua A, 1",
            channel=Notification.Channel.REGISTERED_POST,
            template="aviso",
            subject=f"Carta {n}",
            body="Texto.",
            status=Notification.Status.QUEUED,
        )
        for n in range(count)
    ]
