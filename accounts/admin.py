import re

from django.contrib import admin
from django.contrib.admin.views.main import ChangeList
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.core.paginator import Paginator
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from accounts.models import PersonalDataAccess, User
from core.paging import PAGE_SIZE


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    # The matrícula is printed on the acts the employee signs (Art. 47 VI).
    fieldsets = (*BaseUserAdmin.fieldsets, (_("Servidor"), {"fields": ("employee_number",)}))
    list_display = (*BaseUserAdmin.list_display, "employee_number")
    actions = ["deactivate"]

    @admin.action(description=_("Desativar os usuários selecionados"), permissions=["change"])
    def deactivate(self, request, queryset) -> None:  # type: ignore[no-untyped-def]
        # One save per user, never queryset.update(): saving a user whose active flag
        # changes is what ends his sessions and API tokens (User.save).
        for user in queryset.filter(is_active=True):
            user.is_active = False
            user.save(update_fields=["is_active"])


# The log grows with every page a staff member opens: counting it whole, or matching a
# text inside every name it joins, read the whole table at each request (44 s at a million
# cases, issue 25). It is counted up to this many rows and searched by indexed keys only.
READ_LOG_COUNT_CAP = 10_000
# What a row of the log's list reads: its own columns and the names of what it links
# (User.__str__ is the user name, Driver's the name, Case's the number and kind).
READ_LOG_ROW_FIELDS = (
    "at",
    "person_name",
    "channel",
    "path",
    "user__username",
    "driver__name",
    "case__number",
    "case__kind",
)
_CASE_NUMBER = re.compile(r"^\s*(\d{4})\s*/\s*(\d{1,6})\s*$")
_CPF = re.compile(r"^\s*\d{3}\.?\d{3}\.?\d{3}-?\d{2}\s*$")
# Stands for a row's id in its link, reversed once a page (ReadLogChangeList._row_link).
_ROW_ID = "0-row-id"


class CappedCountPaginator(Paginator):
    """Counts up to READ_LOG_COUNT_CAP rows (the pages past it are not offered)."""

    @cached_property
    def count(self) -> int:
        return self.object_list.order_by()[:READ_LOG_COUNT_CAP].count()


class ReadLogChangeList(ChangeList):
    """The log's list reads its rows' columns and the names it shows of the reader, the
    driver and the case, not their whole rows: loading each row's user, driver and case
    whole was a fifth of the page (issue 25). The page of one row reads it all."""

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        # Each row links to its page with the list's search and filters, to come back to
        # them. The admin adds them to each link after resolving the link against the
        # URLconf (to tell a link to the list itself, which none of these is): fifty
        # resolves a page made the list searched by user 4.8 times the trivial endpoint,
        # the one not searched 3.6 (issue 25). They are the same for every row, so they go
        # into the one link url_for_result reverses for the page.
        self.row_link_filters = self.preserved_filters
        self.preserved_filters = ""

    def get_queryset(  # type: ignore[no-untyped-def]
        self, request: HttpRequest, exclude_parameters=None
    ) -> QuerySet[PersonalDataAccess]:
        rows = super().get_queryset(request, exclude_parameters)
        return rows.only(*READ_LOG_ROW_FIELDS)

    @cached_property
    def _row_link(self) -> str:
        """A row's link with a placeholder for its id, reversed once for the page."""
        url = reverse(
            f"admin:{self.opts.app_label}_{self.opts.model_name}_change",
            args=(_ROW_ID,),
            current_app=self.model_admin.admin_site.name,
        )
        return f"{url}?{self.row_link_filters}" if self.row_link_filters else url

    def url_for_result(self, result: PersonalDataAccess) -> str:
        # The id is an integer: nothing in it to quote (ChangeList quotes a text key).
        return self._row_link.replace(_ROW_ID, str(result.pk), 1)


@admin.register(PersonalDataAccess)
class PersonalDataAccessAdmin(admin.ModelAdmin):
    """The LGPD log, for the administrator: read-only, nobody edits or deletes a row."""

    list_display = ["at", "user", "driver", "person_name", "case", "channel", "path"]
    # A range of days reads the `at` index; a date hierarchy would list every year and
    # month of the whole table first.
    list_filter = ["channel", "at"]
    search_fields = ["user__username"]  # shows the box; the search is get_search_results
    search_help_text = _(
        "CPF do taxista (11 dígitos), número do processo (AAAA/N) ou usuário de quem leu."
    )
    list_select_related = ["user", "driver", "case"]
    paginator = CappedCountPaginator
    show_full_result_count = False
    # Fifty rows a page, as every list of ours (core.paging.PAGE_SIZE): drawing the
    # admin's default hundred took some 35 ms whatever the size of the log, more than
    # three times the trivial endpoint's whole answer (issue 25).
    list_per_page = PAGE_SIZE

    def get_changelist(self, request: HttpRequest, **kwargs: object) -> type[ChangeList]:
        return ReadLogChangeList

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[PersonalDataAccess], search_term: str
    ) -> tuple[QuerySet[PersonalDataAccess], bool]:
        """One indexed key: a CPF (the driver's unique column), a case number (the case's
        year and sequence) or a user name (unique), never a text inside a joined column."""
        term = search_term.strip()
        if not term:
            return queryset, False
        # The key is looked up first, by its unique index, and the log filtered by the id
        # found: joined, PostgreSQL walked the log in time order looking for a key that
        # may match nothing (0.6 s at 200,000 rows for an unknown user name).
        number = _CASE_NUMBER.match(term)
        if number:
            case_model = PersonalDataAccess._meta.get_field("case").related_model
            found = case_model._default_manager.filter(year=int(number[1]), sequence=int(number[2]))
            return queryset.filter(case_id__in=list(found.values_list("pk", flat=True))), False
        if _CPF.match(term):
            driver_model = PersonalDataAccess._meta.get_field("driver").related_model
            cpf = re.sub(r"\D", "", term)
            found = driver_model._default_manager.filter(cpf=cpf)
            drivers = list(found.values_list("pk", flat=True))
            # Or a person with no driver's register (a clandestine offender), by his CPF.
            return queryset.filter(Q(driver_id__in=drivers) | Q(person_cpf=cpf)), False
        found = User.objects.filter(username=term)
        return queryset.filter(user_id__in=list(found.values_list("pk", flat=True))), False

    def has_add_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False
