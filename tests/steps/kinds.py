"""The request kinds that share the steps, each with a factory of a case in `filed`.

tests/steps/test_every_kind_shares_the_steps.py fails when an installed kind whose model
takes the shared intake transitions is missing here.
"""

from __future__ import annotations

import factory

from tests.advertising.factories import AdvertisingCaseFactory
from tests.application.factories import ApplicationCaseFactory
from tests.auxiliary.factories import AuxiliaryCaseFactory
from tests.cancellation.factories import CancellationCaseFactory
from tests.factories import SuspensionCaseFactory
from tests.renewal.factories import RenewalCaseFactory
from tests.substitution.factories import SubstitutionCaseFactory
from tests.transfer.factories import TransferCaseFactory


class _BareAdvertisingCaseFactory(AdvertisingCaseFactory):
    """A filed advertising request with no layout yet: the shared tests attach their own."""

    layout_accepted = factory.PostGeneration(lambda case, create, extracted, **kwargs: None)


# kind: (factory of a filed case, a checklist item of the kind)
FILED = {
    "application": (ApplicationCaseFactory, "cnh"),
    "renewal": (lambda: RenewalCaseFactory(state="filed"), "crlv"),
    "auxiliary": (AuxiliaryCaseFactory, "criminal_record"),
    "transfer": (TransferCaseFactory, "death_certificate"),
    "cancellation": (CancellationCaseFactory, "signed_request"),
    "vehicle_substitution": (SubstitutionCaseFactory, "crlv"),
    "suspension": (SuspensionCaseFactory, "proof"),
    "advertising": (_BareAdvertisingCaseFactory, "layout"),
}
