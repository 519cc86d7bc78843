"""Factories and builders of the application tests: declared data, files, cases by state."""

from __future__ import annotations

import datetime as dt
import io
import itertools

import factory
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from PIL import Image
from validate_docbr import CNH, CPF, RENAVAM

from registers.models import PopulationFigure
from tests.factories import DriverFactory, VehicleFactory, plate_for
from workflows.application.checklist import ITEMS
from workflows.application.models import ApplicationCase, ApplicationState
from workflows.application.services import ApplicantData, VehicleData

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
_PLATES = itertools.count(9000)


def png_bytes() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (30, 40), (200, 180, 160)).save(buffer, format="PNG")
    return buffer.getvalue()


def pdf_file(name: str = "documento.pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, PDF, content_type="application/pdf")


def png_file(name: str = "foto.png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, png_bytes(), content_type="image/png")


def document_files(*, without: tuple[str, ...] = ()) -> dict[str, SimpleUploadedFile]:
    """One good file per checklist item (photos as PNG), keyed by item code."""
    return {
        item.code: png_file(f"{item.code}.png") if item.image_only else pdf_file(f"{item.code}.pdf")
        for item in ITEMS
        if item.code not in without
    }


def document_fields(*, without: tuple[str, ...] = ()) -> dict[str, SimpleUploadedFile]:
    """The same files under their form/API field names (`doc_<item>`)."""
    return {f"doc_{code}": file for code, file in document_files(without=without).items()}


def applicant_data(**overrides: object) -> ApplicantData:
    values: dict[str, object] = {
        "name": "Maria das Graças Souza",
        "cpf": CPF().generate(mask=True),
        "cnh_number": CNH().generate(),
        "cnh_category": "B",
        "cnh_expires_on": timezone.localdate() + dt.timedelta(days=900),
        "address": "Rua Espírito Santo, 45",
        "district": "Centro",
        "city": "Mantenópolis",
        "postal_code": "29770-000",
        "email": "maria@example.org",
        "phone": "(27) 99999-0000",
    }
    values.update(overrides)
    return ApplicantData(**values)  # type: ignore[arg-type]


def applicant_of(driver) -> ApplicantData:  # type: ignore[no-untyped-def]
    """What an existing cadastro would declare again."""
    return applicant_data(
        name=driver.name, cpf=driver.cpf, cnh_number=driver.cnh_number,
        cnh_category=driver.cnh_category, cnh_expires_on=driver.cnh_expires_on,
        address=driver.address, city=driver.city, email=driver.email,
    )


def vehicle_data(**overrides: object) -> VehicleData:
    values: dict[str, object] = {
        "plate": plate_for(next(_PLATES)),
        "renavam": RENAVAM().generate(),
        "make": "Chevrolet",
        "model": "Spin",
        "manufacture_year": timezone.localdate().year - 2,
        "doors": 4,
        "capacity": 5,
        "air_conditioning": True,
        "airbag": True,
        "colour": "branca",
    }
    values.update(overrides)
    return VehicleData(**values)  # type: ignore[arg-type]


def form_payload(applicant: ApplicantData, vehicle: VehicleData) -> dict[str, object]:
    """The declared data as a form / multipart request carries it."""
    payload: dict[str, object] = {**applicant.__dict__, **vehicle.__dict__}
    payload["cnh_expires_on"] = applicant.cnh_expires_on.isoformat()
    payload["air_conditioning"] = "true" if vehicle.air_conditioning else ""
    payload["airbag"] = "true" if vehicle.airbag else ""
    return payload


def population(inhabitants: int, *, year: int | None = None) -> PopulationFigure:
    """Art. 22 §3: the IBGE figure; the cap is inhabitants // 500."""
    return PopulationFigure.objects.create(
        year=year or timezone.localdate().year, population=inhabitants
    )


class ApplicationCaseFactory(factory.django.DjangoModelFactory):
    """An application made directly in a given state (for the tests of later steps)."""

    class Meta:
        model = ApplicationCase

    sequence = factory.Sequence(lambda n: 700000 + n)
    year = 2026
    number = factory.LazyAttribute(lambda c: f"{c.year}/{c.sequence:06d}")
    kind = ApplicationCase.KIND
    state = ApplicationState.FILED
    applicant = factory.SubFactory(DriverFactory)
    vehicle = factory.SubFactory(VehicleFactory, owner=factory.SelfAttribute("..applicant"))
    opened_at = factory.LazyFunction(timezone.now)

    class Params:
        in_review = factory.Trait(state=ApplicationState.SECRETARIA_REVIEW)
        waiting = factory.Trait(
            state=ApplicationState.WAITING_LIST,
            approved_on=factory.LazyFunction(timezone.localdate),
        )
        awaiting_homologation = factory.Trait(
            state=ApplicationState.AWAITING_HOMOLOGATION,
            approved_on=factory.LazyFunction(timezone.localdate),
            place_granted_on=factory.LazyFunction(timezone.localdate),
        )
