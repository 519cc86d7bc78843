"""Public verification API (no login, rate-limited like the page): a document's live state
next to each of its PDF's signatures, and the check of an uploaded PDF (issue 21)."""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from documents.codes import verification_code_normalize
from documents.ratelimit import client_ip, rate_limit_hit
from documents.selectors import verification_by_code
from documents.signing.forms import PdfUploadForm
from documents.signing.pades import PdfCheck
from documents.signing.selectors import document_signatures, pdf_upload_verify


class VerifyThrottle(BaseThrottle):
    """The page's counter (documents.ratelimit), shared with the API."""

    def allow_request(self, request: Request, view: APIView) -> bool:
        limit = int(getattr(settings, "PUBLIC_VERIFY_RATE", 60))
        allowed, self._wait = rate_limit_hit(
            scope="public-verify", client=client_ip(request), limit=limit, period=60
        )
        return allowed

    def wait(self) -> float | None:
        return float(getattr(self, "_wait", 60))


class VerifiedSignatureOutput(serializers.Serializer):
    signer = serializers.CharField(help_text="Nome do certificado de quem assinou.")
    signed_at = serializers.DateTimeField(allow_null=True)
    timestamped = serializers.BooleanField(help_text="Com carimbo do tempo (RFC 3161).")
    intact = serializers.BooleanField(help_text="O documento não mudou desde a assinatura.")
    trusted = serializers.BooleanField(help_text="O certificado chega a uma raiz confiável.")
    valid = serializers.BooleanField(source="ok", help_text="Tudo confere.")


class VerifiedAttachmentOutput(serializers.Serializer):
    name = serializers.CharField(help_text="Nome do arquivo anexo (ex.: o voto de um membro).")
    description = serializers.CharField(help_text="O que o anexo é, como o PDF o descreve.")
    signatures = VerifiedSignatureOutput(
        many=True, source="check.signatures", help_text="As assinaturas do próprio anexo."
    )


class VerifiedDocumentOutput(serializers.Serializer):
    kind = serializers.CharField()
    title = serializers.CharField()
    number = serializers.CharField()
    issued_at = serializers.DateTimeField()
    signature = serializers.CharField(help_text="signed, pending (assinatura pendente) ou vazio.")


class VerificationOutput(serializers.Serializer):
    document = VerifiedDocumentOutput()
    standing = serializers.CharField(help_text="Situação de hoje do táxi a que se refere.")
    signatures = VerifiedSignatureOutput(many=True)
    attachments = VerifiedAttachmentOutput(
        many=True, help_text="PDFs assinados que o documento leva dentro (os votos de uma decisão)."
    )


class VerifyUploadOutput(serializers.Serializer):
    verdict = serializers.ChoiceField(choices=["authentic", "altered", "not_issued"])
    document = VerifiedDocumentOutput(allow_null=True)
    signatures = VerifiedSignatureOutput(many=True)
    attachments = VerifiedAttachmentOutput(many=True)


class VerifyUploadInput(serializers.Serializer):
    file = serializers.FileField()


def _document(document: object) -> dict[str, object] | None:
    if document is None:
        return None
    return {
        "kind": document.kind,  # type: ignore[attr-defined]
        "title": document.get_kind_display(),  # type: ignore[attr-defined]
        "number": document.number,  # type: ignore[attr-defined]
        "issued_at": document.issued_at,  # type: ignore[attr-defined]
        "signature": document.signature,  # type: ignore[attr-defined]
    }


def _signatures(check: PdfCheck | None) -> list[object]:
    return list(check.signatures) if check is not None else []


def _attachments(check: PdfCheck | None) -> list[object]:
    return list(check.attached) if check is not None else []


class VerifyCodeApi(APIView):
    """GET: the document with this verification code, its taxi's standing today and each
    signature of its PDF, validated now."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_classes = [VerifyThrottle]

    @extend_schema(responses=VerificationOutput)
    def get(self, request: Request, code: str) -> Response:
        normalized = verification_code_normalize(code[:40])
        result = (
            verification_by_code(normalized, today=timezone.localdate()) if normalized else None
        )
        if result is None or result.document is None:
            raise NotFound("Nenhum documento com este código de verificação.")
        check = document_signatures(result.document)
        payload = {
            "document": _document(result.document),
            "standing": str(result.standing),
            "signatures": _signatures(check),
            "attachments": _attachments(check),
        }
        return Response(VerificationOutput(payload).data)


class VerifyFileApi(APIView):
    """POST (multipart, field `file`): whether a PDF is an unaltered copy of a document the
    municipality issued. A tampered file answers `altered`, never `authentic`."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_classes = [VerifyThrottle]
    parser_classes = [MultiPartParser]

    @extend_schema(request={"multipart/form-data": VerifyUploadInput}, responses=VerifyUploadOutput)
    def post(self, request: Request) -> Response:
        form = PdfUploadForm(data={}, files=request.FILES)
        if not form.is_valid():
            messages = [str(m) for errors in form.errors.values() for m in errors]
            raise ValidationError({"detail": " ".join(messages), "code": "invalid_pdf"})
        found = pdf_upload_verify(form.cleaned_data["content"])
        payload = {
            "verdict": str(found.verdict),
            "document": _document(found.document),
            "signatures": _signatures(found.check),
            "attachments": _attachments(found.check),
        }
        return Response(VerifyUploadOutput(payload).data)
