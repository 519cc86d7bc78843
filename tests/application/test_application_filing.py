"""Filing (Arts. 3, 9, 10, 22 §4, 23, 59 §5): what is written, and every refusal writing nothing."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent, Document
from law._dates import add_years
from notifications.models import Notification
from registers.models import Authorization, Driver, Vehicle
from tests.application.factories import (
    ApplicationCaseFactory,
    applicant_data,
    applicant_of,
    document_files,
    pdf_file,
    vehicle_data,
)
from tests.factories import AuthorizationFactory, DriverFactory, UserFactory
from workflows.application.models import ApplicationCase, ApplicationState
from workflows.application.selectors import application_checklist
from workflows.application.services import application_file

pytestmark = pytest.mark.django_db


def _file(actor, *, applicant=None, vehicle=None, documents=None, today=None):
    return application_file(
        actor=actor,
        applicant=applicant or applicant_data(),
        vehicle=vehicle or vehicle_data(),
        documents=document_files() if documents is None else documents,
        today=today,
    )


def test_a_driver_without_a_cadastro_files_and_gets_one_art10(applicant_user, today):
    # Given a portal user with the driver role and no Driver row
    declared = applicant_data(cpf="529.982.247-25")
    proposed = vehicle_data(plate="ABC-1234")
    # When they file with every document
    case = _file(applicant_user, applicant=declared, vehicle=proposed, today=today)
    # Then the cadastro is created, tied to the user, with the declared data
    driver = Driver.objects.get()
    assert (driver.user, driver.kind, driver.cpf, driver.name, driver.city) == (
        applicant_user, Driver.Kind.HOLDER, "52998224725", declared.name, "Mantenópolis",
    )
    # And the vehicle is registered to them, the plate normalised
    vehicle = Vehicle.objects.get()
    assert (vehicle.plate, vehicle.owner, vehicle.manufacture_year) == (
        "ABC1234", driver, today.year - 2,
    )
    # And the case is filed, with one pending document per checklist item
    case = ApplicationCase.objects.get(pk=case.pk)
    assert (case.state, case.applicant, case.vehicle, case.filed_by) == (
        ApplicationState.FILED, driver, vehicle, applicant_user,
    )
    assert [(line.code, line.status) for line in application_checklist(case)] == [
        ("identity", "pending"), ("cnh", "pending"), ("cpf", "pending"),
        ("voter_title", "pending"), ("criminal_state", "pending"),
        ("criminal_federal", "pending"), ("residence", "pending"), ("photo_1", "pending"),
        ("photo_2", "pending"), ("crlv", "pending"),
    ]
    events = list(AuditEvent.objects.filter(case=case).values_list("transition", "article"))
    assert events == [("open", "Art. 10; Art. 22")] + [("document_attached", "")] * 10
    assert list(Notification.objects.values_list("template", flat=True)) == ["application_filed"]


def test_missing_documents_show_in_the_checklist_and_the_receipt_art10(applicant_user, today):
    case = _file(applicant_user, documents=document_files(without=("voter_title", "crlv")),
                 today=today)
    missing = [line.code for line in application_checklist(case) if line.status == "missing"]
    assert missing == ["voter_title", "crlv"]
    body = Notification.objects.get().body
    assert "Título eleitoral com comprovante de votação da última eleição" in body
    assert "Certificado de Registro e Licenciamento do Veículo (CRLV)" in body


def test_an_existing_cadastro_is_brought_up_to_date_art9(today):
    driver = DriverFactory(address="Rua Velha, 1")
    moved = dataclasses.replace(applicant_of(driver), address="Rua Nova, 2")
    case = _file(driver.user, applicant=moved, today=today)
    driver.refresh_from_db()
    assert (case.applicant, driver.address, Driver.objects.count()) == (driver, "Rua Nova, 2", 1)


def test_a_clerk_files_at_the_counter_for_someone_art10_p1(clerk, today):
    declared = applicant_data()
    case = _file(clerk, applicant=declared, today=today)
    driver = Driver.objects.get()
    assert (driver.user, case.filed_by, case.applicant) == (None, clerk, driver)


def test_a_registered_vehicle_free_of_any_authorization_may_be_proposed_again(applicant_user):
    old = AuthorizationFactory(status=Authorization.Status.CANCELLED, ended_on=dt.date(2024, 1, 5))
    vehicle = old.vehicle
    case = _file(applicant_user, vehicle=vehicle_data(plate=vehicle.plate, renavam=vehicle.renavam))
    vehicle.refresh_from_db()
    assert (case.vehicle, vehicle.owner) == (vehicle, case.applicant)


# --- Refusals: the article named, nothing written ----------------------------------------


def _refused(snapshot, exc_type, call):
    before = snapshot()
    with pytest.raises(exc_type) as caught:
        call()
    before.assert_unchanged()
    return caught.value


def test_a_category_a_cnh_is_refused_art10_i_b(applicant_user, snapshot):
    error = _refused(snapshot, RuleViolation,
                     lambda: _file(applicant_user, applicant=applicant_data(cnh_category="A")))
    assert error.article == "Art. 10 I b"
    assert "A CNH deve ser de categoria B, C, D ou E; a apresentada é A." in str(error)


def test_an_expired_cnh_is_refused_art10_i_b(applicant_user, snapshot, today):
    expired = applicant_data(cnh_expires_on=today - dt.timedelta(days=1))
    error = _refused(snapshot, RuleViolation,
                     lambda: _file(applicant_user, applicant=expired, today=today))
    assert error.article == "Art. 10 I b"


def test_a_nine_year_old_vehicle_is_refused_art11_ii(applicant_user, snapshot, today):
    old = vehicle_data(manufacture_year=today.year - 9)
    error = _refused(snapshot, RuleViolation,
                     lambda: _file(applicant_user, vehicle=old, today=today))
    assert error.article == "Art. 10 II b; Art. 11 II; Art. 12"
    assert f"Veículo fabricado em {today.year - 9} com mais de 8 anos de fabricação" in str(error)


def test_an_eight_year_old_vehicle_is_accepted_until_31_december_art12(applicant_user, today):
    case = _file(applicant_user, vehicle=vehicle_data(manufacture_year=today.year - 8),
                 today=today)
    assert case.state == ApplicationState.FILED


def test_a_vehicle_without_air_conditioning_nor_white_is_refused_art10_ii(
    applicant_user, snapshot
):
    car = vehicle_data(air_conditioning=False, colour="prata", doors=2)
    error = _refused(snapshot, RuleViolation, lambda: _file(applicant_user, vehicle=car))
    assert error.article == "Art. 10 II c; Art. 10 II d; Art. 10 II e"


def test_a_non_resident_is_refused_art3(applicant_user, snapshot):
    error = _refused(snapshot, RuleViolation,
                     lambda: _file(applicant_user, applicant=applicant_data(city="Ecoporanga")))
    assert error.article == "Art. 3"
    assert "O taxista deve residir no Município de Mantenópolis." in str(error)


def test_a_second_application_by_the_same_cpf_is_refused_art22_p4(snapshot, today):
    driver = DriverFactory()
    first = _file(driver.user, applicant=applicant_of(driver), today=today)
    error = _refused(snapshot, StateConflict,
                     lambda: _file(driver.user, applicant=applicant_of(driver), today=today))
    assert error.article == "Art. 22 §4"
    assert first.number in str(error)


def test_a_clerk_cannot_file_a_second_application_for_the_same_cpf_either(clerk, snapshot):
    declared = applicant_data()
    _file(clerk, applicant=declared)
    error = _refused(snapshot, StateConflict, lambda: _file(clerk, applicant=declared))
    assert error.article == "Art. 22 §4"


def test_a_new_application_after_a_closed_one_is_accepted(today):
    driver = DriverFactory()
    ApplicationCaseFactory(applicant=driver, state=ApplicationState.REJECTED)
    case = _file(driver.user, applicant=applicant_of(driver), today=today)
    assert case.state == ApplicationState.FILED


def test_a_holder_of_an_authorization_in_force_is_refused_art22_p4(authorization, snapshot):
    holder = authorization.holder
    error = _refused(snapshot, RuleViolation,
                     lambda: _file(holder.user, applicant=applicant_of(holder)))
    assert error.article == "Art. 22 §4"


def test_within_five_years_of_a_cancellation_on_request_is_refused_art23(snapshot, today):
    cancelled = AuthorizationFactory(
        status=Authorization.Status.CANCELLED, ended_on=today - dt.timedelta(days=400)
    )
    holder = cancelled.holder
    error = _refused(snapshot, RuleViolation,
                     lambda: _file(holder.user, applicant=applicant_of(holder), today=today))
    assert error.article == "Art. 23 parágrafo único"
    until = add_years(cancelled.ended_on, 5)
    assert f"Impedido de nova autorização até {until:%d/%m/%Y}" in str(error)


def test_within_five_years_of_a_revocation_is_refused_art59_p5(snapshot, today):
    revoked = AuthorizationFactory(
        status=Authorization.Status.REVOKED, ended_on=today - dt.timedelta(days=30)
    )
    holder = revoked.holder
    error = _refused(snapshot, RuleViolation,
                     lambda: _file(holder.user, applicant=applicant_of(holder), today=today))
    assert error.article == "Art. 59 §5"


def test_the_day_after_the_five_years_the_application_is_accepted_art23(today):
    cancelled = AuthorizationFactory(
        status=Authorization.Status.CANCELLED, ended_on=dt.date(today.year - 5, 1, 10)
    )
    holder = cancelled.holder
    day_after = add_years(cancelled.ended_on, 5) + dt.timedelta(days=1)
    case = _file(holder.user, applicant=applicant_of(holder), today=day_after)
    assert case.state == ApplicationState.FILED


@pytest.mark.parametrize(
    ("declared", "article", "code"),
    [
        ({"cpf": "123.456.789-00"}, "Art. 10 I c", "invalid_cpf"),
        ({"cnh_number": "12345678901"}, "Art. 10 I b", "invalid_cnh"),
    ],
)
def test_an_invalid_identity_number_is_refused(applicant_user, snapshot, declared, article, code):
    error = _refused(snapshot, RuleViolation,
                     lambda: _file(applicant_user, applicant=applicant_data(**declared)))
    assert (error.article, error.code) == (article, code)


@pytest.mark.parametrize(
    ("declared", "code", "message"),
    [
        ({"plate": "AB-12345"}, "invalid_plate", "Placa inválida: AB-12345."),
        ({"renavam": "12345678901"}, "invalid_renavam", "RENAVAM inválido: 12345678901"),
    ],
)
def test_an_invalid_plate_or_renavam_is_refused_art10_ii_a(
    applicant_user, snapshot, declared, code, message
):
    error = _refused(snapshot, RuleViolation,
                     lambda: _file(applicant_user, vehicle=vehicle_data(**declared)))
    assert (error.article, error.code) == ("Art. 10 II a", code)
    assert message in str(error)


def test_a_file_that_is_not_what_it_says_is_refused(applicant_user, snapshot):
    files = document_files()
    files["cnh"] = pdf_file("cnh.png")  # a PDF under an image's name
    error = _refused(snapshot, RuleViolation,
                     lambda: _file(applicant_user, documents=files))
    assert error.code == "file_mismatch"
    assert "não é o que diz ser" in str(error)


def test_a_photo_must_be_an_image_art10_i_g(applicant_user, snapshot):
    files = document_files()
    files["photo_1"] = pdf_file("foto.pdf")
    error = _refused(snapshot, RuleViolation, lambda: _file(applicant_user, documents=files))
    assert (error.article, error.code) == ("Art. 10 I g", "file_type")


def test_a_vehicle_in_service_under_another_authorization_is_refused_art4_v(
    applicant_user, authorization, snapshot
):
    taken = authorization.vehicle
    error = _refused(
        snapshot, RuleViolation,
        lambda: _file(applicant_user,
                      vehicle=vehicle_data(plate=taken.plate, renavam=taken.renavam)),
    )
    assert error.article == "Art. 4 V"
    assert authorization.number in str(error)


def test_a_plate_registered_with_another_renavam_is_refused_art10_ii_a(
    applicant_user, authorization, snapshot
):
    taken = authorization.vehicle
    error = _refused(snapshot, RuleViolation,
                     lambda: _file(applicant_user, vehicle=vehicle_data(plate=taken.plate)))
    # One answer for every clash with someone else's record (LGPD; issue 12).
    assert (error.article, error.code) == ("Art. 10", "register_mismatch")


def test_a_fiscal_agent_cannot_file(fiscal_agent, snapshot):
    error = _refused(snapshot, NotPermitted, lambda: _file(fiscal_agent))
    assert error.article == "Art. 10 §1"


def test_a_driver_cannot_file_with_someone_elses_cpf(applicant_user, snapshot):
    other = DriverFactory()
    error = _refused(snapshot, RuleViolation,
                     lambda: _file(applicant_user, applicant=applicant_of(other)))
    assert (error.article, error.code) == ("Art. 10", "register_mismatch")


def test_a_driver_cannot_change_the_cpf_of_their_cadastro(snapshot):
    driver = DriverFactory()
    error = _refused(snapshot, NotPermitted, lambda: _file(driver.user))
    assert error.article == "Art. 10 I c"


def test_a_cnh_registered_to_another_driver_is_refused(applicant_user, snapshot):
    other = DriverFactory()
    error = _refused(
        snapshot, RuleViolation,
        lambda: _file(applicant_user, applicant=applicant_data(cnh_number=other.cnh_number)),
    )
    assert (error.article, error.code) == ("Art. 10", "register_mismatch")


def test_the_documents_of_a_refused_filing_are_not_stored(applicant_user, settings):
    with pytest.raises(RuleViolation):
        _file(applicant_user, applicant=applicant_data(city="Ecoporanga"))
    stored = list((settings.MEDIA_ROOT).rglob("*")) if settings.MEDIA_ROOT.exists() else []
    assert [path for path in stored if path.is_file()] == []
    assert Document.objects.count() == 0


def test_a_user_without_the_driver_role_cannot_file_through_the_portal(snapshot):
    error = _refused(snapshot, NotPermitted, lambda: _file(UserFactory()))
    assert error.article == "Art. 10 §1"
