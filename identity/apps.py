from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class IdentityConfig(AppConfig):
    name = "identity"
    verbose_name = _("Identidade e sessões")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from identity.services import session_logged_in

        # Auth bookkeeping, not domain flow: every login (page, gov.br, test client)
        # starts the session's row and idle clock.
        user_logged_in.connect(session_logged_in, dispatch_uid="identity_session_logged_in")
