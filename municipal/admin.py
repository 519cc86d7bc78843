"""The municipal registers in the admin, read-mostly: writes go through the pages' services."""

from django.contrib import admin

from municipal.models import (
    Association,
    ExecutiveUse,
    ExecutiveVehicle,
    LostItem,
    Membership,
    RosterEntry,
    Stand,
    StandAssignment,
    TariffItem,
    TariffReminder,
    TariffTable,
)


@admin.register(Stand)
class StandAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "places", "act_number", "shelter", "revoked_on"]
    list_filter = ["kind", "shelter"]


@admin.register(StandAssignment)
class StandAssignmentAdmin(admin.ModelAdmin):
    list_display = ["stand", "authorization", "since", "ended_on"]
    raw_id_fields = ["authorization"]


class TariffItemInline(admin.TabularInline):
    model = TariffItem
    extra = 0


@admin.register(TariffTable)
class TariffTableAdmin(admin.ModelAdmin):
    list_display = ["act_number", "valid_from", "status", "adjustment_year", "igpm_percent"]
    inlines = [TariffItemInline]


admin.site.register(TariffReminder)


@admin.register(LostItem)
class LostItemAdmin(admin.ModelAdmin):
    list_display = ["receipt_number", "description", "found_on", "due_on", "status"]
    list_filter = ["status", "handed_in_late", "handing_in_overdue"]
    raw_id_fields = ["authorization", "driver", "deadline"]


@admin.register(RosterEntry)
class RosterEntryAdmin(admin.ModelAdmin):
    list_display = ["day", "shift", "authorization"]
    list_filter = ["shift"]
    raw_id_fields = ["authorization"]


@admin.register(Association)
class AssociationAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "colour", "parking_approved_on"]


admin.site.register(Membership)
admin.site.register(ExecutiveVehicle)
admin.site.register(ExecutiveUse)
