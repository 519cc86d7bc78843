"""Thin rendering tasks: an id in, one service call, retry with backoff."""

from celery import shared_task
from django.core.exceptions import ObjectDoesNotExist

from documents.services import document_render, documents_requeue_unrendered

MAX_RETRIES = 5


@shared_task(
    name="documents.tasks.render_document",
    autoretry_for=(Exception,),
    # A row that is gone (deleted) will not come back: no point retrying.
    dont_autoretry_for=(ObjectDoesNotExist,),
    retry_backoff=10,
    retry_backoff_max=600,
    retry_jitter=True,
    max_retries=MAX_RETRIES,
    acks_late=True,
    ignore_result=True,
)
def render_document(document_id: int) -> None:
    """Render one official document; safe to run twice (a READY one is left alone)."""
    document_render(document_id=document_id)


@shared_task(name="documents.tasks.requeue_unrendered", ignore_result=True)
def requeue_unrendered() -> int:
    """Start again the renders whose task was lost (to be scheduled in config.schedule)."""
    return documents_requeue_unrendered()
