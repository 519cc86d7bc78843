"""Art. 69 with Art. 27 §1: an auxiliary bound before the system came is kept as he was,
and his authorization is still renewed every year: the import records the binding on an
approved case of its own, and its term ends unrenewed exactly as one granted here."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from notifications.models import Notification
from register_import.services import import_apply, import_check, import_start
from registers.models import AuxiliaryBinding, Driver
from tests.auxiliary.factories import pdf
from workflows.auxiliary.models import AuxiliaryCase, AuxiliaryState
from workflows.auxiliary.services import auxiliary_approve, auxiliary_file

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_sample_day")]

LAST_DAY = dt.date(2027, 7, 21)  # the row's IM and binding: valid until 21/07/2027


@pytest.fixture
def imported(importer, corrected_bytes) -> AuxiliaryBinding:
    header, *rows = corrected_bytes.decode().splitlines()
    row = next(r for r in rows if r.startswith("T-0004;"))
    content = f"{header}\n{row}\n".encode()
    job = import_check(job=import_start(actor=importer, file_name="r.csv", content=content))
    import_apply(job=job, actor=importer)
    return AuxiliaryBinding.objects.get()


def test_the_import_records_the_binding_on_an_approved_case_art69(imported, importer):
    case = AuxiliaryCase.objects.get(binding=imported)
    holder = Driver.objects.get(authorizations__number="T-0004")
    assert (case.state, case.applicant, case.auxiliary, case.valid_until) == (
        AuxiliaryState.APPROVED, holder, imported.auxiliary, LAST_DAY,
    )
    assert case.closed_at is not None and not case.counts_as_swap
    events = list(AuditEvent.objects.filter(case=case).values_list("transition", "actor"))
    assert events == [("open", importer.pk), ("record_existing", None)]
    assert AuditEvent.objects.get(case=case, transition="open").article.startswith("Art. 69")
    assert list(
        Deadline.objects.filter(case=case).values_list("kind", "due_on", "state", "article")
    ) == [
        ("auxiliary.renewal_reminder", dt.date(2027, 6, 20), "pending", "Art. 27 §1"),
        ("auxiliary.expiry", LAST_DAY, "pending", "Art. 27 §1"),
    ]


def _row_states(case: AuxiliaryCase) -> list[str]:
    return list(Deadline.objects.filter(case=case).values_list("state", flat=True))


def test_an_imported_binding_not_renewed_ends_the_day_after_its_term_art27_p1(imported):
    # The IM of the same Termo has its own cycle (Art. 18), swept alongside: the rows of
    # the auxiliary's record case are the ones read here.
    case = AuxiliaryCase.objects.get(binding=imported)
    holder = case.applicant
    deadlines_sweep(today=dt.date(2027, 6, 21))
    assert _row_states(case) == ["done", "pending"]
    reminder = Notification.objects.get(template="auxiliary_renewal_reminder")
    assert (reminder.case_id, reminder.recipient, "21/07/2027" in reminder.body) == (
        case.pk, holder, True,
    )
    deadlines_sweep(today=LAST_DAY)
    assert _row_states(case) == ["done", "pending"]
    deadlines_sweep(today=LAST_DAY + dt.timedelta(days=1))
    assert _row_states(case) == ["done", "done"]
    imported.refresh_from_db()
    assert (imported.ended_on, imported.end_reason) == (
        LAST_DAY + dt.timedelta(days=1), AuxiliaryBinding.EndReason.NOT_RENEWED,
    )
    assert Notification.objects.filter(case=case, template="auxiliary_expired",
                                       recipient=holder).exists()


def test_a_renewal_of_the_imported_auxiliary_replaces_the_imported_term_art27_p1(
    imported, clerk
):
    record = AuxiliaryCase.objects.get(binding=imported)
    holder = record.applicant
    renewal_day = dt.date(2027, 7, 10)
    case = auxiliary_file(actor=clerk, holder=holder, purpose="renew",
                          proofs={"cnh": [pdf("cnh.pdf")]}, today=renewal_day)
    assert case.binding == imported
    case_act(case=case, action="accept", actor=clerk)
    auxiliary_approve(case=case, actor=clerk, today=renewal_day)
    imported.refresh_from_db()
    assert imported.valid_until == dt.date(2028, 7, 9)
    assert _row_states(record) == ["cancelled", "cancelled"]
    # The imported term's end passes without effect; the renewed one holds.
    deadlines_sweep(today=LAST_DAY + dt.timedelta(days=1))
    imported.refresh_from_db()
    assert imported.ended_on is None
    assert _row_states(case) == ["pending", "pending"]


def test_the_record_case_page_shows_the_binding_and_its_article(client, imported, importer):
    case = AuxiliaryCase.objects.get(binding=imported)
    client.force_login(importer)
    response = client.get(f"/processos/{case.pk}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert case.number in page and imported.auxiliary.name in page
    assert "Art. 69" in page and "21/07/2027" in page
    assert 'data-transition="record_existing"' in page
