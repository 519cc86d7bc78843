"""The renewal filing endpoint (Art. 19): validate, call the service, serialize."""

from __future__ import annotations

from rest_framework import serializers

from core.dates import MAY_PREDATE_THE_LAW, LegalDateField


class RenewalInput(serializers.Serializer):
    # Optional here: the service refuses a missing item of Art. 19 naming its article.
    driver = serializers.IntegerField(
        required=False, help_text="Somente para servidores protocolando no balcão."
    )
    previous_number = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="Art. 19 I: a IM anterior."
    )
    crlv = serializers.FileField(required=False, default=None, help_text="Art. 19 II.")
    cnh = serializers.FileField(required=False, default=None, help_text="Art. 19 III.")
    cnh_expires_on = LegalDateField(
        bound=MAY_PREDATE_THE_LAW,
        required=False,
        default=None,
        help_text="Validade da CNH apresentada.",
    )
