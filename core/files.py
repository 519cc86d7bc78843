"""The one way code opens a stored file: for the person asking (`open_stored`) or to read
its bytes itself (`read_stored`).

A row may outlive its file (a restore without the media volume, a file deleted by hand):
to the person asking that is a file that is not there — 404 — never a server error; to
code that checks the bytes (a signature) it is None, and the page that asked still opens.
Opened before anything is logged, so a read of personal data that did not happen is not
written to the read log."""

from __future__ import annotations

import logging

from django.db.models.fields.files import FieldFile
from django.http import Http404

logger = logging.getLogger(__name__)


def open_stored(file: FieldFile) -> FieldFile:
    """`file` opened for reading, or Http404 when the row has none or storage lost it."""
    if not file:
        raise Http404
    try:
        return file.open("rb")
    except OSError:
        logger.warning("stored file missing: %s", file.name)
        raise Http404 from None


def read_stored(file: FieldFile) -> bytes | None:
    """The stored file's bytes, or None when the row has none or storage lost it."""
    if not file:
        return None
    try:
        with file.open("rb") as handle:
            return handle.read()  # type: ignore[no-any-return]
    except OSError:
        logger.warning("stored file missing: %s", file.name)
        return None
