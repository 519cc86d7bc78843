"""Issue 20 §4: an import does not hold the database's write lock while it reads the file.

On the embedded default (SQLite, transaction_mode IMMEDIATE) a transaction takes the one
write lock at its first statement; the import used to read and judge every row of the
file inside its write transaction, and every page that writes (a login) waited for it.
The file is now read and judged before the transaction opens; the lock covers only the
register's check and the writes, which stay all or nothing (Art. 69).
"""

from __future__ import annotations

import pytest
from django.db import connection

from register_import import services
from register_import.models import ImportJob
from register_import.services import import_apply, import_check, import_start

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("on_sample_day")]


def test_the_file_is_read_outside_the_write_transaction(importer, corrected_bytes, monkeypatch):
    content = b"\n".join(corrected_bytes.splitlines()[:4])
    job = import_check(job=import_start(actor=importer, file_name="r.csv", content=content))
    assert job.status == ImportJob.Status.CHECKED

    inside: list[bool] = []
    judge = services.row_check

    def spying_row_check(*args, **kwargs):  # a spy: the real rule runs
        inside.append(connection.in_atomic_block)
        return judge(*args, **kwargs)

    monkeypatch.setattr(services, "row_check", spying_row_check)
    done = import_apply(job=job, actor=importer)

    assert (done.status, done.created) == (ImportJob.Status.DONE, 3)
    assert inside == [False, False, False]
