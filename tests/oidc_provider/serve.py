"""Start the test provider: `python -m tests.oidc_provider.serve PORT CLIENT_ID SECRET
REDIRECT_URI POST_LOGOUT_URI` with PROVIDER_DB, PROVIDER_STATE and PROVIDER_ISSUER set.
Migrates its database, makes a fresh RSA key and the client, then serves on 127.0.0.1."""

from __future__ import annotations

import os
import sys

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa


def main() -> None:
    port, client_id, secret, redirect_uri, post_logout = sys.argv[1:6]
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    os.environ["PROVIDER_RSA_KEY"] = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    os.environ["DJANGO_SETTINGS_MODULE"] = "tests.oidc_provider.settings"
    import django

    django.setup()
    from django.core.management import call_command
    from oauth2_provider.models import Application

    call_command("migrate", verbosity=0, interactive=False)
    Application.objects.create(
        name="Táxi Mantenópolis (teste)",
        client_id=client_id,
        client_secret=secret,
        client_type=Application.CLIENT_CONFIDENTIAL,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=redirect_uri,
        post_logout_redirect_uris=post_logout,
        algorithm=Application.RS256_ALGORITHM,
        skip_authorization=True,
    )
    call_command("runserver", f"127.0.0.1:{port}", use_reloader=False, use_threading=True)


if __name__ == "__main__":
    main()
