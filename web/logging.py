"""Log filters: what an operator reads in the server's log.

A refused request (403, 404, 400) is the application answering as designed, not a fault:
it is worth one line naming the path, never a traceback that reads like a crash.
"""

from __future__ import annotations

import logging


class RefusalsWithoutTraceback(logging.Filter):
    """Drops the traceback Django attaches to a 4xx it logs (PermissionDenied, Http404)."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
