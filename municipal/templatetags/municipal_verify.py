"""What the public verification page adds about executive taxis (Art. 3 §§4-5)."""

from __future__ import annotations

from dataclasses import dataclass

from django import template
from django.core.exceptions import ValidationError

from municipal.models import ExecutiveUse, ExecutiveVehicle
from municipal.selectors import executive_by_plate, retention_of
from registers.validators import normalize_plate

register = template.Library()


@dataclass(frozen=True)
class ExecutiveStatus:
    retention: ExecutiveUse | None = None
    executive: ExecutiveVehicle | None = None


@register.simple_tag(takes_context=True)
def executive_status(context: template.Context, result: object) -> ExecutiveStatus:
    """The retention of the taxi shown (§5), or the executive taxi whose plate was typed
    (§4: it serves under contract only)."""
    vehicle = getattr(result, "vehicle", None)
    if vehicle is not None:
        return ExecutiveStatus(retention=retention_of(vehicle.pk))
    try:
        plate = normalize_plate(str(context.get("query", "")))
    except ValidationError:
        return ExecutiveStatus()
    return ExecutiveStatus(executive=executive_by_plate(plate))
