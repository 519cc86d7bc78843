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

from municipal.models import LostItem


def lost_item_receipt_html(item: LostItem) -> str:
    with translation.override(settings.LANGUAGE_CODE):
        return render_to_string("municipal/lost_property/receipt.html", {"item": item})


def lost_item_receipt_pdf(item: LostItem) -> bytes:
    from weasyprint import HTML, URLFetcher

    fetcher = URLFetcher(allowed_protocols={"data"})
    return HTML(string=lost_item_receipt_html(item), url_fetcher=fetcher).write_pdf()  # type: ignore[no-any-return]
