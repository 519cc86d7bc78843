"""A driver's "Meus dados" (LGPD, Lei 13.709/2018, Arts. 18-19): who read his personal
data, when, what and why (the read log), and his whole record to take away, as JSON and
as PDF.

Reads only what the access policy lets the driver himself see (his own register rows,
`cases_visible_to`, `documents_visible_to`, `notifications_visible_to`); his reading of his
own data is not logged (the log answers who *else* saw it).
"""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import PersonalDataAccess
from cases.selectors import cases_visible_to
from cases.workflow import state_label
from core.choices import choice_labels
from documents.models import OfficialDocument
from documents.selectors import documents_visible_to
from notifications.models import Notification
from notifications.selectors import notifications_visible_to
from registers.models import Authorization, Driver, MunicipalRegistration, PointRecord
from workflows.violation.models import PenaltyPeriod

READS_SHOWN = 200


def _driver(request: HttpRequest) -> Driver:
    driver = Driver.objects.filter(user=request.user).first()
    if driver is None:
        raise PermissionDenied(_("Página do taxista: sua conta não tem cadastro de taxista."))
    # The account is the one already read for the request (with its roles): reading it
    # again through the register row would cost two queries the scopes below repeat.
    driver.user = request.user
    return driver


def reads_of(driver: Driver, *, limit: int | None = READS_SHOWN) -> list[dict[str, Any]]:
    """The read log about `driver`, newest first: who, when, what, why, where."""
    rows = (
        PersonalDataAccess.objects.filter(driver=driver)
        .select_related("user", "case")
        .only(
            *("at", "what", "purpose", "channel", "path", "case__number"),
            *("user__first_name", "user__last_name", "user__username"),
        )
    )
    # Each label translated once for the list, not once per row (core.choices).
    channel = choice_labels(PersonalDataAccess, "channel")
    purpose = choice_labels(PersonalDataAccess, "purpose")
    return [
        {
            "at": timezone.localtime(row.at).isoformat(timespec="seconds"),
            "who": row.user.signature_name(),
            "what": row.what or channel(row.channel),
            "why": purpose(row.purpose),
            "channel": channel(row.channel),
            "case": row.case.number if row.case_id else None,
            "path": row.path,
        }
        for row in (rows[:limit] if limit else rows)
    ]


def driver_record(driver: Driver) -> dict[str, Any]:
    """Everything the municipality keeps about `driver` that he may see (LGPD Art. 18 II:
    access to the data; Art. 19: in full, on request), with the reads of it."""
    user = driver.user
    authorizations = list(
        Authorization.objects.filter(holder=driver).select_related("vehicle").order_by("pk")
    )
    document_kind = choice_labels(OfficialDocument, "kind")
    notification_channel = choice_labels(Notification, "channel")
    notification_status = choice_labels(Notification, "status")
    return {
        "generated_at": timezone.localtime().isoformat(timespec="seconds"),
        "driver": {
            "name": driver.name,
            "kind": driver.get_kind_display(),
            "cpf": driver.cpf,
            "cnh_number": driver.cnh_number,
            "cnh_category": driver.cnh_category,
            "cnh_expires_on": driver.cnh_expires_on,
            "email": driver.email,
            "phone": driver.phone,
            "address": driver.address,
            "district": driver.district,
            "city": driver.city,
            "postal_code": driver.postal_code,
            "registered_at": timezone.localtime(driver.created_at).isoformat(timespec="seconds"),
        },
        "authorizations": [
            {
                "number": a.number,
                "status": a.get_status_display(),
                "granted_on": a.granted_on,
                "vehicle": {
                    "plate": a.vehicle.display_plate,
                    "make": a.vehicle.make,
                    "model": a.vehicle.model,
                    "manufacture_year": a.vehicle.manufacture_year,
                }
                if a.vehicle_id
                else None,
            }
            for a in authorizations
        ],
        "registrations": [
            {"number": r.number, "valid_from": r.valid_from, "valid_until": r.valid_until}
            for r in MunicipalRegistration.objects.filter(
                authorization__in=authorizations
            ).order_by("valid_from")
        ],
        "cases": [
            {
                "number": c.number,
                "kind": c.get_kind_display(),
                "state": str(state_label(c.kind, c.state)),
                "opened_at": timezone.localtime(c.opened_at).isoformat(timespec="seconds"),
                "closed_at": timezone.localtime(c.closed_at).isoformat(timespec="seconds")
                if c.closed_at
                else None,
            }
            for c in cases_visible_to(user)
            .only("number", "kind", "state", "opened_at", "closed_at")
            .order_by("opened_at", "pk")
        ],
        "points": [
            {"on": p.on, "points": p.points, "article": p.article}
            for p in PointRecord.objects.filter(driver=driver).order_by("on", "pk")
        ],
        "penalties": [
            {
                "kind": p.get_kind_display(),
                "starts_on": p.starts_on,
                "ends_on": p.ends_on,
                "ended_on": p.ended_on,
            }
            for p in PenaltyPeriod.objects.filter(
                Q(authorization__holder=driver) | Q(auxiliary=driver)
            ).order_by("starts_on", "pk")
        ],
        "documents": [
            {
                "kind": document_kind(d.kind),
                "number": d.number,
                "issued_at": timezone.localtime(d.issued_at).isoformat(timespec="seconds"),
            }
            for d in documents_visible_to(user, driver=driver)
            .only("kind", "number", "issued_at")
            .order_by("issued_at", "pk")
        ],
        "notifications": [
            {
                "subject": n.subject,
                "channel": notification_channel(n.channel),
                "status": notification_status(n.status),
                "created_at": timezone.localtime(n.created_at).isoformat(timespec="seconds"),
            }
            for n in notifications_visible_to(user)
            .select_related(None)
            .only("subject", "channel", "status", "created_at")
            .order_by("created_at", "pk")
        ],
        "reads": reads_of(driver, limit=None),
    }


def _plain(value: Any) -> Any:
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    raise TypeError(type(value))


@login_required
def my_data_page(request: HttpRequest) -> HttpResponse:
    """/portal/meus-dados/ — who read my data, and my record to download."""
    driver = _driver(request)
    return render(request, "web/my_data.html", {"driver": driver, "reads": reads_of(driver)})


@login_required
def my_data_json(request: HttpRequest) -> HttpResponse:
    """/portal/meus-dados.json — the whole record, machine-readable (LGPD Art. 18 V)."""
    record = driver_record(_driver(request))
    body = json.dumps(record, default=_plain, ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="meus-dados.json"'
    return response


@login_required
def my_data_pdf(request: HttpRequest) -> HttpResponse:
    """/portal/meus-dados.pdf — the same record, printable (LGPD Art. 19 II)."""
    from weasyprint import HTML, URLFetcher

    record = driver_record(_driver(request))
    labels = {f.name: str(f.verbose_name) for f in Driver._meta.get_fields() if f.concrete}
    rows = [(labels.get(key, _("cadastrado em")), value) for key, value in record["driver"].items()]
    html = render_to_string("web/my_data_pdf.html", {"record": record, "driver_rows": rows})
    pdf = HTML(string=html, url_fetcher=URLFetcher(allowed_protocols={"data"})).write_pdf()
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = 'inline; filename="meus-dados.pdf"'
    return response
