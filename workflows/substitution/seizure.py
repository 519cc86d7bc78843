"""Art. 24 §2: the communication of a judicial seizure of the vehicle.

"No caso de perda dos direitos de posse ou de propriedade do veículo, em decorrência de
decisão judicial, especialmente quando relativa à compra e venda com reserva de domínio
ou alienação fiduciária, o Taxista poderá fazer a substituição do veículo desde que
comunique no prazo de 30 (trinta) dias ao Poder Executivo a apreensão do veículo através
do Mandato Judicial."

The holder (portal) or a clerk (counter) communicates the seizure with the court order
attached. Within the 30 days (calendar days from the seizure, the last day moved to a
business day: `law.suspension.seizure_communication_deadline`) it opens a substitution
case on that ground, waiting for the new vehicle, which the holder's filing completes
(`services.substitution_file`); the case shows the 30-day row, met. After them the
communication — and so the substitution on that ground — is refused with the article,
and nothing is written.
"""

from __future__ import annotations

import datetime as dt

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, from_law
from cases.models import Case, Deadline
from cases.services.deadlines import deadline_handler, deadline_start
from cases.services.documents import document_store, upload_check
from cases.services.transitions import case_open, case_record, local_today
from law import deadlines as law_deadlines
from law import suspension as law_suspension
from law.citations import ART_24_P2
from law.errors import LawError
from registers.models import Driver
from workflows.steps.guards import holder_authorization_lock
from workflows.substitution.models import SubstitutionCase, SubstitutionTrigger
from workflows.substitution.services import substitution_under_way_check

COURT_ORDER_ITEM = "court_order"
COMMUNICATION_DEADLINE = "substitution.judicial_seizure_communication"
COMMUNICATED_EVENT = "judicial_seizure_communicated"


@deadline_handler(COMMUNICATION_DEADLINE)
def _communication_deadline(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """The row is written already met (the communication is what creates the case); a
    sweep has nothing to apply."""
    return False


def substitution_seizure_communicate(
    *,
    actor: User,
    driver: Driver,
    seized_on: dt.date,
    order: UploadedFile | None,
    note: str = "",
    today: dt.date | None = None,
) -> SubstitutionCase:
    """Art. 24 §2: record the communication of a judicial seizure, with the court order.

    Every check runs before anything is written: who communicates (the holder or a
    clerk), the order (required, `upload_check`), the seizure date (not in the future),
    the 30 days, the authorization in force, no other substitution under way.
    """
    day = today or local_today()
    if not (driver.user_id == actor.pk or has_role(actor, Role.CLERK)):
        raise NotPermitted(
            _("Somente o próprio taxista ou um servidor pode comunicar a apreensão."),
            article=ART_24_P2,
        )
    if order is None:
        raise RuleViolation(
            _("Anexe o mandado judicial de apreensão do veículo."), article=ART_24_P2
        )
    if seized_on > day:
        raise RuleViolation(_("A data da apreensão está no futuro."), article=ART_24_P2)
    try:
        law_suspension.check_seizure_communicated_in_time(
            seized_on=seized_on, communicated_on=day
        )
    except LawError as exc:
        raise from_law(exc) from exc
    checked = upload_check(order)
    last_day = law_suspension.seizure_communication_deadline(seized_on)
    with transaction.atomic(durable=True):
        authorization = holder_authorization_lock(
            driver,
            refusal=_("O taxista não tem autorização em vigor."),
            article=ART_24_P2,
            related=("vehicle",),
        )
        substitution_under_way_check(authorization, article=ART_24_P2)
        case = case_open(
            model=SubstitutionCase,
            actor=actor,
            article=ART_24_P2,
            note=note,
            applicant=driver,
            authorization=authorization,
            trigger=SubstitutionTrigger.JUDICIAL_SEIZURE,
            old_vehicle=authorization.vehicle,
            seized_on=seized_on,
            due_on=last_day,
        )
        document_store(case=case, item=COURT_ORDER_ITEM, checked=checked, actor=actor)
        row = deadline_start(
            rule=law_deadlines.JUDICIAL_SEIZURE_COMMUNICATION,
            start=seized_on,
            case=case,
            kind=COMMUNICATION_DEADLINE,
            label=_("Comunicação da apreensão judicial com o mandado"),
        )
        Deadline.objects.filter(pk=row.pk).update(state=Deadline.State.DONE)
        case_record(
            case=case,
            actor=actor,
            event=COMMUNICATED_EVENT,
            article=ART_24_P2,
            note=_("Apreensão judicial em %(seized)s comunicada em %(day)s, dentro do prazo "
                   "que termina em %(last_day)s.")
            % {"seized": f"{seized_on:%d/%m/%Y}", "day": f"{day:%d/%m/%Y}",
               "last_day": f"{last_day:%d/%m/%Y}"},
            data={"seized_on": seized_on.isoformat(), "communicated_on": day.isoformat(),
                  "last_day": last_day.isoformat()},
        )
    return case
