"""Thin rendering tasks: an id in, one service call, retry with backoff."""

from celery import shared_task
from django.core.exceptions import ObjectDoesNotExist

from documents.services import document_render, documents_requeue_unrendered
from documents.signing.services import document_seal, documents_seal_requeue

MAX_RETRIES = 5


def _retrying(backoff: int, backoff_max: int) -> dict[str, object]:
    """The options of a task that retries with backoff until MAX_RETRIES."""
    return {
        "autoretry_for": (Exception,),
        # A row that is gone (deleted) will not come back: no point retrying.
        "dont_autoretry_for": (ObjectDoesNotExist,),
        "retry_backoff": backoff,
        "retry_backoff_max": backoff_max,
        "retry_jitter": True,
        "max_retries": MAX_RETRIES,
        "acks_late": True,
        "ignore_result": True,
    }


@shared_task(name="documents.tasks.render_document", **_retrying(10, 600))
def render_document(document_id: int) -> None:
    """Render one official document; safe to run twice (a READY one is left alone)."""
    document_render(document_id=document_id)


@shared_task(name="documents.tasks.requeue_unrendered", ignore_result=True)
def requeue_unrendered() -> int:
    """Start again the renders whose task was lost (to be scheduled in config.schedule)."""
    return documents_requeue_unrendered()


# A seal waits on a certificate or a timestamp server: longer pauses than a render.
@shared_task(name="documents.tasks.seal_document", **_retrying(30, 1800))
def seal_document(document_id: int) -> None:
    """Seal a document left "assinatura pendente"; safe to run twice (a signed one is left)."""
    document_seal(document_id=document_id)


@shared_task(name="documents.tasks.requeue_unsealed", ignore_result=True)
def requeue_unsealed() -> int:
    """Queue again the seals still pending (lost tasks; retries used up, token away)."""
    return documents_seal_requeue()


@shared_task(name="documents.tasks.seal_expiry_warning", ignore_result=True)
def seal_expiry_warning() -> bool:
    """Warn the administrators by e-mail when the seal certificate expires soon."""
    from django.utils import timezone

    from documents.signing.lifecycle import seal_expiry_warn

    return seal_expiry_warn(today=timezone.localdate())


@shared_task(name="documents.tasks.revoke_inactive_keys", ignore_result=True)
def revoke_inactive_keys() -> int:
    """Revoke the signing keys of deactivated users (their signed documents stay valid)."""
    from documents.signing.keys import signing_keys_revoke_inactive

    return signing_keys_revoke_inactive()
