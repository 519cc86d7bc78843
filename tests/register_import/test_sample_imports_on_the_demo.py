"""Art. 69 on the demo (issue 24 §7): the corrected register sample imports cleanly on the
demo database; no row of it clashes with a demo holder, vehicle, Termo or IM."""

from __future__ import annotations

import pytest

from register_import.models import ImportJob
from register_import.services import import_apply, import_check, import_start
from registers.models import Authorization
from web.demo import DEMO_HOLDERS, demo_load

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_sample_day")]


def test_art_69_the_corrected_sample_imports_cleanly_on_the_demo(importer, corrected_bytes):
    demo_load()
    job = import_check(
        job=import_start(actor=importer, file_name="corrigido.csv", content=corrected_bytes)
    )

    assert (job.status, job.errors, job.message) == (ImportJob.Status.CHECKED, [], "")

    job = import_apply(job=job, actor=importer)

    assert (job.status, job.created) == (ImportJob.Status.DONE, 500)
    assert Authorization.objects.count() == 500 + len(DEMO_HOLDERS)
