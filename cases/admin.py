"""Read-only views of the engine's tables: states change only through services."""

from django.contrib import admin

from cases.models import AuditEvent, Case, Deadline, Document


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(Case)
class CaseAdmin(ReadOnlyAdmin):
    list_display = ["number", "kind", "state", "applicant", "assignee", "opened_at", "closed_at"]
    list_filter = ["kind", "state"]
    search_fields = ["number", "applicant__name", "applicant__cpf", "authorization__vehicle__plate"]


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdmin):
    list_display = ["case", "at", "actor", "transition", "from_state", "to_state", "article"]
    search_fields = ["case__number"]


@admin.register(Deadline)
class DeadlineAdmin(ReadOnlyAdmin):
    list_display = ["case", "kind", "due_on", "state", "attempts", "last_error"]
    list_filter = ["state", "kind"]
    search_fields = ["case__number"]


@admin.register(Document)
class DocumentAdmin(ReadOnlyAdmin):
    list_display = ["case", "item", "original_name", "content_type", "size", "review"]
    search_fields = ["case__number", "original_name"]
