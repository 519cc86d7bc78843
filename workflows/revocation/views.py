"""The clerk's page that opens a revocation by hand (Art. 59 V b, c, f).

Thin: the services are in `workflows.revocation.services`.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.roles import Role, has_role
from cases.errors import DomainError
from workflows.revocation.forms import RevocationOpenForm
from workflows.revocation.services import revocation_file


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
