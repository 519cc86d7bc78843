from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def _remember_device(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """A browser where someone signed in becomes his known device (accounts.lockout)."""
    from accounts.lockout import device_remember

    if request is not None:
        device_remember(request, user.get_username())


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Contas e papéis")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        user_logged_in.connect(_remember_device, dispatch_uid="accounts.known_device")
