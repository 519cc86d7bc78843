"""The errors a case raises, as the case layer's callers name them.

They are defined in `core.errors`, below the registers, so that a register write can
refuse with the same errors without importing the case engine.
"""

from core.errors import (
    DomainError,
    NotPermitted,
    RegisterMismatch,
    RuleViolation,
    StateConflict,
    TooManyAttempts,
    from_law,
)

__all__ = [
    "DomainError",
    "NotPermitted",
    "RegisterMismatch",
    "RuleViolation",
    "StateConflict",
    "TooManyAttempts",
    "from_law",
]
