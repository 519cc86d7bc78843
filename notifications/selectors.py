"""Which notifications a user may see, as the access policy says (accounts.policy): a
driver those addressed to him, staff those of the cases they see; and which registered
letters (posting, AR card) a user may open or record."""

from __future__ import annotations

from django.db.models import QuerySet, prefetch_related_objects

from accounts.models import User
from accounts.policy import HANDLING, JUDGING, OWNER, Record, relations_granted
from accounts.roles import Role, has_role
from cases.selectors import capped_counts, within_visible_cases
from core.db import custom_plans
from notifications.models import Notification

NOTIFICATION_ORDER = ("-created_at", "-id")
"""The notices newest first, as `notification_newest_idx` holds them (the id only breaks
ties): a page of them is read from that index and stopped there (issue 25)."""


def notifications_visible_to(user: User) -> QuerySet[Notification]:
    return _in_scope(user, Record.NOTIFICATION)


def case_notifications(user: User, case_id: int) -> list[Notification]:
    """The notices of a case that `user` may read, as the case page lists them: each with
    its letter (the page links the letter's PDF), and a registered letter with its
    delivery attempts (an e-mail has none to read). The case, its page has already; the
    addressee, the page does not show (his address is the notice's own)."""
    rows = list(
        _in_scope(user, Record.NOTIFICATION, of_case=case_id)
        .select_related(None)
        .select_related("letter")
    )
    posted = [n for n in rows if n.channel == Notification.Channel.REGISTERED_POST]
    prefetch_related_objects(posted, "attempts_made")
    return rows


# The notice's own columns a row of the API's list shows (notifications.api.NotificationOutput
# lists them from here). The list reads those, its case's number and the addressee's key
# the read log names him by: whole cases, addressees and letters built for fifty rows were
# a third of the list (issue 25).
NOTIFICATION_ROW_COLUMNS = (
    "channel",
    "template",
    "subject",
    "body",
    "status",
    "attempts",
    "last_error",
    "legal",
    "address",
    "tracking_code",
    "posted_on",
    "delivered_on",
    "visit_on",
    "receiver_name",
    "receiver_kind",
    "return_reason",
    "ar_attached_on",
    "received_on",
    "delivered_in_person",
    "created_at",
    "sent_at",
)


def notification_records_for(user: User) -> QuerySet[Notification]:
    """The API list's rows: the notifications of `notifications_visible_to`, with only what
    its row shows."""
    return (
        notifications_visible_to(user)
        .select_related(None)
        .select_related("case", "recipient")
        .only("case__number", "recipient__user_id", *NOTIFICATION_ROW_COLUMNS)
    )


def letters_in_scope(user: User) -> QuerySet[Notification]:
    """The registered letters and AR cards `user` may open (and, if the service lets his
    role, record): the addressee's own, the staff who handle cases — not the commission."""
    return _in_scope(user, Record.LETTER)


def _in_scope(user: User, record: str, *, of_case: int | None = None) -> QuerySet[Notification]:
    """`of_case`: only that case's notices, the scope asked of that case alone."""
    base = Notification.objects.select_related("case", "recipient", "letter")
    relations = relations_granted(user, record)
    if HANDLING in relations or JUDGING in relations:
        return within_visible_cases(base, user, of_case=of_case)
    if of_case is not None:
        base = base.filter(case_id=of_case)
    if OWNER in relations:
        return base.filter(recipient__user=user)
    return base.none()


def letters_to_post(user: User) -> QuerySet[Notification]:
    """Registered letters written and not yet taken to the post office (Art. 46), oldest
    first, whatever the state of their case — a closed appeal's decision letter waits here
    too (issue 24 §6). Only clerks record a posting (notifications.post)."""
    if not has_role(user, Role.CLERK):
        return Notification.objects.none()
    return (
        notifications_visible_to(user)
        .filter(channel=Notification.Channel.REGISTERED_POST, status=Notification.Status.QUEUED)
        .order_by("created_at", "id")
    )


def letters_to_post_count(user: User) -> tuple[int, bool]:
    """How many letters wait for the post office, up to `COUNT_CAP`, and whether more do:
    counted along `notification_to_post_idx` and stopped at the cap, as the queue counts
    (16,000 letters waited in the seed of a million cases: counting them all cost every
    queue page 10–15 ms, issue 25). Planned for its values: a generic plan cannot use that
    partial index (`core.db.custom_plans`)."""
    with custom_plans():
        [(count, more)] = capped_counts(letters_to_post(user))
    return count, more
