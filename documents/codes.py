"""Document numbers and verification codes: how they look, how they are made and read back.

Pure helpers (no database): the services number and code documents with them, the public
verification page reads what a person typed or what the QR code carried.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from documents.models import OfficialDocument

Kind = OfficialDocument.Kind

PREFIXES: Final[Mapping[str, str]] = MappingProxyType(
    {
        Kind.AUTHORIZATION_TERM: "TA",
        Kind.IM_CARD: "IM",
        Kind.VIOLATION_NOTICE: "AI",
        Kind.FINE_NOTIFICATION: "NM",
        Kind.APPEAL_DECISION: "DR",
        Kind.REGISTERED_LETTER: "CR",
        Kind.APPEAL_VOTE: "VT",
        Kind.DRIVER_CARD: "IC",
    }
)
"""Short prefix of each kind's numbers: "IM-2026/000012"."""

# Read aloud over the phone or typed from paper: no 0/O nor 1/I, which people confuse.
CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 10
"""32**10 ≈ 10**15 codes: guessing one is hopeless, even before the page's rate limit."""

_SEPARATORS = re.compile(r"[\s\-.]")
_CODE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")


def document_number(kind: str, year: int, sequence: int) -> str:
    """The printed number, e.g. ``IM-2026/000012`` (one series per kind and year)."""
    return f"{PREFIXES[kind]}-{year}/{sequence:06d}"


def verification_code_new() -> str:
    """A fresh random code from the OS's CSPRNG (`secrets`), not `random`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def verification_code_normalize(value: str) -> str | None:
    """The code as stored, from what a person typed ("abcd-efgh-jk"), or None if it is not one."""
    code = _SEPARATORS.sub("", value or "").upper()
    return code if _CODE.match(code) else None


def verification_code_display(code: str) -> str:
    """Groups of four for paper: ``ABCD-EFGH-JK`` (the page accepts either form)."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))
