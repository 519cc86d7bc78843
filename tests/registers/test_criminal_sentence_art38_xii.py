"""Art. 38 XII (issue 19, item 16): "Exercer a atividade enquanto estiver cumprindo pena,
se for condenado por crime culposo ou doloso, salvo nos casos de autorização judicial" —
a driver serving a sentence without judicial authorization does not enter the activity."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.roles import Role
from cases.errors import NotPermitted, RuleViolation
from registers.models import CriminalSentence
from registers.requirements import driver_requirements_unmet
from registers.services.drivers import criminal_sentence_record
from tests.factories import AuthorizationFactory, DriverFactory, UserFactory
from tests.transfer.factories import transfer_files
from workflows.transfer.services import transfer_file

pytestmark = pytest.mark.django_db
D = dt.date


def _articles(driver, on):
    return [unmet.article for unmet in driver_requirements_unmet(driver, on=on)]


def test_art_38_xii_a_sentence_served_keeps_the_driver_out_until_it_ends(clerk):
    driver = DriverFactory()
    criminal_sentence_record(
        actor=clerk,
        driver=driver,
        starts_on=D(2026, 3, 1),
        ends_on=D(2026, 8, 31),
        case_reference="0001234-56.2025.8.08.0032",
    )
    assert "Art. 38 XII" not in _articles(driver, D(2026, 2, 28))
    assert "Art. 38 XII" in _articles(driver, D(2026, 3, 1))
    assert "Art. 38 XII" in _articles(driver, D(2026, 8, 31))
    assert "Art. 38 XII" not in _articles(driver, D(2026, 9, 1))


def test_art_38_xii_a_judicial_authorization_lets_him_work(clerk):
    driver = DriverFactory()
    criminal_sentence_record(
        actor=clerk,
        driver=driver,
        starts_on=D(2026, 3, 1),
        case_reference="0009-2025",
        judicial_authorization="Decisão de 05/03/2026 autoriza o trabalho externo",
    )
    assert "Art. 38 XII" not in _articles(driver, D(2026, 6, 1))


def test_art_38_xii_a_transfer_to_a_beneficiary_serving_a_sentence_is_refused(clerk):
    authorization = AuthorizationFactory()
    son = DriverFactory()
    criminal_sentence_record(
        actor=clerk,
        driver=son,
        starts_on=D(2020, 1, 1),
        case_reference="0007-2019",
    )
    with pytest.raises(RuleViolation) as refused:
        transfer_file(
            actor=authorization.holder.user,
            authorization=authorization,
            cause="II",
            relationship="descendant",
            event_on=D(2026, 2, 10),
            beneficiary=son,
            proofs=transfer_files("II"),
        )
    assert "Art. 38 XII" in str(refused.value.article) + str(refused.value)


def test_art_38_xii_only_a_clerk_records_and_dates_must_make_sense(clerk):
    driver = DriverFactory()
    with pytest.raises(NotPermitted):
        criminal_sentence_record(
            actor=UserFactory(role=Role.DRIVER),
            driver=driver,
            starts_on=D(2026, 3, 1),
            case_reference="x",
        )
    with pytest.raises(RuleViolation) as backwards:
        criminal_sentence_record(
            actor=clerk,
            driver=driver,
            starts_on=D(2026, 3, 1),
            ends_on=D(2026, 2, 1),
            case_reference="0001",
        )
    assert backwards.value.article == "Art. 38 XII"
    assert not CriminalSentence.objects.exists()
