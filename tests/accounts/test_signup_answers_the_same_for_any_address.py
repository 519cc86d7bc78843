"""Issue 20 §3: a sign-up answers the same, after the same work, whether or not the
address has an account (no enumeration by the page nor by its time).

The slow part of a sign-up is hashing the password: it used to be skipped for an address
with an account (0.06 s against 0.72 s). A hasher that counts its calls shows the work.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.core import mail

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


class CountingHasher(MD5PasswordHasher):
    algorithm = "counting_md5"
    calls = 0

    def encode(self, password, salt):
        type(self).calls += 1
        return super().encode(password, salt)


@pytest.fixture
def counting_hasher(settings):
    settings.PASSWORD_HASHERS = [f"{__name__}.CountingHasher"]
    CountingHasher.calls = 0
    return CountingHasher


def _page(response) -> str:
    html = response.content.decode()
    return html.replace("ja@example.com", "@").replace("nova@example.com", "@")


def test_an_existing_and_a_new_address_get_the_same_page_mail_count_and_hashing(
    sign_up, counting_hasher
):
    UserFactory(username="ja@example.com", email="ja@example.com")

    counting_hasher.calls = 0
    existing = sign_up(email="ja@example.com")
    hashed_for_existing, mails_for_existing = counting_hasher.calls, len(mail.outbox)
    counting_hasher.calls = 0
    new = sign_up(email="nova@example.com")

    assert existing.status_code == new.status_code == 200
    assert _csrf_free(_page(existing)) == _csrf_free(_page(new))
    assert hashed_for_existing == counting_hasher.calls == 1
    assert mails_for_existing == 1 and len(mail.outbox) == 2


def _csrf_free(html: str) -> str:
    import re

    # The CSRF token and the form's one-time key (web.idempotency) differ on every page.
    return re.sub(r'value="[0-9a-zA-Z]{32,}"', "", html)
