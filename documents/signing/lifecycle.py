"""Key lifecycle (issue 21, point 7): the seal certificate's expiry, warned ahead of time.

The administrator sees the seal's validity on the pending-signatures page, and a daily task
(`documents.tasks.seal_expiry_warning`) e-mails the administrators when fewer than
SIGNING_SEAL_EXPIRY_WARNING_DAYS remain: a seal that expires unnoticed would leave every
new document "assinatura pendente".
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import send_mail
from django.utils.translation import gettext as _

from documents.signing.pades import SigningUnavailable, seal_signer


@dataclass(frozen=True)
class SealStatus:
    subject: str = ""
    not_after: dt.date | None = None
    days_left: int = 0
    expiring: bool = False
    error: str = ""


def seal_certificate_status(*, today: dt.date) -> SealStatus:
    """The configured seal certificate's name and last day, and whether it expires within
    SIGNING_SEAL_EXPIRY_WARNING_DAYS of `today`."""
    try:
        cert = seal_signer().signing_cert
    except SigningUnavailable as exc:
        return SealStatus(error=str(exc))
    if cert is None:  # pragma: no cover — a token without its certificate
        return SealStatus(error="no certificate")
    not_after = cert.not_valid_after.date()
    days_left = (not_after - today).days
    return SealStatus(
        subject=str(cert.subject.native.get("common_name", "")),
        not_after=not_after,
        days_left=days_left,
        expiring=days_left <= settings.SIGNING_SEAL_EXPIRY_WARNING_DAYS,
    )


def seal_expiry_warn(*, today: dt.date) -> bool:
    """E-mail the active administrators when the seal expires soon (or cannot be read)."""
    from accounts.models import User
    from accounts.roles import Role

    status = seal_certificate_status(today=today)
    if not (status.expiring or status.error):
        return False
    recipients = [
        u.email
        for u in User.objects.filter(is_active=True, groups__name=Role.ADMINISTRATOR).exclude(
            email=""
        )
    ]
    if status.error:
        body = _("O certificado do selo eletrônico não pôde ser lido: %(error)s") % {
            "error": status.error
        }
    else:
        body = _(
            "O certificado do selo eletrônico do Município (%(name)s) vence em %(day)s. "
            "Renove-o e configure o novo (SIGNING_SEAL_PKCS12) antes disso: sem selo, os "
            "documentos novos ficam com assinatura pendente."
        ) % {
            "name": status.subject,
            "day": status.not_after.strftime("%d/%m/%Y") if status.not_after else "",
        }
    if recipients:
        send_mail(_("Selo eletrônico: certificado a renovar"), body, None, recipients)
    return True
