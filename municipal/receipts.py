"""The lost-property receipt (Art. 37 XVIII "mediante recibo") as a PDF.

Rendered on request from the register's row, which does not change once the object is
handed in (number, date, object, taxi, who handed it in and who received it), so the same
receipt comes out every time. WeasyPrint may fetch only data: URIs: the description is
text a person typed.
"""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from documents.services import PDF_OPTIONS
from documents.signing.services import pdf_seal
from municipal.models import LostItem


def lost_item_receipt_html(item: LostItem) -> str:
    with translation.override(settings.LANGUAGE_CODE):
        return render_to_string(
            "municipal/lost_property/receipt.html",
            {
                "item": item,
                "seal_name": _("Município de %(city)s") % {"city": settings.MUNICIPALITY_NAME},
            },
        )


def lost_item_receipt_pdf(item: LostItem) -> bytes:
    """The receipt as PDF/A, sealed by the municipality (Lei 14.063/2020 art. 4º). Drawn on
    request, so a seal that fails gives the unsealed receipt (logged) rather than none."""
    from weasyprint import HTML, URLFetcher

    fetcher = URLFetcher(allowed_protocols={"data"})
    pdf = HTML(string=lost_item_receipt_html(item), url_fetcher=fetcher).write_pdf(**PDF_OPTIONS)
    return pdf_seal(pdf, reason=f"Recibo nº {item.receipt_number}; Art. 37 XVIII").pdf
