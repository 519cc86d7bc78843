"""The statute's day counts in the texts people read (issue 19: one way to write a deadline).

A form, letter, portal page or template never writes "30 dias" itself: it asks the law
package, so a number changed there (an amendment) changes every text at once
(tests/i18n/test_day_counts_come_from_the_law.py greps for literals).

    {% load law_terms %}
    {% law_days "appeal" %}                  -> "30 dias úteis"
    {% law_days "seizure" bare=True %}       -> "15 dias"
    {% law_days "suspension.MAX_DAYS" %}     -> "120 dias"
    {% law_days "appeal" as days %}          (then {{ days }} inside a blocktranslate)
"""

from __future__ import annotations

from django import template

from cases.law_terms import law_days_text

register = template.Library()


@register.simple_tag
def law_days(name: str, bare: bool = False) -> str:
    return law_days_text(name, bare=bare)
