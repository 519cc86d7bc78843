"""schemathesis hooks for the fuzz run (loaded through SCHEMATHESIS_HOOKS).

Idempotency-Key is "the client's own unique key" (web.idempotency): a client that sends one
key with two different bodies is told so (400 `idempotency_key_reused`), whatever the schema
says, because uniqueness across requests is not something a JSON Schema can state. The
fuzzer draws keys from the schema and repeats short ones ("0", "00") across cases, so a
well-formed key is made unique here, as schemathesis advises for fields that must not
repeat; a malformed one (too long, unprintable) is sent as drawn, so its 400 is still
checked.
"""

from __future__ import annotations

import itertools
import uuid
from typing import Any

import schemathesis

HEADER = "Idempotency-Key"
KEY_MAX = 100
_serial = itertools.count(1)
# Keys are kept by the server: one run's keys must not meet an earlier run's on the same
# database (a developer's), so each run has its own prefix.
_RUN = uuid.uuid4().hex[:8]


@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    headers = case.headers or {}
    value = headers.get(HEADER)
    if not isinstance(value, str) or not value.strip():
        return
    # The server reads the header's bytes (Latin-1), so the length counts UTF-8 bytes.
    if len(value.encode()) > KEY_MAX or not value.isprintable():
        return
    suffix = f"~{_RUN}-{next(_serial)}"
    kept = value.strip().encode()[: KEY_MAX - len(suffix)].decode(errors="ignore")
    headers[HEADER] = kept + suffix
