"""The advertising request's filing page on the portal (Art. 67). The case page is generic."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from cases.models import Case
from registers.models import Driver
from workflows.advertising.forms import AdvertisingForm
from workflows.advertising.services import LAYOUT_ITEM, advertising_file
from workflows.portal import portal_filing


@login_required
def advertising_new(request: HttpRequest) -> HttpResponse:
    def file(holder: Driver, form: forms.Form) -> Case:
        data = form.cleaned_data
        return advertising_file(
            actor=request.user,
            holder=holder,
            placement=data["placement"],
            text=data["text"],
            advertiser=data["advertiser"],
            start_on=data["start_on"],
            end_on=data["end_on"],
            proofs={LAYOUT_ITEM: data["layout"]} if data["layout"] else {},
        )

    return portal_filing(
        request, form_class=AdvertisingForm, template="advertising/new.html", file=file,
        refusal=_("Somente taxistas titulares cadastrados podem pedir publicidade pelo portal."),
    )
