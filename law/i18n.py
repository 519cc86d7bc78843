"""Marking the statute's texts for translation, without depending on Django.

The texts of this package (error messages, labels, the items of Art. 58) are
written in Portuguese, the language of the law. Each one is wrapped in
:func:`N_`, a no-op marker: at run time it returns its argument unchanged,
and ``xgettext --keyword=N_`` finds it when the message catalogue is built.
Translation happens where the user's language is known (the Django side),
e.g. ``gettext(exc.template) % exc.params`` for a :class:`law.errors.LawError`.

Messages with values are ``%``-templates with named placeholders
(``"%(days)d dias"``), so the whole sentence is translated at once and the
values are substituted afterwards; dates among them are written with
:func:`format_date`.
"""

from __future__ import annotations

import datetime as dt


def format_date(day: dt.date) -> str:
    """A date as Brazilian legal texts write it (28/07/2026): in the statute's messages,
    and, imported from here, in every message and letter of the application."""
    # Not strftime: it drops the leading zeros of a year before 1000 ("01/01/1").
    return f"{day.day:02d}/{day.month:02d}/{day.year:04d}"


def N_(message: str) -> str:  # noqa: N802 - the conventional gettext no-op name
    """Mark ``message`` for translation and return it unchanged."""
    return message
