"""`core.db.one_of` with nothing found: Django's own empty `IN`, so a list asked of it is
not read and a step united or ORed with it keeps only the other side (issue 25: a search
by a case number sent the drivers' and the Termos' hits for the empty lists it found)."""

from __future__ import annotations

import pytest
from django.db.models import Q

from core.db import one_of
from registers.models import Driver

pytestmark = pytest.mark.django_db


def test_one_of_nothing_sends_no_statement(django_assert_num_queries):
    with django_assert_num_queries(0):
        assert list(Driver.objects.filter(one_of("pk", []))) == []


def test_one_of_nothing_ored_keeps_the_other_side_and_negated_keeps_every_row(driver):
    assert list(Driver.objects.filter(one_of("pk", []) | Q(pk=driver.pk))) == [driver]
    assert list(Driver.objects.exclude(one_of("pk", []))) == [driver]


def test_one_of_some_ids_finds_them(driver):
    assert list(Driver.objects.filter(one_of("pk", [driver.pk, 0]))) == [driver]
