"""Pages. Thin: read through selectors, write through services, show domain errors."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.display import person_labels
from accounts.roles import Role, has_role, is_staff_member
from accounts.services import personal_data_read_case
from cases.action_inputs import action_fields_html, action_form, split_note
from cases.errors import DomainError
from cases.explanations import deadline_explanations
from cases.facts import case_facts
from cases.models import Deadline, Document
from cases.selectors import (
    BadCursor,
    QueueFilter,
    case_deadlines,
    case_queue_page,
    case_submitted_documents,
    case_timeline,
    case_visible,
    cases_visible_to,
    decision_outlooks,
    within_visible_cases,
)
from cases.services.deadlines import deadline_retry
from cases.services.transitions import available_edges, case_act, case_claim
from cases.workflow import REQUESTER, SYSTEM, all_workflows, next_party, workflow_for
from core.db import generic_plans
from core.files import open_stored
from documents.selectors import case_documents, portal_documents
from documents.signing.uploads import upload_signatures
from law import inspection as law_inspection
from notifications.forms import AttemptForm, PostingForm, ReceiptForm
from notifications.selectors import case_notifications, letters_to_post_count
from web.charter import charter, charters
from web.forms import QueueFilterForm
from web.portal import portal_view
from web.presenters import case_list_probes, case_lists, queue_rows
from workspace.landing import landing_url


def _domain_error(request: HttpRequest, exc: DomainError) -> None:
    messages.error(request, str(exc))


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(landing_url(request.user))
    return render(request, "web/home.html")


@login_required
def portal(request: HttpRequest) -> HttpResponse:
    today = timezone.localdate()
    view = portal_view(request.user, today)
    return render(
        request,
        "web/portal.html",
        {
            "view": view,
            "driver": view.driver,
            "today": today,
            # A kind with a filing page but no rule of when to offer it still shows.
            "other_filings": [w.filing for w in all_workflows() if w.filing and w.offer is None],
            # The register row the view has read (a person with none reads none again).
            "official_documents": portal_documents(request.user, driver=view.driver),
        },
    )


def service_charter_index(request: HttpRequest) -> HttpResponse:
    """/carta-de-servicos/ — public: every request kind's Carta (Lei 13.460/2017 art. 7)."""
    return render(request, "web/charter_list.html", {"charters": charters()})


def service_charter(request: HttpRequest, kind: str) -> HttpResponse:
    """/carta-de-servicos/<kind>/ — public: one kind's steps, documents, fees and times."""
    found = charter(kind)
    if found is None:
        raise Http404
    return render(request, "web/charter.html", {"charter": found})


@login_required
def queue(request: HttpRequest) -> HttpResponse:
    if not is_staff_member(request.user):
        return redirect("portal")
    form = QueueFilterForm(request.GET or None)
    data = form.cleaned_data if form.is_valid() else {}
    filters = QueueFilter(
        **{k: data.get(k) or "" for k in ("kind", "state", "assignee", "urgency")}
    )
    today = timezone.localdate()
    status = 200
    try:
        page = case_queue_page(
            user=request.user, filters=filters, today=today, cursor=request.GET.get("cursor", "")
        )
    except BadCursor:
        messages.error(request, _("Cursor de página inválido: a fila recomeça do início."))
        page = case_queue_page(user=request.user, filters=filters, today=today)
        status = 400
    next_query = ""
    if page.next_cursor:
        query = request.GET.copy()
        query["cursor"] = page.next_cursor
        next_query = query.urlencode()
    return render(
        request,
        "web/queue.html",
        {
            "form": form,
            "page": page,
            "rows": queue_rows(page.rows, today),
            "today": today,
            "next_query": next_query,
            # The letters waiting for the post office, on the clerk's queue (issue 24 §6).
            "letters_waiting": letters_to_post_count(request.user),
        },
        status=status,
    )


@login_required
# Every read here is by ids: each statement planned once per connection.
@generic_plans()
def case_page(request: HttpRequest, pk: int) -> HttpResponse:
    case = case_visible(request.user, pk, probes=case_list_probes(), assignee=False)
    if case is None:
        raise Http404
    workflow = workflow_for(case.kind)
    personal_data_read_case(actor=request.user, case=case, channel="page", path=request.path)
    edges = available_edges(case, request.user)
    present = case_lists(case)
    documents = list(case_submitted_documents(case)) if present.documents else []
    events = list(case_timeline(case))
    deadlines = list(case_deadlines(case))
    # Every person the page names, named once (accounts.display, issue 24 §6).
    people = person_labels(
        [e.actor_id for e in events] + [d.uploaded_by_id for d in documents] + [case.assignee_id]
    )
    waits_for = next_party(case.kind, case.state).key
    # The soonest pending deadline, from the rows just read (soonest first), not read again.
    pending = [d for d in deadlines if d.state == Deadline.State.PENDING]
    outlook = decision_outlooks(
        [case],
        in_line={case.pk} if waits_for not in (REQUESTER, SYSTEM) else set(),
        nearest={case.pk: pending[0]} if pending else {},
        events=events,
    ).get(case.pk)
    return render(
        request,
        "web/case.html",
        {
            "case": case,
            "outlook": outlook,
            "state_label": workflow.state_label(case.state),
            "events": events,
            "people": people,
            "deadlines": deadlines,
            # How each last day was counted (issue 24 §3), with one read of the calendar.
            "explanations": deadline_explanations(deadlines),
            "documents": documents,
            # Who signed each uploaded PDF, judged once per file (documents.signing.uploads).
            "signatures": upload_signatures(
                documents, applicant_cpf=case.applicant.cpf if case.applicant_id else ""
            ),
            # The review acts on the file of an item sent last (workflows.steps.review).
            "latest_documents": {doc.item: doc.pk for doc in documents}.values(),
            "can_review": any(edge.name == "review_document" for edge in edges),
            "official_documents": case_documents(request.user, case)
            if present.official_documents
            else [],
            "notifications": case_notifications(request.user, case.pk)
            if present.notifications
            else (),
            # Classes: the template builds a form only for a letter that needs it (most
            # cases have none, and every form costs its fields' copies).
            "posting_form": PostingForm,
            "attempt_form": AttemptForm,
            "receipt_form": ReceiptForm,
            "actions": [(edge, action_fields_html(edge)) for edge in edges],
            "checklist": workflow.checklist,
            "case_panel": workflow.case_panel,
            # What the case's state allows, by what (Workflow.allowed_in): the panel's
            # offers read the kind's one list.
            "allows": {a.what: case.state in a for a in workflow.allowed_in},
            "facts": ()
            if workflow.case_panel
            else case_facts(case, staff=is_staff_member(request.user)),
            # Only a kind with an inspection step has any (Workflow.on_inspection_recorded).
            "inspections": case.inspections.select_related("vehicle", "inspector")
            if workflow.on_inspection_recorded and present.inspections
            else (),
            "inspection_items": law_inspection.ITEMS,
            "can_inspect": has_role(request.user, Role.CLERK, Role.FISCAL_AGENT),
            "today": timezone.localdate(),
            "staff": is_staff_member(request.user),
        },
    )


@login_required
@require_POST
def case_claim_page(request: HttpRequest, pk: int) -> HttpResponse:
    case = get_object_or_404(cases_visible_to(request.user), pk=pk)
    try:
        case_claim(case=case, actor=request.user)
    except DomainError as exc:
        _domain_error(request, exc)
    else:
        messages.success(request, _("Processo assumido."))
    return redirect("case", pk=pk)


@login_required
@require_POST
def case_action_page(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    case = get_object_or_404(cases_visible_to(request.user), pk=pk)
    workflow = workflow_for(case.kind)
    action = workflow.canonical_action(action)
    if not any(edge.name == action for edge in workflow.edges):
        raise Http404
    form = action_form(workflow.edge(action), request.POST, request.FILES)
    if not form.is_valid():
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            messages.error(request, f"{label}: {' '.join(errors)}" if label else " ".join(errors))
        return redirect("case", pk=pk)
    note, inputs = split_note(form.cleaned_data)
    try:
        case_act(case=case, action=action, actor=request.user, note=note, **inputs)
    except DomainError as exc:
        _domain_error(request, exc)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Ação registrada."))
    return redirect("case", pk=pk)


@login_required
def document_download(request: HttpRequest, pk: int) -> FileResponse:
    document = get_object_or_404(within_visible_cases(Document.objects.all(), request.user), pk=pk)
    handle = open_stored(document.file)
    # An uploaded file is the driver's ID, CNH, proof of address…: the read is logged.
    personal_data_read_case(
        actor=request.user,
        case=document.case,
        channel="file",
        path=request.path,
        what=f"documento enviado: {document.item}",
    )
    return FileResponse(
        handle,
        content_type=document.content_type,
        filename=document.original_name,
    )


@login_required
@require_POST
def deadline_retry_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A clerk puts a failed deadline back in the sweep."""
    deadline = get_object_or_404(within_visible_cases(Deadline.objects.all(), request.user), pk=pk)
    if not has_role(request.user, Role.CLERK, Role.ADMINISTRATOR):
        messages.error(request, _("Somente servidores podem reprocessar prazos."))
    else:
        deadline_retry(deadline=deadline)
        messages.success(request, _("O prazo voltará a ser processado."))
    return redirect("case", pk=deadline.case_id)
