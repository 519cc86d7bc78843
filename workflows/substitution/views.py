"""The portal page where a holder communicates a judicial seizure of the vehicle (Art. 24
§2). The substitution's own filing page is made from its `Workflow.filing`."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from cases.models import Case
from registers.models import Driver
from workflows.portal import portal_filing
from workflows.substitution.forms import SeizureCommunicationForm
from workflows.substitution.seizure import substitution_seizure_communicate


@login_required
def seizure_communicate(request: HttpRequest) -> HttpResponse:
    """Art. 24 §2: the holder communicates a judicial seizure of the vehicle."""
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
