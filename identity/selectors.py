"""Reads of the identity layer for the layers above."""

from __future__ import annotations

from identity.models import ExternalIdentity


def vouched_cpf(user: object) -> str:
    """The CPF an identity provider vouched for this user ("" when none did): a request
    he files names this CPF and no other (the sign-up locked it)."""
    pk = getattr(user, "pk", None)
    if pk is None:
        return ""
    return ExternalIdentity.objects.filter(user_id=pk).values_list("cpf", flat=True).first() or ""
