"""The auxiliary driver's services (Arts. 27, 28): filing, check, decision, yearly term.

- **Who decides.** Art. 27 §2 registers a new auxiliary "após análise e decisão do Poder
  Executivo Municipal" — the executive, not its Chief, unlike Art. 22 (homologation by the
  "Chefe do Poder Executivo") and Art. 24 (extension "à critério do Chefe do Poder
  Executivo"). The Secretaria that keeps the drivers' register (Arts. 9, 10 §1) therefore
  decides; the mayor, head of the executive, may decide too. A clerk checks the documents
  of Art. 10 I first (Art. 27 §§3-4).
- **Yearly term (Art. 27 §1).** A binding is valid for one year (`rules.binding_valid_until`);
  the holder renews it with a `renew` request. Each grant or renewal writes two deadline
  rows on its case: a reminder 30 days before the end (administrative courtesy, not a
  legal term) and the end itself, when the sweeper ends a binding not renewed
  (`not_renewed`). Both handlers re-check the binding under its lock, so a renewal or an
  earlier end makes them moot.
- **Swaps (Art. 27 §2)** and **retired holders (Art. 28)**: `law.auxiliary`.
- **Revocation (Art. 27 §2, end).** When a departing auxiliary leaves, the decision may
  revoke his authorization (`revoke_departing`); the binding then ends as `revoked` and
  `registers.requirements` bars him as auxiliary for 12 months.
"""

from __future__ import annotations

from workflows.auxiliary.services import notices  # noqa: F401  (registers its deadline handlers)
from workflows.auxiliary.services.bindings import (
    auxiliary_binding_expire,
    auxiliary_bindings_end,
    auxiliary_existing_record,
    auxiliary_renewal_remind,
    case_auxiliary_binding_end,
)
from workflows.auxiliary.services.common import (
    CHECKLIST,
    DEPARTURE_PROOF,
    EXPIRY,
    OPEN_STATES,
    REMINDER,
    REMINDER_DAYS_BEFORE,
    RENEWAL_ITEMS,
)
from workflows.auxiliary.services.decision import (
    auxiliary_accept_guard,
    auxiliary_approve,
    auxiliary_deny,
)
from workflows.auxiliary.services.filing import (
    auxiliary_file,
)

__all__ = [
    "CHECKLIST",
    "DEPARTURE_PROOF",
    "EXPIRY",
    "OPEN_STATES",
    "REMINDER",
    "REMINDER_DAYS_BEFORE",
    "RENEWAL_ITEMS",
    "auxiliary_accept_guard",
    "auxiliary_approve",
    "auxiliary_binding_expire",
    "auxiliary_bindings_end",
    "auxiliary_deny",
    "auxiliary_existing_record",
    "auxiliary_file",
    "auxiliary_renewal_remind",
    "case_auxiliary_binding_end",
]
