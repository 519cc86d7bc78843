"""The browser's own date pickers, given values in the one format they read.

`<input type="date">` takes only ISO dates (2026-12-02) whatever the page's language;
Django's DateInput writes the active locale's format (02/12/2026 in pt-BR), which the
browser discards, so a pre-filled date showed empty. Every date input is one of these.
"""

from __future__ import annotations

from typing import Any

from django import forms

ISO_DATE = "%Y-%m-%d"
ISO_LOCAL_DATETIME = "%Y-%m-%dT%H:%M"


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs=attrs, format=ISO_DATE)


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs=attrs, format=ISO_LOCAL_DATETIME)
