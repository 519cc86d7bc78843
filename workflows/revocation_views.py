"""The clerk's page and endpoint that open a revocation by hand (Art. 59 V b, c, f).

Thin: the services are in `workflows.revocation`.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.roles import Role, has_role
from cases.api import CaseOutput
from cases.errors import DomainError
from registers.models import Authorization, Driver
from registers.selectors import authorizations_visible_to, drivers_visible_to
from workflows.revocation import IN_FORCE, MANUAL_GROUNDS, revocation_file


class RevocationOpenForm(forms.Form):
    authorization = forms.ModelChoiceField(
        label=_l("Termo de autorização"),
        queryset=Authorization.objects.filter(status__in=IN_FORCE).select_related("holder"),
    )
    auxiliary = forms.ModelChoiceField(
        label=_l("Taxista auxiliar (somente se a cassação for da autorização do auxiliar)"),
        queryset=Driver.objects.filter(bindings__ended_on__isnull=True).distinct(),
        required=False,
        help_text=_l("Art. 27 §2: o vínculo do auxiliar termina e a autorização do titular "
                     "continua."),
    )
    ground = forms.ChoiceField(label=_l("Fundamento (Art. 59 V)"), choices=MANUAL_GROUNDS)
    reason = forms.CharField(
        label=_l("Fatos que fundamentam a abertura"), widget=forms.Textarea(attrs={"rows": 4})
    )


@login_required
def revocation_new(request: HttpRequest) -> HttpResponse:
    """A clerk opens a revocation process with its ground and the facts."""
    if not has_role(request.user, Role.CLERK):
        messages.error(request, _("Somente servidores abrem processos de cassação."))
        return redirect("home")
    form = RevocationOpenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            case = revocation_file(
                actor=request.user,
                authorization=form.cleaned_data["authorization"],
                ground=form.cleaned_data["ground"],
                reason=form.cleaned_data["reason"],
                auxiliary=form.cleaned_data["auxiliary"],
            )
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request, _("Processo de cassação aberto sob o número %(n)s.") % {"n": case.number}
            )
            return redirect("case", pk=case.pk)
    return render(
        request, "revocation/new.html", {"form": form}, status=400 if form.errors else 200
    )


class RevocationInput(serializers.Serializer):
    authorization = serializers.IntegerField(help_text="Id do termo de autorização.")
    auxiliary = serializers.IntegerField(
        required=False, allow_null=True, default=None,
        help_text="Id do taxista auxiliar, quando a cassação é da autorização dele.",
    )
    ground = serializers.ChoiceField(choices=MANUAL_GROUNDS)
    reason = serializers.CharField()


class RevocationFileApi(APIView):
    @extend_schema(request=RevocationInput, responses={201: CaseOutput})
    def post(self, request: Request) -> Response:
        payload = RevocationInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        authorization = get_object_or_404(
            authorizations_visible_to(request.user), pk=data["authorization"]
        )
        auxiliary = (
            get_object_or_404(drivers_visible_to(request.user), pk=data["auxiliary"])
            if data["auxiliary"]
            else None
        )
        case = revocation_file(
            actor=request.user,
            authorization=authorization,
            ground=data["ground"],
            reason=data["reason"],
            auxiliary=auxiliary,
        )
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)
