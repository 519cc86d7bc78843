"""Periodic work of the accounts: the LGPD read log's retention."""

from __future__ import annotations

from celery import shared_task

from accounts.services import personal_data_reads_purge


@shared_task(name="accounts.tasks.purge_personal_data_reads", ignore_result=True)
def purge_personal_data_reads() -> int:
    return personal_data_reads_purge()
