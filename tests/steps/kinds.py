"""The request kinds that share the steps, each with a factory of a case in `filed`."""

from __future__ import annotations

from tests.application.factories import ApplicationCaseFactory
from tests.auxiliary.factories import AuxiliaryCaseFactory
from tests.cancellation.factories import CancellationCaseFactory
from tests.factories import SuspensionCaseFactory
from tests.renewal.factories import RenewalCaseFactory
from tests.substitution.factories import SubstitutionCaseFactory
from tests.transfer.factories import TransferCaseFactory

# kind: (factory of a filed case, a checklist item of the kind)
FILED = {
    "application": (ApplicationCaseFactory, "cnh"),
    "renewal": (lambda: RenewalCaseFactory(state="filed"), "crlv"),
    "auxiliary": (AuxiliaryCaseFactory, "criminal_record"),
    "transfer": (TransferCaseFactory, "death_certificate"),
    "cancellation": (CancellationCaseFactory, "signed_request"),
    "vehicle_substitution": (SubstitutionCaseFactory, "crlv"),
    "suspension": (SuspensionCaseFactory, "proof"),
}
