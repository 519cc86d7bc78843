"""The one way a view opens a stored file for the person asking.

A row may outlive its file (a restore without the media volume, a file deleted by hand):
to the person asking that is a file that is not there — 404 — never a server error.
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
