"""Standing still inside one window of the rate limiters' clock.

`accounts.throttle.rate_limit_hit` counts requests per fixed window of `period` seconds
(a minute for the public verification page, ten minutes for the complaint form, an hour
for the account mails). A test that sends N requests and expects the N+1th refused fails
if a slow run crosses into the next window between them: these tests stop the clock in
the middle of one window, as the public rate-limit tests first did.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Iterator
from contextlib import contextmanager

import time_machine

FAR = dt.datetime(2030, 1, 1, tzinfo=dt.UTC)
"""From here on no test's data is dated: the windows a test may pick at random."""


@contextmanager
def inside_one_window(period: int, *, around: dt.datetime | None = None) -> Iterator[dt.datetime]:
    """Travel to the middle of one `period`-second window and keep the clock there.

    Without `around`, a window at random within two years after FAR: one no other run used,
    so a shared cache holds no count of an earlier test. With it, the window that holds
    `around`, for tests whose data is dated (a complaint cannot be about the future).
    """
    if around is None:
        around = FAR + dt.timedelta(minutes=secrets.randbelow(10**6))
    start = int(around.timestamp()) // period * period
    moment = dt.datetime.fromtimestamp(start + period // 2, tz=dt.UTC)
    with time_machine.travel(moment, tick=False):
        yield moment
