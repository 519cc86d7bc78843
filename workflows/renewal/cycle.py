"""The yearly IM cycle (Arts. 18-20): reminders before expiry and the expiry itself.

Implemented with the annual renewal kind.
"""

from __future__ import annotations

from accounts.models import User
from registers.models import MunicipalRegistration


def renewal_cycle_start(*, registration: MunicipalRegistration, actor: User | None) -> None:
    """Set the reminder and expiry deadlines of a newly issued IM."""
