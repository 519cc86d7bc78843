"""Form fields the pages of every kind share (the kinds sit below the web layer, so these
live with the engine rather than in `web`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone

from core.widgets import ISO_LOCAL_DATETIME, DateTimeInput

LOCAL_INPUT = ISO_LOCAL_DATETIME


class LocalDateTimeInput(DateTimeInput):
    def __init__(self, **attrs: Any) -> None:
        super().__init__(attrs=attrs)


def local_now_input() -> str:
    """Now, as a datetime-local input shows it (legal time is local, DESIGN principle 5)."""
    return timezone.localtime().strftime(LOCAL_INPUT)


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def clean(self, data: object, initial: object = None) -> list[object]:
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(item, initial) for item in data]
        return [single(data, initial)] if data else []
