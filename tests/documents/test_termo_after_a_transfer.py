"""Art. 25: after a transfer the new holder sees the authorization's papers, but a Termo
carries its holder's full CPF — each driver opens only the Termo made out to him."""

from __future__ import annotations

import pytest

from documents.models import OfficialDocument
from documents.selectors import documents_visible_to
from documents.services import authorization_term_issue, document_render
from registers.models import Authorization
from tests.factories import AuthorizationFactory, DriverFactory

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind


def _term(authorization: Authorization, clerk) -> OfficialDocument:
    document = authorization_term_issue(authorization=authorization, actor=clerk)
    return document_render(document_id=document.pk)


def test_art_25_the_new_holder_opens_his_termo_not_the_former_holders(client, clerk):
    authorization = AuthorizationFactory(number="TA-0031/2024")
    former = authorization.holder
    first = _term(authorization, clerk)
    heir = DriverFactory()
    authorization.holder = heir
    authorization.save(update_fields=["holder"])
    second = _term(authorization, clerk)

    assert first.number == second.number == "TA-0031/2024"
    assert list(documents_visible_to(heir.user)) == [second]
    client.force_login(heir.user)
    assert client.get(f"/documentos/{first.verification_code}/pdf/").status_code == 404
    assert client.get(f"/documentos/{second.verification_code}/pdf/").status_code == 200
    # The former holder, no longer holding it, keeps no access through the authorization.
    assert list(documents_visible_to(former.user)) == []
