"""Issue 12 §5: a password must have 10 characters, not be common, not be only digits,
nor look like the user's name; the admin's forms refuse one that breaks the policy."""

from __future__ import annotations

import pytest
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("weak", ["curta123", "8392017465", "password123", "senha"])
def test_weak_passwords_are_refused(weak):
    with pytest.raises(ValidationError):
        validate_password(weak)


def test_a_password_like_the_username_is_refused():
    user = UserFactory(username="mariadasgracas")
    with pytest.raises(ValidationError):
        validate_password("mariadasgracas1", user=user)


def test_a_long_mixed_password_is_accepted():
    assert validate_password("taxi-mantenopolis-2026") is None


def test_the_admin_refuses_to_create_a_user_with_a_weak_password(client):
    admin = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(admin)
    response = client.post(
        "/admin/accounts/user/add/",
        {
            "username": "novo",
            "password1": "8392017465",
            "password2": "8392017465",
            "usable_password": "true",
        },
    )
    assert response.status_code == 200
    assert "novo" not in set(type(admin).objects.values_list("username", flat=True))
