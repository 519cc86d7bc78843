"""Every periodic task of the system, with why it runs when it runs.

Legal deadlines are rows (DESIGN principle 4); these schedules only decide how soon after
a row falls due it is processed. Missing a beat loses nothing: the next sweep finds the row.
"""

from celery.schedules import crontab

BEAT_SCHEDULE = {
    # Deadlines end at the end of a local day; sweeping every minute applies an expiry
    # within a minute of midnight and retries failed rows soon after their backoff ends.
    # Each sweep runs until nothing is due (up to DEADLINE_SWEEP_SECONDS); a backlog is
    # shared by every worker that picks up a sweep, each claiming rows the others skip.
    "sweep-deadlines": {
        "task": "cases.tasks.sweep_deadlines",
        "schedule": 60.0,
    },
    # Outbox safety net: a notification whose after-commit task was lost (worker killed,
    # broker restarted) is found again by its row and queued once more.
    "requeue-stale-notifications": {
        "task": "notifications.tasks.requeue_stale",
        "schedule": crontab(minute="*/5"),
    },
    # Safety net for the vehicle age (Art. 12) and colour (Arts. 10 §2, 70) deadlines:
    # sets the rows of any authorization in force that lacks them. Idempotent, nightly.
    "vehicle-deadlines-backfill": {
        "task": "substitution.tasks.vehicle_deadlines_backfill",
        "schedule": crontab(hour=2, minute=30),
    },
    # Fleet cap (Art. 22 §2): hands a freed place to the first application waiting, for
    # places nobody handed on (a population figure raised in the admin). Idempotent.
    "advance-waiting-list": {
        "task": "workflows.application.tasks.advance_waiting_list",
        "schedule": crontab(minute="*/15"),
    },
    # Safety net for the queue's stored overdue flags (cases.services.overdue): the flag is
    # set by the steps that change what a kind's rule reads; nightly, every open case's flag
    # is recomputed in one statement, so one a step missed is right by the next morning.
    "refresh-overdue-flags": {
        "task": "cases.tasks.refresh_overdue_flags",
        "schedule": crontab(hour=3, minute=10),
    },
    # Safety net for the commission's stored scope (cases.services.commission): the flag is
    # set when a case is opened (an appeal, and the notice it is about); nightly, a case
    # written by other means gets the rule's answer in two statements.
    "refresh-commission-flags": {
        "task": "cases.tasks.refresh_commission_flags",
        "schedule": crontab(hour=3, minute=20),
    },
    # The measured times per kind and state (median, 90th percentile) that the portal's
    # expected decision dates and the Carta de Serviços show (issue 24 §2). They move
    # slowly: nightly, after the overdue refresh, over the closed cases' timelines.
    "refresh-processing-times": {
        "task": "cases.tasks.refresh_processing_times",
        "schedule": crontab(hour=3, minute=30),
    },
    # The same safety net for official documents whose PDF rendering task was lost.
    "requeue-unrendered-documents": {
        "task": "documents.tasks.requeue_unrendered",
        "schedule": crontab(minute="*/10"),
    },
    # Seals still pending (token or timestamp server away longer than the task's retries):
    # tried again every half hour until they succeed; each try is idempotent.
    "requeue-unsealed-documents": {
        "task": "documents.tasks.requeue_unsealed",
        "schedule": crontab(minute="*/30"),
    },
    # The seal certificate's expiry: the administrators are e-mailed daily from
    # SIGNING_SEAL_EXPIRY_WARNING_DAYS (30) before it, so it is renewed in time.
    "seal-expiry-warning": {
        "task": "documents.tasks.seal_expiry_warning",
        "schedule": crontab(hour=8, minute=0),
    },
    # A deactivated user's signing key is revoked (hourly: an inactive user cannot log in
    # to use it meanwhile, so this only records the end of the key).
    "revoke-inactive-signing-keys": {
        "task": "documents.tasks.revoke_inactive_keys",
        "schedule": crontab(minute=20),
    },
    # Art. 31: the tariff is adjusted by the IGP-M every January. Daily through January,
    # so a missed beat or a late deploy still opens the clerks' reminder; idempotent.
    "tariff-january-reminder": {
        "task": "municipal.tasks.tariff_january_reminder",
        "schedule": crontab(hour=7, minute=0, month_of_year=1),
    },
    # The municipal calendar: each December, the clerks' reminder to declare next year's
    # optional days (Carnival, Corpus Christi, 24 and 31 December). Daily through December
    # for the same reason as above; idempotent.
    "calendar-december-reminder": {
        "task": "municipal.tasks.calendar_december_reminder",
        "schedule": crontab(hour=7, minute=5, month_of_year=12),
    },
    # One-time keys (Idempotency-Key, page form tokens) answer their first result for
    # IDEMPOTENCY_KEY_HOURS; after that the rows only take space. Nightly is enough.
    "prune-submission-records": {
        "task": "web.tasks.prune_submission_records",
        "schedule": crontab(hour=3, minute=15),
    },
    # The secretariat's dashboard keeps its figures DASHBOARD_CACHE_SECONDS (300); the
    # figures it opens with (every case, the default period, each language) are counted
    # again every 4 minutes, before they expire, so no page pays the count (0.2 s at a
    # million cases). A missed beat costs one page that count; nothing is lost.
    "refresh-dashboard-figures": {
        "task": "workspace.tasks.refresh_dashboard_figures",
        "schedule": 240.0,
    },
    # LGPD retention (README, "Who can see what"): the read log keeps a row
    # PERSONAL_DATA_LOG_RETENTION_DAYS days; nightly, what is older is deleted. Idempotent.
    "purge-personal-data-reads": {
        "task": "accounts.tasks.purge_personal_data_reads",
        "schedule": crontab(hour=3, minute=10),
    },
}
