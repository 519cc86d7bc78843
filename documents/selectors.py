"""What the public verification page may read: a taxi's LIVE standing, never its paper.

Art. 1 sole paragraph: the service runs only under a Termo de Autorização with its IM;
Art. 17: the vehicle circulates with a valid IM. Passengers and anyone else check a taxi
by plate, IM number or a document's verification code (the QR code on the IM card). The
answer comes from the registers as they are now — a card printed last year may say
"válida" for an authorization revoked since — and shows no CPF, masked or not.

Each lookup is one query for the taxi (joins named with select_related) and at most one
for the IM in force.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Case, Q, QuerySet, Value, When
from django.utils.translation import gettext_lazy as _

from documents.codes import verification_code_normalize
from documents.models import OfficialDocument
from registers.models import Authorization, MunicipalRegistration, Vehicle
from registers.numbers import registration_number, registration_number_parse
from registers.validators import normalize_plate

AuthorizationStatus = Authorization.Status


class Standing(models.TextChoices):
    """What the page tells a passenger, derived from the authorization and its IM."""

    ACTIVE = "active", _("Autorizado")
    SUSPENDED = "suspended", _("Suspenso")
    REVOKED = "revoked", _("Cassado")
    CANCELLED = "cancelled", _("Cancelado")
    EXPIRED = "expired", _("IM vencida")
    UNKNOWN = "unknown", _("Não encontrado")


@dataclass(frozen=True)
class TaxiVerification:
    """One answer of the verification page."""

    standing: Standing
    today: dt.date
    authorization: Authorization | None = None
    registration: MunicipalRegistration | None = None
    """The IM valid today for the authorization's vehicle, else its latest one."""
    requested_registration: MunicipalRegistration | None = None
    """The IM asked for by number, when it is not the one in force."""
    document: OfficialDocument | None = None

    @property
    def vehicle(self) -> Vehicle | None:
        return self.authorization.vehicle if self.authorization else None

    @cached_property
    def public_facts(self) -> list[tuple[str, str]]:
        """What the kinds say of this taxi in public (`Workflow.public_facts`): an
        advertisement authorized on it (Art. 67)."""
        from cases.workflow import all_workflows

        if self.authorization is None:
            return []
        return [
            fact
            for workflow in all_workflows()
            if workflow.public_facts is not None
            for fact in workflow.public_facts(self.authorization, self.today)
        ]

    @cached_property
    def card_driver_drives_it(self) -> bool | None:
        """For a driver's identification (Art. 4 X): whether the driver it names still
        drives this taxi today (the holder still holds it, the auxiliary is still bound
        to it, Art. 27); None for another document. Read live, like the standing."""
        from registers.selectors import authorization_driven_by

        document = self.document
        if document is None or document.driver_id is None or self.authorization is None:
            return None
        driven = authorization_driven_by(document.driver, today=self.today)  # type: ignore[arg-type]
        return driven is not None and driven[0].pk == self.authorization.pk

    @property
    def may_carry_passengers(self) -> bool:
        return self.standing == Standing.ACTIVE


def standing_of(
    authorization: Authorization | None, registration: MunicipalRegistration | None, today: dt.date
) -> Standing:
    """Art. 1 sole paragraph and Art. 17: an authorization in force AND an IM valid today."""
    if authorization is None:
        return Standing.UNKNOWN
    if authorization.status != AuthorizationStatus.ACTIVE:
        return Standing(authorization.status)
    if registration is None or not _in_force_on(registration, today):
        return Standing.EXPIRED
    return Standing.ACTIVE


def _in_force_on(registration: MunicipalRegistration, today: dt.date) -> bool:
    """An IM covers today unless it expired; one superseded by an early renewal still
    covers its own period (the new IM starts the day after)."""
    return (
        registration.status
        in (MunicipalRegistration.Status.VALID, MunicipalRegistration.Status.SUPERSEDED)
        and registration.valid_from <= today <= registration.valid_until
    )


def registration_in_force(
    authorization: Authorization,
    today: dt.date,
    *,
    registrations: list[MunicipalRegistration] | None = None,
) -> MunicipalRegistration | None:
    """The IM the authorization runs on (`registrations`: its IMs, when the caller has read
    them already; one read otherwise)."""
    # The IM must be the one of the authorization's current vehicle (Art. 17 IV: the IM
    # names the vehicle); after a substitution the old vehicle's IM does not count. The
    # one valid today comes first, else the latest, so the page can say when it ran out.
    # An authorization has an IM a year: they are read and ranked here, by one rule.
    if registrations is None:
        registrations = list(
            MunicipalRegistration.objects.filter(
                authorization=authorization, vehicle_id=authorization.vehicle_id
            ).order_by()  # ranked below: the model's ordering would only cost the query
        )

    def rank(im: MunicipalRegistration) -> tuple[int, int, int]:
        covers_today = im.valid_from <= today <= im.valid_until
        valid_today = (
            0 if covers_today and im.status == MunicipalRegistration.Status.VALID
            else 1 if covers_today and im.status == MunicipalRegistration.Status.SUPERSEDED
            else 2
        )
        return valid_today, -im.valid_until.toordinal(), -im.pk

    registration = min(
        (
            im for im in registrations
            if im.authorization_id == authorization.pk
            and im.vehicle_id == authorization.vehicle_id
        ),
        key=rank,
        default=None,
    )
    if registration is not None:
        # Already loaded: spare the template two queries.
        registration.authorization = authorization
        registration.vehicle = authorization.vehicle
    return registration


def _answer(
    authorization: Authorization | None,
    today: dt.date,
    *,
    registration: MunicipalRegistration | None = None,
    requested: MunicipalRegistration | None = None,
    document: OfficialDocument | None = None,
) -> TaxiVerification:
    if authorization is not None and registration is None:
        registration = registration_in_force(authorization, today)
    return TaxiVerification(
        standing=standing_of(authorization, registration, today),
        today=today,
        authorization=authorization,
        registration=registration,
        requested_registration=requested if requested != registration else None,
        document=document,
    )


def _authorizations() -> models.QuerySet[Authorization]:
    return Authorization.objects.select_related("holder", "vehicle")


def verification_by_plate(plate: str, *, today: dt.date) -> TaxiVerification:
    """The taxi with this plate (normalised: ABC1234 or ABC1D23), as of `today`.

    If the plate has had several authorizations, the one in force answers, else the
    latest (so a revoked taxi shows as revoked, not as unknown).
    """
    in_force_first = Case(
        When(status__in=[AuthorizationStatus.ACTIVE, AuthorizationStatus.SUSPENDED], then=Value(0)),
        default=Value(1),
    )
    authorization = (
        _authorizations()
        .filter(vehicle__plate=plate)
        .order_by(in_force_first, "-granted_on", "-pk")
        .first()
    )
    return _answer(authorization, today)


def verification_by_registration_number(number: str, *, today: dt.date) -> TaxiVerification:
    """The taxi of the IM numbered `number` (as printed, any case), as of `today`."""
    requested = (
        MunicipalRegistration.objects.select_related(
            "authorization__holder", "authorization__vehicle"
        )
        .filter(number__iexact=number.strip())
        .first()
    )
    if requested is None:
        return _answer(None, today)
    return _registration_answer(requested, today)


def _registration_answer(requested: MunicipalRegistration, today: dt.date) -> TaxiVerification:
    authorization = requested.authorization
    in_force = (
        requested
        if requested.vehicle_id == authorization.vehicle_id and _in_force_on(requested, today)
        else None
    )
    return _answer(authorization, today, registration=in_force, requested=requested)


def verification_by_authorization_number(number: str, *, today: dt.date) -> TaxiVerification:
    """The taxi of the Termo de Autorização numbered `number` (as printed, any case)."""
    authorization = _authorizations().filter(number__iexact=number.strip()).first()
    return _answer(authorization, today)


# Numbers of the paper kinds a passenger may hold: the IM card rides in the car, the Termo
# is the holder's title. A notice, a letter or a decision is found by its code only, so
# that counting up numbers does not tell the public who was fined.
_PUBLIC_NUMBERED = (OfficialDocument.Kind.IM_CARD, OfficialDocument.Kind.AUTHORIZATION_TERM)
_TA_NUMBER = re.compile(r"^TA[\s-]*0*(\d{1,9})\s*/\s*(\d{4})$", re.IGNORECASE)


def _canonical_numbers(text: str) -> list[str]:
    """The register's spelling of an IM or Termo number typed with other zero padding
    ("IM-2026/1", "TA 1/2026" for IM-2026/00001, TA-0001/2026)."""
    found = []
    # Any spelling of an IM with its year (0001/2026, IM 2026/1): registers.numbers.
    if "/" in text and (parsed := registration_number_parse(text, year=0)):
        found.append(registration_number(*parsed))
    if match := _TA_NUMBER.match(text):
        found.append(f"TA-{int(match[1]):04d}/{match[2]}")
    return found


def _by_printed_number(text: str, today: dt.date) -> TaxiVerification | None:
    """An IM or Termo by its number, also in the forms printed before numbers were unified.

    Until December 2026 the cards and Termos printed a number of the document series
    (IM-2026/000001, TA-2026/000001) beside the register's; those papers are still in
    cars and drawers, so their numbers keep leading to the taxi.
    """
    registration = (
        MunicipalRegistration.objects.select_related(
            "authorization__holder", "authorization__vehicle"
        )
        .filter(number__iexact=text)
        .first()
    )
    if registration is not None:
        return _registration_answer(registration, today)
    authorization = _authorizations().filter(number__iexact=text).first()
    if authorization is not None:
        return _answer(authorization, today)
    document = (
        OfficialDocument.objects.select_related(
            "authorization__holder",
            "authorization__vehicle",
            "registration__authorization__holder",
            "registration__authorization__vehicle",
        )
        .defer("context")
        .filter(number__iexact=text, kind__in=_PUBLIC_NUMBERED)
        .order_by("-issued_at", "-pk")
        .first()
    )
    if document is not None:
        if document.registration is not None:
            return _registration_answer(document.registration, today)
        return _answer(document.authorization, today)
    return None


def verification_by_code(code: str, *, today: dt.date) -> TaxiVerification:
    """The document with this verification code, and its taxi's live standing."""
    try:
        document = (
            # The driver a driver's identification names (Art. 4 X) is read when the page
            # shows it, for such a document only: joined here, his columns cost every other
            # document's verification (issue 25).
            OfficialDocument.objects.select_related(
                "authorization__holder", "authorization__vehicle"
            )
            # The frozen context (with a photo) is not shown here: leave it in the database.
            .defer("context")
            # get, not first: the code is unique, and first's ORDER BY pk made Django match
            # it against each of the ~60 columns selected, hashing every one (a quarter of
            # the lookup's time, issue 25).
            .get(verification_code=code)
        )
    except OfficialDocument.DoesNotExist:
        return _answer(None, today)
    authorization = document.authorization
    if authorization is None and document.registration_id:
        # An IM card names its Termo through the IM: read only for such a document (the
        # five joins on every verification cost more to compile than to run, issue 25).
        # (get: the document's IM is protected from deletion, and it is found without
        # first's ORDER BY, see above.)
        document.registration = MunicipalRegistration.objects.select_related(
            "authorization__holder", "authorization__vehicle"
        ).get(pk=document.registration_id)
        authorization = document.registration.authorization
    return _answer(authorization, today, document=document)


def verification_lookup(query: str, *, today: dt.date) -> TaxiVerification | None:
    """Whatever a person typed: a plate (any format), a verification code, or the number of
    an IM or a Termo (also as older papers print it).

    A plate is tried first (its shape is fixed by law); then a code, which has its own
    alphabet and length; what is left is taken as a number. None for an empty query.
    """
    text = (query or "").strip()
    if not text:
        return None
    try:
        plate = normalize_plate(text)
    except ValidationError:
        pass
    else:
        return verification_by_plate(plate, today=today)
    code = verification_code_normalize(text)
    if code is not None:
        found = verification_by_code(code, today=today)
        if found.document is not None:
            return found
    for spelling in [text, *_canonical_numbers(text)]:
        answer = _by_printed_number(spelling, today)
        if answer is not None:
            return answer
    return _answer(None, today)


# `of_case` left out: the documents of every case in scope.
_ANY_CASE: Any = object()
# A person's register row not read yet (None is a person with none).
UNREAD: Any = object()


def documents_in_scope(
    user: object, *, of_case: int | None = _ANY_CASE, driver: Any = UNREAD
) -> QuerySet[OfficialDocument]:
    """Every document `user` may open, in any status: the same rule as the case it belongs
    to (cases.selectors.cases_visible_to), and a driver's own authorization papers. With
    `of_case`, only those of that case (None: of no case, as a Termo or an IM card) — the
    same rule, with the case scope asked of one case.

    Staff who handle every case see every document; a commission member those of the
    cases it judges. A driver sees those of the cases he may see (his own, and a notice
    naming him as the offender) and the Termos and IM cards of the authorizations he
    holds — after a transfer, the new holder's, not the former's.
    """
    from accounts.policy import HANDLING, Record, relations_granted
    from cases.selectors import cases_visible_to

    base = OfficialDocument.objects.all()
    if not getattr(user, "is_authenticated", False):
        return base.none()
    if HANDLING in relations_granted(user, Record.DOCUMENT):
        return base
    cases = cases_visible_to(user)  # type: ignore[arg-type]
    if of_case is not _ANY_CASE:
        cases = cases.filter(pk=of_case) if of_case is not None else cases.none()
    return _documents_reaching(user, cases, driver)


def document_in_scope(user: object, code: str, *, rendered: bool) -> OfficialDocument | None:
    """The document whose verification code is `code`, if `user` may open it (and, when
    `rendered`, only once its PDF is ready): the rule of `documents_in_scope` asked of the
    document's own case. The whole scope, for a commission member, is the union over every
    case before the commission, which PostgreSQL builds before it keeps one row (issue 25:
    the commission's document pages grew with the data)."""
    code = verification_code_normalize(code) or code
    found = OfficialDocument.objects.filter(verification_code=code).values_list("case_id")[:1]
    if not found:
        return None
    rows = documents_in_scope(user, of_case=found[0][0]).filter(verification_code=code)
    if rendered:
        rows = rows.filter(status=OfficialDocument.Status.READY)
    return rows.first()


def documents_of_person(user: object, *, driver: Any = UNREAD) -> QuerySet[OfficialDocument]:
    """The rendered documents that are `user`'s own as a person: those of his cases
    (cases.selectors.cases_of_person), his Termos, IM cards and identification — the
    portal's "my documents", as its "my cases". For a driver the same as
    `documents_visible_to`; for staff his own papers, not the municipality's or the
    commission's: as those, the list read every document, or every case before the
    commission, to show the newest 50 (issue 25: the portal as staff grew with the data)."""
    from cases.selectors import cases_of_person

    if not getattr(user, "is_authenticated", False):
        return OfficialDocument.objects.none()
    rows = _documents_reaching(user, cases_of_person(user), driver)  # type: ignore[arg-type]
    return rows.filter(status=OfficialDocument.Status.READY)


def _documents_reaching(
    user: Any, cases: QuerySet[Any], driver: Any = UNREAD
) -> QuerySet[OfficialDocument]:
    """The documents of `cases` and of the authorizations `user` holds (not a former
    holder's Termo), and his identification; `driver`: the user's register row (the first,
    `registers.selectors.driver_of`), or None, when the caller has read it."""
    base = OfficialDocument.objects.all()
    from registers.models import Driver
    from registers.validators import format_cpf

    if driver is UNREAD:
        driver = Driver.objects.filter(user=user).only("cpf").first()
    own_cpf = format_cpf(driver.cpf) if driver is not None else None
    if driver is None:
        # Who has no driver's register holds no authorization, no Termo is made out to him
        # and no identification names him: his documents are those of his cases but
        # those two (a commission member's case page compiled and planned three empty
        # paths and a test of the Termo's CPF, 3-4 ms of it; issue 25).
        return base.filter(case__in=cases).exclude(
            kind__in=(OfficialDocument.Kind.AUTHORIZATION_TERM, OfficialDocument.Kind.DRIVER_CARD)
        )
    # One indexed lookup per path, united, then the documents by primary key: an OR of the
    # joins made PostgreSQL read every document to keep a driver's few (issue 25).
    paths = [
        base.filter(case__in=cases),
        base.filter(authorization__holder__user=user),
        base.filter(registration__authorization__holder__user=user),
        # The identification of Art. 4 X: the driver it names (an auxiliary his own).
        base.filter(driver__user=user),
    ]
    ids = [path.values("pk").order_by() for path in paths]
    return (
        base.filter(pk__in=ids[0].union(*ids[1:]))
        .exclude(
            # A Termo carries its holder's full CPF, CNH and address: after a transfer the new
            # holder sees the authorization's cases, but only the Termo made out to him.
            Q(kind=OfficialDocument.Kind.AUTHORIZATION_TERM) & ~Q(context__holder__cpf=own_cpf)
        )
        .exclude(
            # A driver's identification is his: not his titular's, nor a former holder's.
            Q(kind=OfficialDocument.Kind.DRIVER_CARD) & ~Q(driver__user=user)
        )
    )


def documents_visible_to(user: object, *, driver: Any = UNREAD) -> QuerySet[OfficialDocument]:
    """The rendered documents (with their PDF) in `user`'s scope (`driver`: his register
    row, when the caller has read it)."""
    return documents_in_scope(user, driver=driver).filter(status=OfficialDocument.Status.READY)


def case_documents(user: object, case: models.Model) -> list[OfficialDocument]:
    """The official documents issued in a case, oldest first, as its page lists them.

    Staff also see those still rendering or failed (to print later or retry); a driver
    only the rendered ones he may open.
    """
    from accounts.roles import is_staff_member

    # The scope asked of this case alone, not every case the user may open.
    rows = documents_in_scope(user, of_case=case.pk).filter(case=case)
    if not is_staff_member(user):
        rows = rows.filter(status=OfficialDocument.Status.READY)
    return list(rows.defer("context").order_by("issued_at", "id"))


def portal_documents(
    user: object, *, limit: int = 50, driver: Any = UNREAD
) -> list[OfficialDocument]:
    """A person's papers (`documents_of_person`), newest first: his Termos and IM cards,
    notices, letters and decisions of his cases — not those of a case whose papers no
    longer stand (Workflow.voided_states: an annulled notice, issue 19 item 15)."""
    from cases.workflow import all_workflows

    rows = documents_of_person(user, driver=driver)
    for workflow in all_workflows():
        if workflow.voided_states:
            rows = rows.exclude(case__kind=workflow.kind, case__state__in=workflow.voided_states)
    return list(rows.defer("context").order_by("-issued_at", "-id")[:limit])


def driver_cards(driver: models.Model, *, limit: int = 10) -> list[OfficialDocument]:
    """The identifications issued for `driver` (Art. 4 X), newest first, for his file: what
    its list shows of each (the number, the PDF's code, the status, the day)."""
    return list(
        OfficialDocument.objects.filter(kind=OfficialDocument.Kind.DRIVER_CARD, driver=driver)
        .only("number", "verification_code", "status", "issued_at")
        .order_by("-issued_at", "-id")[:limit]
    )
