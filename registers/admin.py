from django.contrib import admin

from accounts.services import personal_data_read
from registers.models import (
    Authorization,
    CalendarDay,
    CriminalSentence,
    Driver,
    MunicipalRegistration,
    PointRecord,
    PopulationFigure,
    Vehicle,
    VrteValue,
)


@admin.register(Driver)
class DriverAdmin(admin.ModelAdmin):
    list_display = ["name", "cpf", "kind", "cnh_category", "cnh_expires_on", "retired"]
    list_filter = ["kind", "retired"]
    search_fields = ["name", "cpf", "cnh_number", "vehicles__plate"]

    def change_view(self, request, object_id, form_url="", extra_context=None):  # type: ignore[no-untyped-def]
        # The administrator's page of a driver shows everything: logged like any other.
        driver = self.get_object(request, object_id)
        if driver is not None:
            personal_data_read(
                actor=request.user,
                drivers=[driver],
                case=None,
                channel="admin",
                path=request.path,
                what="ficha no administrador",
                purpose="admin",
            )
        return super().change_view(request, object_id, form_url, extra_context)


@admin.register(Vehicle)
class VehicleAdmin(admin.ModelAdmin):
    list_display = ["plate", "make", "model", "manufacture_year", "colour", "owner"]
    search_fields = ["plate", "renavam", "owner__name", "owner__cpf"]


@admin.register(Authorization)
class AuthorizationAdmin(admin.ModelAdmin):
    list_display = ["number", "holder", "vehicle", "status", "granted_on"]
    list_filter = ["status"]
    search_fields = ["number", "holder__name", "holder__cpf", "vehicle__plate"]
    # The status changes only through case services (suspension, revocation, ...).
    readonly_fields = ["status"]


@admin.register(MunicipalRegistration)
class MunicipalRegistrationAdmin(admin.ModelAdmin):
    list_display = ["number", "authorization", "vehicle", "valid_from", "valid_until"]
    search_fields = [
        "number",
        "vehicle__plate",
        "authorization__holder__name",
        "authorization__holder__cpf",
    ]


admin.site.register(PopulationFigure)


@admin.register(CalendarDay)
class CalendarDayAdmin(admin.ModelAdmin):
    """Read-only here: a day is declared on the municipal calendar page (/calendario/),
    whose service also moves the pending deadlines it covers (Art. 63; CPC art. 224 §1)."""

    list_display = ["day", "kind", "reason"]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


admin.site.register(VrteValue)


@admin.register(PointRecord)
class PointRecordAdmin(admin.ModelAdmin):
    list_display = ["driver", "on", "points", "article", "violation"]
    search_fields = ["driver__name", "driver__cpf", "violation__number"]

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(CriminalSentence)
class CriminalSentenceAdmin(admin.ModelAdmin):
    """Art. 38 XII: sentences served by drivers (recorded by `criminal_sentence_record`)."""

    list_display = ["driver", "case_reference", "starts_on", "ends_on", "judicial_authorization"]
    search_fields = ["driver__name", "driver__cpf", "case_reference"]
    readonly_fields = ["recorded_at", "recorded_by"]
