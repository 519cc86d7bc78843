"""The e-mails of the application kind (templates under templates/notifications/)."""

from __future__ import annotations

from notifications.services import notification_queue
from workflows.application.models import ApplicationCase


def application_notify(case: ApplicationCase, template: str, **context: object) -> None:
    """Queue `application_<template>` to the applicant, in the caller's transaction."""
    assert case.applicant is not None
    notification_queue(
        case=case,
        recipient=case.applicant,
        template=f"application_{template}",
        context=context,
    )
