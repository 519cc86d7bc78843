"""Clandestine or irregular transport (Arts. 60-62): recording, the vehicle's release, the
costs and payments, and the contest of the agent's classification.

- **Penalty (Art. 62 I-II, §1).** Computed at the record by
  `law.clandestine.clandestine_penalty` over the earlier records of the same *person*
  (CPF, or name and identity document when there is no CPF — never the plate):
  15 days and 1,500 VRTE, doubled when the facts are within 6 months of the facts of the
  person's last record (how far the doubling goes is `settings.CLANDESTINE_DOUBLING`). The
  seizure starts the day of the record and includes it (15 days: the record's day and the
  14 after). The fine in reais uses the VRTE of the year of the facts (Art. 54), rounded
  half up to cents. When a record is annulled on contest it stops counting, and the
  person's later records are recomputed in the same transaction, each with a timeline
  entry (`penalty_recomputed`, Art. 62 §1).
- **Release (Art. 62 §3).** The seizure's last day is a deadline row; the sweeper then
  moves the case to `held_until_paid`. A clerk releases the vehicle once the costs of
  Art. 62 III are recorded. Whether it also waits until nothing is owed is the setting
  `CLANDESTINE_RETAIN_UNTIL_PAID`: by default it does not (STJ Súmula 510: the release of
  a vehicle held for irregular transport is not conditioned on paying fines and costs;
  §3 only *authorizes* the retention) and the amounts are collected apart; with the
  setting on, 409 naming §3 until paid (docs/interpretations.md).
- **Contest (Art. 61 §2).** Filed at the counter within the 30 business days of Art. 63;
  the commission upholds, reclassifies or annuls it. Meanwhile the vehicle's state does
  not change: the contest does not lift the seizure.

The package by section: `common` (amounts, VRTE, date bounds), `recording` (the record and
the penalty, Arts. 61, 62 §1), `seizure` (release, costs, payments, referral, Art. 62 I,
III, IV, §3) and `contest` (Art. 61 §2). Other modules import from here.
"""

from workflows.clandestine.services.common import (
    MONEY_LIMIT,
    PAID_AFTER,
    REFERRED_AFTER,
    SEIZURE_END,
    money,
    vrte_of,
)
from workflows.clandestine.services.contest import (
    clandestine_annul,
    clandestine_contest,
    clandestine_reclassify,
    clandestine_uphold,
)
from workflows.clandestine.services.recording import clandestine_record
from workflows.clandestine.services.seizure import (
    clandestine_record_costs,
    clandestine_record_payment,
    clandestine_record_police_referral,
    clandestine_release,
)

__all__ = [
    "MONEY_LIMIT",
    "PAID_AFTER",
    "REFERRED_AFTER",
    "SEIZURE_END",
    "clandestine_annul",
    "clandestine_contest",
    "clandestine_reclassify",
    "clandestine_record",
    "clandestine_record_costs",
    "clandestine_record_payment",
    "clandestine_record_police_referral",
    "clandestine_release",
    "clandestine_uphold",
    "money",
    "vrte_of",
]
