"""The portal page where a holder files a vehicle substitution (Arts. 12 and 20)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from cases.models import Case, Deadline
from registers.models import Driver
from registers.selectors import authorizations_visible_to
from workflows.portal import portal_filing
from workflows.substitution.forms import SubstitutionForm
from workflows.substitution.services import substitution_file
from workflows.substitution.tracking import AGE_DEADLINE, COLOUR_DEADLINE, IN_FORCE


@login_required
def substitution_new(request: HttpRequest) -> HttpResponse:
    def context(driver: Driver) -> dict[str, Any]:
        authorization = (
            authorizations_visible_to(request.user)
            .filter(holder=driver, status__in=IN_FORCE)
            .first()
        )
        deadlines = (
            Deadline.objects.filter(
                authorization=authorization,
                kind__in=[AGE_DEADLINE, COLOUR_DEADLINE],
                state=Deadline.State.PENDING,
            )
            if authorization
            else Deadline.objects.none()
        )
        return {"authorization": authorization, "deadlines": deadlines}

    def file(driver: Driver, form: forms.Form) -> Case:
        assert isinstance(form, SubstitutionForm)
        return substitution_file(
            actor=request.user,
            driver=driver,
            vehicle=form.vehicle(),
            crlv=form.cleaned_data["crlv"],
            note=form.cleaned_data["note"],
        )

    return portal_filing(
        request, form_class=SubstitutionForm, template="substitution/substitution_new.html",
        file=file, context=context,
        refusal=_("Somente taxistas cadastrados podem pedir substituição pelo portal."),
    )


@login_required
def seizure_communicate(request: HttpRequest) -> HttpResponse:
    """Art. 24 §2: the holder communicates a judicial seizure of the vehicle."""
    from workflows.substitution.forms import SeizureCommunicationForm
    from workflows.substitution.seizure import substitution_seizure_communicate

    def file(driver: Driver, form: forms.Form) -> Case:
        data = form.cleaned_data
        return substitution_seizure_communicate(
            actor=request.user, driver=driver, seized_on=data["seized_on"],
            order=data["order"], note=data["note"],
        )

    return portal_filing(
        request, form_class=SeizureCommunicationForm,
        template="substitution/seizure_communicate.html", file=file,
        refusal=_("Somente taxistas cadastrados podem comunicar pelo portal."),
        filed=_l("Apreensão comunicada no processo %(n)s: informe agora o novo veículo."),
    )
