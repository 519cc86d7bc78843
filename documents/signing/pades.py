"""PAdES signatures on our PDFs and their validation, through pyHanko (no cryptography here).

- `seal_signer()` — the municipality's seal, from an A1 PKCS#12 file or a PKCS#11 token
  (settings SIGNING_SEAL_*); `pdf_sign` adds one signature as an incremental update, with an
  RFC 3161 timestamp when SIGNING_TIMESTAMP_URL is set, so every earlier signature (the
  person who acted signs first, the seal comes after) stays valid.
- `pdf_check(pdf, roots)` — every signature of a PDF as pyHanko's validator sees it: who,
  when, whether the bytes it signed are unaltered, whether it chains to a trusted root.
  Offline: no certificate or revocation data is fetched (said so in the answer).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import logging
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from django.conf import settings

if TYPE_CHECKING:
    # pyHanko is imported where it is used: every web and worker process imports this
    # module, and only those that sign or validate need the library loaded.
    from asn1crypto import x509 as asn1_x509
    from pyhanko.sign.signers import Signer
    from pyhanko_certvalidator import ValidationContext

logger = logging.getLogger(__name__)
T = TypeVar("T")

ICP_BRASIL_PF_DATA = "2.16.76.1.3.1"
"""DOC-ICP-04: a natural person's data (birth date, CPF, …) in the certificate's subjectAltName."""


def _outside_event_loop(function: Callable[[], T]) -> T:
    """Run `function` where pyHanko's synchronous API may call asyncio.run(): here, or in a
    short-lived thread when this thread already runs an event loop (an async caller, a
    browser-driving test)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return function()
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(function).result()


class SigningUnavailable(Exception):  # noqa: N818 — a state, not a programming error
    """The seal, the user's key or the timestamp server could not be used right now."""


# --- Signing -----------------------------------------------------------------------------


def seal_signer() -> Signer:
    """The municipality's seal as configured: a PKCS#11 token when its module is set, else
    the A1 PKCS#12 file. Raises SigningUnavailable when neither can be opened."""
    if settings.SIGNING_SEAL_PKCS11_MODULE:
        return _pkcs11_signer()
    path = Path(settings.SIGNING_SEAL_PKCS12)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SigningUnavailable(f"seal PKCS#12 not readable: {path}") from exc
    return pkcs12_signer(data, settings.SIGNING_SEAL_PASSPHRASE)


def pkcs12_signer(data: bytes, passphrase: str) -> Signer:
    """A pyHanko signer from a PKCS#12 archive; SigningUnavailable on a wrong passphrase."""
    from pyhanko.sign import signers

    try:
        return signers.SimpleSigner.load_pkcs12_data(
            data, other_certs=[], passphrase=passphrase.encode()
        )
    except ValueError as exc:
        raise SigningUnavailable("PKCS#12 could not be opened (passphrase?)") from exc


def _pkcs11_signer() -> Signer:
    """The seal's key on a PKCS#11 token (an A3 e-CNPJ, an HSM; SoftHSM2 in the tests): the
    token labelled SIGNING_SEAL_PKCS11_TOKEN (else the first), the key and its certificate
    labelled SIGNING_SEAL_PKCS11_KEY, opened with SIGNING_SEAL_PKCS11_PIN."""
    from pyhanko.config.pkcs11 import TokenCriteria
    from pyhanko.sign import pkcs11

    token = settings.SIGNING_SEAL_PKCS11_TOKEN
    try:
        session = pkcs11.open_pkcs11_session(
            lib_location=settings.SIGNING_SEAL_PKCS11_MODULE,
            token_criteria=TokenCriteria(label=token) if token else None,
            user_pin=settings.SIGNING_SEAL_PKCS11_PIN or None,
        )
        # The raw mechanism: pyHanko hashes, the token only signs the digest. Tokens that
        # lack the combined hash-and-sign mechanisms (SoftHSM2's ECDSA, many A3 cards)
        # work, and those that have them sign the same signature.
        return pkcs11.PKCS11Signer(
            session, key_label=settings.SIGNING_SEAL_PKCS11_KEY, use_raw_mechanism=True
        )
    except Exception as exc:
        raise SigningUnavailable(f"PKCS#11 token not usable: {exc}") from exc


def _timestamper() -> object | None:
    url = settings.SIGNING_TIMESTAMP_URL
    if not url:
        return None
    from pyhanko.sign.timestamps import HTTPTimeStamper

    return HTTPTimeStamper(url, timeout=settings.SIGNING_TIMESTAMP_TIMEOUT)


def pdf_sign(pdf: bytes, *, signer: Signer, field_name: str, reason: str, name: str = "") -> bytes:
    """`pdf` with one more PAdES signature (an incremental update: earlier ones stay valid).

    Timestamped (RFC 3161) when SIGNING_TIMESTAMP_URL is set; any failure of the key, the
    token or the timestamp server is raised as SigningUnavailable for the caller to retry.
    """
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    meta = signers.PdfSignatureMetadata(
        field_name=field_name,
        reason=reason,
        location=settings.MUNICIPALITY_NAME,
        name=name or None,
        subfilter=fields.SigSeedSubFilter.PADES,
        md_algorithm="sha256",
    )

    def sign() -> io.BytesIO:
        writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
        pdf_signer = signers.PdfSigner(meta, signer=signer, timestamper=_timestamper())
        return pdf_signer.sign_pdf(writer)  # type: ignore[no-any-return]

    try:
        out = _outside_event_loop(sign)
    except SigningUnavailable:
        raise
    except Exception as exc:
        raise SigningUnavailable(f"{type(exc).__name__}: {exc}") from exc
    return out.getvalue()  # type: ignore[no-any-return]


# --- Validation --------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _certificates(paths: tuple[str, ...]) -> tuple[asn1_x509.Certificate, ...]:
    from pyhanko.sign.general import load_certs_from_pemder

    found: list[asn1_x509.Certificate] = []
    for path in paths:
        try:
            found.extend(load_certs_from_pemder([path]))
        except (OSError, ValueError):
            logger.warning("trust root %s could not be read", path)
    return tuple(found)


@lru_cache(maxsize=1)
def icp_brasil_roots() -> tuple[asn1_x509.Certificate, ...]:
    """The ICP-Brasil roots bundled by certifi-icpbr: its self-signed certificates whose
    organisation is ICP-Brasil (the bundle also holds the web's roots, not trusted here)."""
    import certifi_icpbr
    from pyhanko.sign.general import load_certs_from_pemder

    roots = []
    for cert in load_certs_from_pemder([certifi_icpbr.where()]):
        subject = cert.subject.native
        if cert.self_signed and subject.get("organization_name") == "ICP-Brasil":
            roots.append(cert)
    return tuple(roots)


def document_roots() -> tuple[asn1_x509.Certificate, ...]:
    """What our own documents' signatures must chain to: SIGNING_TRUST_ROOTS (the dev root
    in the demo) and the ICP-Brasil roots (an e-CNPJ seal in production)."""
    return _certificates(tuple(settings.SIGNING_TRUST_ROOTS)) + icp_brasil_roots()


def upload_roots() -> tuple[asn1_x509.Certificate, ...]:
    """What a citizen's signed upload may chain to: ICP-Brasil and SIGNING_UPLOAD_TRUST_ROOTS."""
    return icp_brasil_roots() + _certificates(tuple(settings.SIGNING_UPLOAD_TRUST_ROOTS))


@dataclass(frozen=True)
class SignatureCheck:
    """One signature of a PDF as the validator judged it."""

    field: str
    signer: str
    cpf: str
    signed_at: dt.datetime | None
    timestamped: bool
    intact: bool
    """The bytes it signed are unaltered (a single changed byte makes this False)."""
    valid: bool
    """The signature value checks against the signer's certificate."""
    trusted: bool
    """The certificate chains to a trusted root (offline: no revocation data fetched)."""
    whole_file: bool
    """Nothing but allowed updates (later signatures) follows it in the file."""
    ok: bool
    error: str = ""


@dataclass(frozen=True)
class PdfCheck:
    """Every signature of a PDF, or why it could not be read; and those of the signed PDFs
    it carries inside (a decision carries each member's signed vote, workflows.appeal.votes)."""

    readable: bool
    signatures: list[SignatureCheck] = field(default_factory=list)
    error: str = ""
    attached: list[AttachedCheck] = field(default_factory=list)

    @property
    def signed(self) -> bool:
        return bool(self.signatures)

    @property
    def all_ok(self) -> bool:
        return self.readable and self.signed and all(s.ok for s in self.signatures)

    @property
    def altered(self) -> bool:
        """Unreadable, or some signature no longer matches its bytes: never "valid"."""
        return not self.readable or any(not (s.intact and s.valid) for s in self.signatures)


@dataclass(frozen=True)
class AttachedCheck:
    """A PDF carried inside another (a PDF/A-3 attachment) and its own signatures."""

    name: str
    description: str
    check: PdfCheck


MAX_ATTACHED = 20
"""Attachments checked in one PDF (a decision carries three votes): a crafted file with
thousands of them does not keep a public page busy."""


def _common_name(cert: asn1_x509.Certificate) -> str:
    name = cert.subject.native
    return str(name.get("common_name") or cert.subject.human_friendly)


def certificate_cpf(cert: asn1_x509.Certificate) -> str:
    """The CPF an ICP-Brasil certificate of a natural person carries (DOC-ICP-04, otherName
    2.16.76.1.3.1: DDMMAAAA then the 11 digits of the CPF); "" when it carries none."""
    try:
        alt = cert.subject_alt_name_value
    except ValueError:
        return ""
    for general_name in alt or []:
        if general_name.name != "other_name":
            continue
        other = general_name.chosen
        if other["type_id"].dotted != ICP_BRASIL_PF_DATA:
            continue
        raw = other["value"].parsed
        content = raw.native if hasattr(raw, "native") else raw
        text = content.decode("latin-1") if isinstance(content, bytes) else str(content)
        digits = text[8:19]
        if digits.isdigit():
            return digits
    return ""


def _check_one(embedded: object, context: ValidationContext) -> SignatureCheck:
    from pyhanko.sign.validation import validate_pdf_signature

    # pyHanko's field name is a TextStringObject that refers to the PDF it was read from:
    # kept as is, every cached verdict pickled (and each verification unpickled) 68 kB of
    # the file's object graph, 4-5 ms a request (issue 25). The verdict is plain data.
    name = str(getattr(embedded, "field_name", "") or "")
    try:
        status = validate_pdf_signature(embedded, signer_validation_context=context)  # type: ignore[arg-type]
    except Exception as exc:
        return SignatureCheck(
            field=name,
            signer="",
            cpf="",
            signed_at=None,
            timestamped=False,
            intact=False,
            valid=False,
            trusted=False,
            whole_file=False,
            ok=False,
            error=f"{type(exc).__name__}: {exc}",
        )
    timestamp = status.timestamp_validity
    signed_at = timestamp.timestamp if timestamp is not None else status.signer_reported_dt
    coverage = getattr(status.coverage, "name", "")
    return SignatureCheck(
        field=name,
        signer=_common_name(status.signing_cert),
        cpf=certificate_cpf(status.signing_cert),
        signed_at=signed_at,
        timestamped=timestamp is not None,
        intact=bool(status.intact),
        valid=bool(status.valid),
        trusted=bool(status.trusted),
        whole_file=coverage == "ENTIRE_FILE" or bool(status.docmdp_ok),
        ok=bool(status.bottom_line),
    )


def pdf_check(pdf: bytes, *, roots: Iterable[asn1_x509.Certificate]) -> PdfCheck:
    """Validate every signature of `pdf` against `roots`, offline."""
    trusted = list(roots)
    return _outside_event_loop(lambda: _pdf_check(pdf, trusted))


def _pdf_check(
    pdf: bytes, roots: list[asn1_x509.Certificate], *, inner: bool = True
) -> PdfCheck:
    """`pdf`'s signatures and, with `inner`, those of the PDFs attached to it (one level:
    an attachment's own attachments are not opened)."""
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko_certvalidator import ValidationContext

    try:
        reader = PdfFileReader(io.BytesIO(pdf), strict=False)
        embedded = list(reader.embedded_signatures)
    except Exception as exc:
        return PdfCheck(readable=False, error=f"{type(exc).__name__}: {exc}")
    context = ValidationContext(
        trust_roots=roots, allow_fetching=False, revocation_mode="soft-fail"
    )
    attached = [
        AttachedCheck(
            name=name, description=description, check=_pdf_check(data, roots, inner=False)
        )
        for name, description, data in (_attached_pdfs(reader) if inner else [])
    ]
    return PdfCheck(
        readable=True, signatures=[_check_one(e, context) for e in embedded], attached=attached
    )


def _attached_pdfs(reader: object) -> list[tuple[str, str, bytes]]:
    """(name, description, bytes) of each PDF embedded in the document's EmbeddedFiles name
    tree, read through pyHanko's object model; anything unreadable is skipped."""
    try:
        tree = reader.root["/Names"]["/EmbeddedFiles"]  # type: ignore[attr-defined]
    except (KeyError, TypeError, AttributeError):
        return []
    found: list[tuple[str, str, bytes]] = []
    nodes = [tree]
    while nodes and len(found) < MAX_ATTACHED:
        node = nodes.pop(0).get_object()
        nodes.extend(kid for kid in node.get("/Kids", ()))
        names = node.get("/Names", ())
        for index in range(0, len(names) - 1, 2):
            try:
                spec = names[index + 1].get_object()
                data = spec["/EF"]["/F"].get_object().data
                name = str(spec.get("/UF") or spec.get("/F") or names[index])
                description = str(spec.get("/Desc", ""))
            except Exception:
                logger.info("an attachment could not be read", exc_info=True)
                continue
            if data.startswith(b"%PDF-") and len(found) < MAX_ATTACHED:
                found.append((name, description, data))
    return found


def signer_names(check: PdfCheck) -> Sequence[str]:
    return [s.signer for s in check.signatures]
