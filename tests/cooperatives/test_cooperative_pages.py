"""Association pages through HTTP only (Art. 3)."""

from __future__ import annotations

import pytest

from municipal.models import Association, Membership
from tests.factories import AuthorizationFactory, UserFactory
from tests.municipal_factories import AssociationFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def test_art_3_par_1_i_clerk_registers_and_adds_a_member(client, clerk):
    client.force_login(clerk)
    response = client.post(
        "/associacoes/",
        {
            "name": "Associação dos Taxistas",
            "kind": "association",
            "cnpj": "98765432000110",
            "registered_on": "2026-03-01",
            "colour": "azul",
        },
    )
    association = Association.objects.get()
    assert response.status_code == 302
    taxi = AuthorizationFactory()
    added = client.post(
        f"/associacoes/{association.pk}/associados/",
        {"authorization": taxi.number, "since": "2026-03-02"},
        follow=True,
    )
    html = added.content.decode()
    assert "Associado incluído." in html and taxi.holder.name in html


def test_art_3_caput_a_member_of_one_association_joins_a_second(client, clerk):
    membership = MembershipFactory()
    other = AssociationFactory()
    client.force_login(clerk)
    response = client.post(
        f"/associacoes/{other.pk}/associados/",
        {"authorization": membership.driver.authorizations.get().number, "since": "2026-03-02"},
        follow=True,
    )
    assert "Associado incluído." in response.content.decode()
    assert Membership.objects.filter(driver=membership.driver).count() == 2
    again = client.post(
        f"/associacoes/{other.pk}/associados/",
        {"authorization": membership.driver.authorizations.get().number, "since": "2026-03-03"},
        follow=True,
    )
    assert "já é associado desta associação" in again.content.decode()
    assert Membership.objects.filter(driver=membership.driver).count() == 2


def test_association_pages_are_staff_only_403(client):
    association = AssociationFactory()
    client.force_login(UserFactory())
    assert client.get("/associacoes/").status_code == 403
    assert client.get(f"/associacoes/{association.pk}/").status_code == 403
    client.force_login(AuthorizationFactory().holder.user)
    response = client.post(
        f"/associacoes/{association.pk}/associados/", {"authorization": "x", "since": "2026-03-02"}
    )
    assert response.status_code == 403


def test_art_3_par_3_the_keepers_forms_carry_each_associations_colour_and_language(
    client, clerk
):
    """The forms' fields are kept in the fragment cache (issue 25): by the association's
    colour (the executive taxi's default, Art. 3 §3) and the reader's language."""
    silver, blue = AssociationFactory(colour="prata"), AssociationFactory(colour="azul")
    client.force_login(clerk)
    for association in (silver, blue, silver):
        html = client.get(f"/associacoes/{association.pk}/").content.decode()
        assert f'name="colour" value="{association.colour}"' in html
        assert "Associado desde" in html and "Member since" not in html
    english = client.get(f"/associacoes/{blue.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Member since" in english and "Associado desde" not in english
    assert 'name="colour" value="azul"' in english
