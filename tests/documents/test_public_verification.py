"""The public page says whether a taxi may carry passengers TODAY (Art. 1 sole paragraph,
Art. 17), from the live registers, by plate, IM number or a document's code — and never
shows a CPF.
"""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
from django.utils import timezone

from documents.models import OfficialDocument
from documents.selectors import Standing, verification_lookup
from documents.services import document_issue, im_card_issue
from registers.models import Authorization
from tests.documents.helpers import cpf_forms
from tests.factories import AuthorizationFactory, MunicipalRegistrationFactory, VehicleFactory

pytestmark = pytest.mark.django_db

Status = Authorization.Status


def _page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.content[:500]
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    assert "no-cache" in response["Cache-Control"]
    return html.unescape(response.content.decode())


def _standing(page: str) -> str:
    found = re.search(r'data-testid="standing">(.*?)</p>', page, re.S)
    assert found, page
    return re.sub(r"<[^>]+>|[✓✕?]", "", found.group(1)).strip()


@pytest.fixture
def taxi():
    """An active taxi with an IM valid today, an old-format plate and a known holder."""
    return MunicipalRegistrationFactory(
        number="IM-00412",
        authorization__number="TA-0412",
        authorization__holder__name="Benedita Ramos Coutinho",
        authorization__vehicle=VehicleFactory(
            plate="MTP1234", make="Chevrolet", model="Spin", colour="branca"
        ),
    )


def test_an_active_taxi_with_a_valid_im_is_authorised_art17(client, taxi):
    page = _page(client, "/verificar/?q=MTP-1234")

    assert _standing(page) == "Autorizado"
    assert "Benedita Ramos Coutinho" in page
    assert "MTP-1234" in page
    assert "Chevrolet Spin, branca" in page
    assert "IM-00412" in page
    assert f"válida de {taxi.valid_from:%d/%m/%Y} a {taxi.valid_until:%d/%m/%Y}" in page
    assert f"Situação consultada em {timezone.localdate():%d/%m/%Y}" in page


@pytest.mark.parametrize("typed", ["MTP-1234", "mtp1234", "MTP 1234", " mtp-1234 "])
def test_the_plate_is_found_in_any_format(client, taxi, typed):
    assert _standing(_page(client, f"/verificar/?q={typed}")) == "Autorizado"


def test_a_mercosul_plate_and_the_plate_path(client):
    MunicipalRegistrationFactory(authorization__vehicle=VehicleFactory(plate="RIO2A18"))

    assert _standing(_page(client, "/verificar/?q=rio2a18")) == "Autorizado"
    assert _standing(_page(client, "/verificar/placa/RIO2A18/")) == "Autorizado"
    assert _standing(_page(client, "/verificar/placa/rio-2a18/")) == "Autorizado"


def test_by_im_number(client, taxi):
    page = _page(client, "/verificar/?q=im-00412")

    assert _standing(page) == "Autorizado"
    assert "Benedita Ramos Coutinho" in page


def test_by_verification_code_names_the_document_and_the_live_standing(client, taxi, clerk):
    document = im_card_issue(registration=taxi, actor=clerk)

    page = _page(client, f"/verificar/{document.verification_code}/")

    assert _standing(page) == "Autorizado"
    assert "Cartão da Inscrição Municipal (IM)" in page
    assert document.number in page
    assert f"emitido em {timezone.localtime(document.issued_at):%d/%m/%Y}" in page
    # Typed in the form, grouped and in lower case, it is found too.
    code = document.verification_code
    typed = f"{code[:4]}-{code[4:8]}-{code[8:]}".lower()
    assert document.number in _page(client, f"/verificar/?q={typed}")


def test_a_suspended_taxi_is_shown_as_suspended_art24(client):
    registration = MunicipalRegistrationFactory(
        authorization=AuthorizationFactory(status=Status.SUSPENDED)
    )
    page = _page(client, f"/verificar/?q={registration.vehicle.plate}")

    assert _standing(page) == "Suspenso"
    assert "não pode transportar passageiros" in page


def test_a_revoked_taxi_is_shown_as_revoked_art59(client, taxi):
    authorization = taxi.authorization
    authorization.revoke(on=timezone.localdate())
    authorization.save()

    assert _standing(_page(client, "/verificar/?q=MTP1234")) == "Cassado"


def test_a_cancelled_taxi_is_shown_as_cancelled_art23(client, taxi):
    authorization = taxi.authorization
    authorization.cancel(on=timezone.localdate())
    authorization.save()

    assert _standing(_page(client, "/verificar/?q=MTP1234")) == "Cancelado"


def test_a_taxi_whose_im_ran_out_is_expired_art18(client):
    today = timezone.localdate()
    registration = MunicipalRegistrationFactory(
        valid_from=today - dt.timedelta(days=366), valid_until=today - dt.timedelta(days=1)
    )
    page = _page(client, f"/verificar/?q={registration.vehicle.plate}")

    assert _standing(page) == "IM vencida"
    assert f"a {registration.valid_until:%d/%m/%Y}" in page


def test_a_taxi_without_any_im_is_expired_art17(client):
    authorization = AuthorizationFactory()

    page = _page(client, f"/verificar/?q={authorization.vehicle.plate}")

    assert _standing(page) == "IM vencida"


def test_the_im_of_a_replaced_vehicle_does_not_count_art17(client, taxi):
    # The authorization moved to another car; the IM still names the old one.
    authorization = taxi.authorization
    authorization.vehicle = VehicleFactory(owner=authorization.holder)
    authorization.save()

    assert _standing(_page(client, f"/verificar/?q={authorization.vehicle.plate}")) == "IM vencida"
    # The old car's plate no longer belongs to any taxi.
    assert _standing(_page(client, "/verificar/?q=MTP1234")) == "Não encontrado"


def test_a_renewed_im_answers_when_the_old_one_is_typed_art18(client, taxi):
    today = timezone.localdate()
    old = MunicipalRegistrationFactory(
        number="IM-00001",
        authorization=taxi.authorization,
        valid_from=today - dt.timedelta(days=500),
        valid_until=today - dt.timedelta(days=101),
    )

    page = _page(client, f"/verificar/?q={old.number}")

    assert _standing(page) == "Autorizado"
    assert "IM-00412" in page
    assert "A IM IM-00001 consultada não é a vigente" in page


@pytest.mark.parametrize("typed", ["XYZ9Z99", "IM-99999", "ABCDEFGHJK", "qualquer coisa"])
def test_an_unknown_taxi_is_not_found(client, taxi, typed):
    page = _page(client, f"/verificar/?q={typed}")

    assert _standing(page) == "Não encontrado"
    assert "Benedita" not in page


def test_an_unknown_code_in_the_path_is_not_found(client):
    assert _standing(_page(client, "/verificar/ABCDEFGHJK/")) == "Não encontrado"
    assert _standing(_page(client, "/verificar/placa/nada/")) == "Não encontrado"


def test_a_document_about_no_taxi_is_shown_as_authentic(client):
    letter = document_issue(
        kind=OfficialDocument.Kind.REGISTERED_LETTER, context={"subject": "Aviso"}
    )

    page = _page(client, f"/verificar/{letter.verification_code}/")

    assert _standing(page) == "Documento autêntico"
    assert "Carta registrada com AR" in page
    assert letter.number in page
    assert "Não encontrado" not in page


def test_the_empty_form_asks_for_a_plate(client):
    page = _page(client, "/verificar/")

    assert "Placa, número da IM ou código de verificação" in page
    assert 'data-testid="standing"' not in page


def test_the_page_shows_the_live_state_not_the_papers(client, taxi, clerk):
    # The IM card was printed while the taxi was active…
    document = im_card_issue(registration=taxi, actor=clerk)
    assert _standing(_page(client, f"/verificar/{document.verification_code}/")) == "Autorizado"

    # …then the authorization is suspended: the same QR code now says so.
    authorization = Authorization.objects.get(pk=taxi.authorization_id)
    authorization.suspend()
    authorization.save()
    assert _standing(_page(client, f"/verificar/{document.verification_code}/")) == "Suspenso"

    # …and back in service at the end of the suspension.
    authorization.reactivate()
    authorization.save()
    assert _standing(_page(client, f"/verificar/{document.verification_code}/")) == "Autorizado"


def test_a_kept_seal_verdict_never_keeps_the_standing_art59(client, taxi, clerk, settings):
    """Issue 25: the verdict on the card's sealed PDF is kept (by its bytes); what the QR
    code says of the taxi is read again on every request: revoked, it says so at once,
    page and API, while the paper's seal stays valid."""
    from django.urls import reverse

    from documents.services import document_render

    settings.VERIFY_SIGNATURES_CACHE_SECONDS = 600
    card = document_render(document_id=im_card_issue(registration=taxi, actor=clerk).pk)
    url = f"/verificar/{card.verification_code}/"
    api = reverse("api-verify-code", args=[card.verification_code])
    assert _standing(_page(client, url)) == "Autorizado"
    assert client.get(api).json()["standing"] == "active"

    authorization = Authorization.objects.get(pk=taxi.authorization_id)
    authorization.revoke(on=timezone.localdate())
    authorization.save()

    page = _page(client, url)
    assert _standing(page) == "Cassado"
    assert 'data-testid="signature" data-ok="true"' in page
    answer = client.get(api).json()
    assert answer["standing"] == "revoked"
    assert [s["valid"] for s in answer["signatures"]] == [True]


def test_no_cpf_is_ever_shown_in_any_format(client, taxi, clerk):
    holder = taxi.authorization.holder
    suspended = MunicipalRegistrationFactory(
        authorization=AuthorizationFactory(status=Status.SUSPENDED)
    )
    document = im_card_issue(registration=taxi, actor=clerk)
    pages = [
        _page(client, "/verificar/?q=MTP1234"),
        _page(client, f"/verificar/?q={taxi.number}"),
        _page(client, f"/verificar/{document.verification_code}/"),
        _page(client, "/verificar/placa/MTP-1234/"),
        _page(client, f"/verificar/?q={suspended.vehicle.plate}"),
        # Someone types a CPF into the box: it is not a key to anything.
        _page(client, f"/verificar/?q={holder.cpf}"),
    ]
    for page in pages[:-1]:
        for cpf in (holder.cpf, suspended.authorization.holder.cpf):
            for form in cpf_forms(cpf):
                assert form not in page
    assert _standing(pages[-1]) == "Não encontrado"
    assert "CPF" not in "".join(pages)


@pytest.mark.parametrize(
    "query",
    ["MTP1234", "IM-00412", "code"],
)
def test_each_lookup_takes_at_most_two_queries(django_assert_max_num_queries, taxi, clerk, query):
    document = im_card_issue(registration=taxi, actor=clerk)
    if query == "code":
        query = document.verification_code
    today = timezone.localdate()

    with django_assert_max_num_queries(2):
        result = verification_lookup(query, today=today)
        # What the page reads from the answer is already loaded.
        assert result is not None
        assert result.standing == Standing.ACTIVE
        assert result.authorization.holder.name == "Benedita Ramos Coutinho"
        assert result.vehicle.display_plate == "MTP-1234"
        assert result.registration.number == "IM-00412"
        if result.document:
            assert result.document.get_kind_display()


def test_the_whole_anonymous_request_takes_at_most_four_queries(
    client, django_assert_max_num_queries, taxi
):
    # The taxi and its IM, whether it is retained at its association (Art. 3 §5) and the
    # advertisement authorized on it (Art. 67).
    with django_assert_max_num_queries(4):
        response = client.get("/verificar/?q=MTP-1234")
    assert response.status_code == 200
