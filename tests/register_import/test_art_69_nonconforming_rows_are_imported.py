"""Art. 69 with Arts. 12, 59 V f, §2 and 70: a current authorization whose vehicle is past
its age or not white, or whose holder's CNH has expired, is imported and kept; the import
opens the revocation process where the law gives a ground (the holder defends himself
before anything is decided) and flags the row for the clerk with its article."""

from __future__ import annotations

import pytest
from django.urls import reverse

from register_import.models import ImportJob
from register_import.services import import_apply, import_check, import_start
from registers.models import Authorization
from workflows.revocation.models import RevocationCase, RevocationState

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_sample_day")]

# Line 2 is T-0001, line 3 T-0002 … of the corrected sample.
CHANGES = {
    2: {"ano_fabricacao": "2010"},  # past 31/12/2018 and the Art. 70 transition
    3: {"cor": "prata"},  # the 36 months to repaint ended on 28/07/2026
    4: {"titular_cnh_validade": "15/03/2026"},
}


def _import(importer, content: bytes) -> ImportJob:
    job = import_check(job=import_start(actor=importer, file_name="r.csv", content=content))
    assert (job.status, job.errors) == (ImportJob.Status.CHECKED, [])
    return import_apply(job=job, actor=importer)


def test_art_69_nonconforming_current_authorizations_are_imported_not_rejected(
    importer, small_file
):
    job = _import(importer, small_file(5, CHANGES))

    assert (job.status, job.created) == (ImportJob.Status.DONE, 5)
    assert set(Authorization.objects.values_list("status", flat=True)) == {"active"}
    flags = {f["line"]: f for f in job.flags}
    assert {line: (f["code"], f["article"]) for line, f in flags.items()} == {
        2: ("vehicle_age", "Art. 10 II b; Art. 11 II; Art. 12"),
        3: ("vehicle_colour", "Art. 10 II e"),
        4: ("cnh_expired", "Art. 10 I b"),
    }


def test_art_59_v_f_p2_the_import_opens_the_revocation_process_and_revokes_nothing(
    importer, small_file
):
    job = _import(importer, small_file(5, CHANGES))

    opened = {
        case.authorization.number: case
        for case in RevocationCase.objects.select_related("authorization")
    }
    assert {number: case.ground_article for number, case in opened.items()} == {
        "T-0001": "Art. 12",
        "T-0002": "Art. 59 V f; Art. 70",
    }
    # Art. 59 §2: a process with notice and defence, not a revocation.
    assert {case.state for case in opened.values()} == {RevocationState.OPENED}
    assert "linha 2" in opened["T-0001"].reason
    flags = {f["line"]: f for f in job.flags}
    assert flags[2]["case"] == opened["T-0001"].number
    assert flags[3]["case"] == opened["T-0002"].number
    # An expired CNH is no ground of Art. 59 V: the clerk decides on the flag.
    assert "case" not in flags[4] and flags[4]["ground"] == ""


def test_art_69_importing_the_same_file_again_opens_no_second_process(importer, small_file):
    content = small_file(5, CHANGES)
    _import(importer, content)

    again = _import(importer, content)

    assert (again.created, again.already) == (0, 5)
    assert RevocationCase.objects.count() == 2


def test_art_69_the_import_page_lists_the_flags_with_their_articles(client, importer, small_file):
    job = _import(importer, small_file(5, CHANGES))
    client.force_login(importer)

    page = client.get(reverse("register-import-job", args=[job.pk])).content.decode()
    assert "importadas e mantidas (Art. 69)" in page
    assert "Art. 10 I b" in page and "A CNH venceu em 15/03/2026" in page
    for case in RevocationCase.objects.all():
        assert f"Processo de cassação {case.number} aberto" in page

    report = client.get(reverse("register-import-report", args=[job.pk, "csv"]))
    text = report.content.decode("utf-8-sig")
    assert "Sinalização" in text and "Art. 59 V f; Art. 70" in text


def test_art_69_the_flags_read_in_english(client, importer, small_file):
    job = _import(importer, small_file(5, CHANGES))
    client.force_login(importer)

    page = client.get(
        reverse("register-import-job", args=[job.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "kept (Art. 69)" in page
    assert "Revocation process" in page
