from django.contrib import admin

from register_import.models import ImportJob, TermoInvitation


@admin.register(ImportJob)
class ImportJobAdmin(admin.ModelAdmin):
    list_display = ("file_name", "status", "total_rows", "created", "already", "created_at")
    exclude = ("content",)
    readonly_fields = ("errors",)


@admin.register(TermoInvitation)
class TermoInvitationAdmin(admin.ModelAdmin):
    list_display = ("authorization", "invited_on", "signed_on")
    list_filter = ("signed_on",)
