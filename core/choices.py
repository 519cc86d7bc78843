"""A field's choice labels for many rows at once.

`instance.get_FOO_display()` builds a dict of the field's choices on every call, and
hashing each lazy label translates it: a field of seven choices is seven `gettext` calls
per row. A list that shows the label of many rows asks `choice_labels` once; the labels,
written in the code, are translated once per language and process.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.db import models
from django.utils.translation import get_language


def choice_labels(model: type[models.Model], field_name: str) -> Callable[[Any], Any]:
    """What `get_<field_name>_display()` answers for a value, the labels translated once,
    in the language active now (a value with no choice is answered as itself)."""
    labels = _labels(get_language() or "", model, field_name)
    return lambda value: labels.get(value, value)


@functools.lru_cache(maxsize=256)
def _labels(language: str, model: type[models.Model], field_name: str) -> dict[Any, str]:
    return {key: str(label) for key, label in model._meta.get_field(field_name).flatchoices}
