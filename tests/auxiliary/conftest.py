import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api():
    def client_for(user=None):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return client_for


@pytest.fixture
def new_auxiliary_data():
    """A person not yet in the register, meeting every requirement of Art. 27 §§3-4."""
    from validate_docbr import CNH, CPF

    return {
        "name": "Joana Auxiliar",
        "cpf": CPF().generate(),
        "cnh_number": CNH().generate(),
        "cnh_category": "B",
        "cnh_expires_on": "2030-01-31",
        "address": "Rua das Flores, 12",
        "district": "Centro",
        "city": "Mantenópolis",
        "email": "joana@example.org",
    }
