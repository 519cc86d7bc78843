"""Sign-up pages: thin, the rules are in accounts.signup."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from accounts.forms import SignupForm
from accounts.signup import SignupError, signup_confirm, signup_start, signup_user_for


@never_cache
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            signup_start(
                name=form.cleaned_data["name"],
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password"],
            )
        except SignupError as exc:
            form.add_error("password" if exc.code == "password" else "name", str(exc))
        else:
            sent = {"email": form.cleaned_data["email"]}
            return render(request, "accounts/signup_sent.html", sent)
    return render(request, "accounts/signup.html", {"form": form})


@never_cache
def signup_confirm_page(request: HttpRequest, token: str) -> HttpResponse:
    # A GET only shows the button: mail scanners open links, and must not activate accounts.
    try:
        user = signup_user_for(token)
        if request.method == "POST":
            signup_confirm(token=token)
            messages.success(request, _("Conta ativada. Entre com seu e-mail e sua senha."))
            return redirect("login")
    except SignupError as exc:
        return render(request, "accounts/signup_link.html", {"error": exc}, status=400)
    return render(request, "accounts/signup_link.html", {"person": user})
