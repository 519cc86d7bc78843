"""The LGPD read log's rows in the admin's list (accounts.admin.PersonalDataAccessAdmin).

The admin draws each cell of a list through `items_for_result`: the field looked up, its
choices listed and translated again, the row's address reversed and its filters resolved
against the URLconf, once per cell or row. For the log's fifty rows of seven columns that
was about half of the page (issue 25). Here the same cells are written with what is the
same for every row computed once; a list the admin would draw otherwise (a popup, an
editable list, other columns) is left to the admin's own code.
"""

from __future__ import annotations

from collections.abc import Iterator

from django import template
from django.contrib.admin.templatetags import admin_list
from django.contrib.admin.templatetags.admin_urls import add_preserved_filters
from django.contrib.admin.utils import display_for_field
from django.contrib.admin.views.main import ChangeList
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

# The columns of PersonalDataAccessAdmin.list_display this drawing knows.
COLUMNS = ("at", "user", "driver", "person_name", "case", "channel", "path")


@register.inclusion_tag("admin/change_list_results.html")
def read_log_result_list(cl: ChangeList) -> dict[str, object]:
    """`{% result_list cl %}` of the admin, for the read log."""
    if tuple(cl.list_display) != COLUMNS or cl.is_popup or cl.formset or cl.to_field:
        return admin_list.result_list(cl)
    headers = list(admin_list.result_headers(cl))
    return {
        "cl": cl,
        "result_hidden_fields": [],  # no editable list: nothing hidden
        "result_headers": headers,
        "num_sorted_fields": sum(1 for h in headers if h["sortable"] and h["sorted"]),
        "results": list(_rows(cl)),
    }


def _rows(cl: ChangeList) -> Iterator[admin_list.ResultList]:
    rows = list(cl.result_list)
    if not rows:
        return
    empty = conditional_escape(cl.model_admin.get_empty_value_display())
    meta = cl.model._meta
    at_field = meta.get_field("at")
    person_field = meta.get_field("person_name")
    path_field = meta.get_field("path")
    channel_field = meta.get_field("channel")
    channels = {value: conditional_escape(label) for value, label in channel_field.flatchoices}
    # Every row's address is the change page's with the list's filters kept: it differs
    # from the first row's only by the row's key (an integer), so it is reversed and its
    # filters resolved once.
    first_key = f"/{rows[0].pk}/"
    head, _, tail = add_preserved_filters(
        {"preserved_filters": cl.preserved_filters, "opts": cl.opts}, cl.url_for_result(rows[0])
    ).rpartition(first_key)
    for row in rows:
        url = f"{head}/{row.pk}/{tail}"
        yield admin_list.ResultList(
            None,
            [
                mark_safe(
                    f'<th class="field-at nowrap"><a href="{conditional_escape(url)}">'
                    f"{conditional_escape(display_for_field(row.at, at_field, empty))}</a></th>"
                ),
                _cell("user nowrap", _related(row.user if row.user_id else None, empty)),
                _cell("driver nowrap", _related(row.driver if row.driver_id else None, empty)),
                _cell("person_name", _text(row.person_name, person_field, empty)),
                _cell("case nowrap", _related(row.case if row.case_id else None, empty)),
                _cell("channel", channels.get(row.channel, empty)),
                _cell("path", _text(row.path, path_field, empty)),
            ],
        )


def _cell(classes: str, html: str) -> SafeString:
    return mark_safe(f'<td class="field-{classes}">{html}</td>')


def _related(value: object, empty: str) -> str:
    return empty if value is None else conditional_escape(str(value))


def _text(value: str | None, field: object, empty: str) -> str:
    if value is None or not value.strip():
        return empty
    return conditional_escape(display_for_field(value, field, empty))
