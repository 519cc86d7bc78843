"""Art. 4 X: the driver's identification, issued by the municipality, over the dashboard:
name and photo of the driver, the telephone for information, complaints or suggestions,
and (Art. 58 V) the dress rule; for the holder and for his auxiliary (Art. 27). Read from
the rendered PDF, its seal validated; downloaded by the driver and the clerk; checked on
the public verification page like the other documents."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone
from PIL import Image

from accounts.models import PersonalDataAccess
from accounts.roles import Role
from core.errors import RuleViolation
from documents.models import OfficialDocument
from documents.selectors import portal_documents
from documents.services import document_render, driver_card_issue
from documents.signing.pades import document_roots, pdf_check
from registers.models import AuxiliaryBinding, Driver
from tests.documents.helpers import cpf_forms, pdf_text
from tests.factories import (
    AuthorizationFactory,
    DriverFactory,
    MunicipalRegistrationFactory,
    UserFactory,
    VehicleFactory,
)

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind
PHONE = "(27) 3756-1156"  # COMPLAINTS_PHONE of the test settings


def _photo() -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", (300, 400), (40, 90, 160)).save(buffer, format="PNG")
    return SimpleUploadedFile("foto.png", buffer.getvalue(), content_type="image/png")


@pytest.fixture
def clerk():
    return UserFactory(role=Role.CLERK, first_name="Ana Paula", last_name="Mendes")


@pytest.fixture
def registration():
    return MunicipalRegistrationFactory(
        number="IM-2026/00007",
        authorization__number="TA-0007/2024",
        authorization__holder__name="Carlos Pereira Nunes",
        authorization__vehicle=VehicleFactory(
            plate="RIO2A18", make="Chevrolet", model="Spin", colour="branca"
        ),
    )


@pytest.fixture
def auxiliary(registration):
    aux = DriverFactory(
        kind=Driver.Kind.AUXILIARY,
        name="Paulo Henrique Dias",
        titular=registration.authorization.holder,
    )
    AuxiliaryBinding.objects.create(
        authorization=registration.authorization,
        auxiliary=aux,
        valid_from=timezone.localdate() - dt.timedelta(days=30),
        valid_until=timezone.localdate() + dt.timedelta(days=300),
    )
    return aux


def _rendered(document: OfficialDocument) -> OfficialDocument:
    document = document_render(document_id=document.pk)
    assert document.status == OfficialDocument.Status.READY, document.last_error
    return document


def _content(document: OfficialDocument) -> bytes:
    with document.file.open("rb") as handle:
        return handle.read()


def test_art_4_x_holder_card_shows_name_photo_taxi_phone_and_dress_rule(registration, clerk):
    holder = registration.authorization.holder
    holder.photo = _photo()
    holder.save()

    card = _rendered(driver_card_issue(driver=holder, actor=clerk))
    text = pdf_text(card)

    assert card.kind == Kind.DRIVER_CARD and card.driver == holder
    assert card.number.startswith("IC-")
    assert f"Identificação do condutor Nº {card.number}" in text
    assert "Carlos Pereira Nunes" in text and "Taxista titular" in text
    assert "RIO2A18" in text and "Chevrolet Spin" in text
    assert "Termo de Autorização TA-0007/2024" in text
    assert "IM-2026/00007" in text
    assert f"Informações, reclamações ou sugestões: {PHONE}" in text
    assert "Traje (Art. 58 V)" in text
    assert "regulamentação do Poder Executivo Municipal" in text
    # The photo of the register is on it (kept in the context as the day's JPEG).
    assert card.context["driver"]["photo"].startswith("data:image/jpeg;base64,")
    assert "Foto 3x4" not in text
    # Shown to passengers: no CPF in any form, on paper or in the stored context.
    for form in cpf_forms(holder.cpf):
        assert form not in text and form not in str(card.context)
    assert holder.cnh_number not in text


def test_art_4_x_card_is_sealed_and_its_seal_validates(registration, clerk):
    card = _rendered(driver_card_issue(driver=registration.authorization.holder, actor=clerk))

    check = pdf_check(_content(card), roots=document_roots())
    [seal] = check.signatures
    assert card.signature == OfficialDocument.Signature.SIGNED, card.signature_error
    assert seal.intact and seal.valid and seal.trusted and seal.whole_file
    assert check.all_ok and not check.altered


def test_art_4_x_without_a_photo_the_card_keeps_the_box_for_one(registration, clerk):
    card = _rendered(driver_card_issue(driver=registration.authorization.holder, actor=clerk))

    assert card.context["driver"]["photo"] == ""
    assert "Foto 3x4" in pdf_text(card)


def test_art_27_auxiliary_card_names_him_and_his_titulars_taxi(registration, auxiliary, clerk):
    card = _rendered(driver_card_issue(driver=auxiliary, actor=clerk))
    text = pdf_text(card)

    assert card.driver == auxiliary
    assert card.authorization == registration.authorization
    assert "Paulo Henrique Dias" in text
    assert "Taxista auxiliar de Carlos Pereira Nunes (Art. 27)" in text
    assert "RIO2A18" in text and "TA-0007/2024" in text
    assert f"Informações, reclamações ou sugestões: {PHONE}" in text


def test_art_4_x_no_card_for_a_driver_who_drives_no_taxi_today(clerk):
    loose = DriverFactory(kind=Driver.Kind.AUXILIARY)

    with pytest.raises(RuleViolation, match="não tem Termo de Autorização em vigor"):
        driver_card_issue(driver=loose, actor=clerk)
    assert not OfficialDocument.objects.exists()


def test_art_4_x_no_card_without_the_complaints_phone(registration, clerk, settings):
    settings.COMPLAINTS_PHONE = ""

    with pytest.raises(RuleViolation, match="COMPLAINTS_PHONE"):
        driver_card_issue(driver=registration.authorization.holder, actor=clerk)
    assert not OfficialDocument.objects.exists()


def test_art_4_x_the_clerk_issues_it_from_the_drivers_file(client, registration, clerk):
    holder = registration.authorization.holder
    client.force_login(clerk)

    response = client.post(reverse("workspace-driver-card", args=[holder.pk]))

    assert response.status_code == 302
    card = OfficialDocument.objects.get(kind=Kind.DRIVER_CARD)
    assert card.driver == holder and card.issued_by == clerk
    _rendered(card)
    page = client.get(reverse("workspace-driver", args=[holder.pk]))
    assert card.number in page.content.decode()
    pdf = client.get(reverse("official-document-pdf", args=[card.verification_code]))
    assert pdf.status_code == 200
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")
    assert PersonalDataAccess.objects.filter(
        user=clerk, driver=holder, channel="file", what__startswith="Identificação"
    ).exists()


def test_art_4_x_only_the_secretaria_issues_it(client, registration):
    client.force_login(UserFactory(role=Role.FISCAL_AGENT))

    response = client.post(
        reverse("workspace-driver-card", args=[registration.authorization.holder.pk])
    )

    assert response.status_code == 403
    assert not OfficialDocument.objects.exists()


def test_art_4_x_a_driver_with_no_taxi_gets_the_reason_not_a_card(client, clerk):
    loose = DriverFactory(kind=Driver.Kind.AUXILIARY)
    client.force_login(clerk)

    response = client.post(reverse("workspace-driver-card", args=[loose.pk]), follow=True)

    assert "não tem Termo de Autorização em vigor" in response.content.decode()
    assert not OfficialDocument.objects.exists()


def test_art_27_each_driver_downloads_his_own_card_from_the_portal(
    client, registration, auxiliary, clerk
):
    holder = registration.authorization.holder
    own = _rendered(driver_card_issue(driver=holder, actor=clerk))
    aux_card = _rendered(driver_card_issue(driver=auxiliary, actor=clerk))

    assert own in portal_documents(holder.user) and aux_card not in portal_documents(holder.user)
    assert aux_card in portal_documents(auxiliary.user) and own not in portal_documents(
        auxiliary.user
    )
    client.force_login(auxiliary.user)
    mine = client.get(reverse("official-document-pdf", args=[aux_card.verification_code]))
    theirs = client.get(reverse("official-document-pdf", args=[own.verification_code]))
    assert mine.status_code == 200 and theirs.status_code == 404


def test_art_4_x_the_public_page_verifies_the_card_and_the_driver_today(
    client, registration, auxiliary, clerk
):
    card = _rendered(driver_card_issue(driver=auxiliary, actor=clerk))
    url = reverse("verify-code", args=[card.verification_code])

    page = client.get(url).content.decode()
    assert "Identificação do condutor" in page and card.number in page
    assert "Paulo Henrique Dias" in page and "autorizado hoje a conduzir este táxi" in page
    assert auxiliary.cpf not in page

    # The binding ends (Art. 27 §2): the card printed before no longer vouches for him.
    AuxiliaryBinding.objects.filter(auxiliary=auxiliary).update(
        ended_on=timezone.localdate(), end_reason=AuxiliaryBinding.EndReason.RESIGNATION
    )
    page = client.get(url).content.decode()
    assert "não conduz mais este táxi" in page


def test_art_4_x_a_card_for_an_authorization_without_im_says_so(clerk):
    authorization = AuthorizationFactory(number="TA-0009/2024")

    card = _rendered(driver_card_issue(driver=authorization.holder, actor=clerk))

    assert card.registration is None
    assert "sem IM em vigor na emissão" in pdf_text(card)
