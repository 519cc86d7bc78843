"""Account pages: sign-up, its link, "forgot my password", password change and logout.
Thin: the rules are in accounts.signup, accounts.throttle and the User model."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from accounts.forms import PasswordResetForm, ResendForm, SignupForm
from accounts.lockout import UnlockError, unlock, unlock_user_for
from accounts.signup import (
    SignupError,
    signup_confirm,
    signup_resend,
    signup_start,
    signup_user_for,
)
from accounts.throttle import MailThrottled, account_mail_allow, client_ip


def throttled_message(exc: MailThrottled) -> str:
    minutes = max(1, round(exc.retry_after / 60))
    return _(
        "Muitos pedidos de e-mail para este endereço ou deste computador. Tente de novo em "
        "%(minutes)d minutos."
    ) % {"minutes": minutes}


def _throttled(request: HttpRequest, template: str, form: Any, exc: MailThrottled) -> HttpResponse:
    form.add_error(None, throttled_message(exc))
    response = render(request, template, {"form": form}, status=429)
    response["Retry-After"] = str(exc.retry_after)
    return response


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
                client=client_ip(request),
            )
        except SignupError as exc:
            form.add_error("password" if exc.code == "password" else "name", str(exc))
        except MailThrottled as exc:
            return _throttled(request, "accounts/signup.html", form, exc)
        else:
            sent = {"email": form.cleaned_data["email"]}
            return render(request, "accounts/signup_sent.html", sent)
    return render(request, "accounts/signup.html", {"form": form})


@never_cache
def signup_resend_page(request: HttpRequest) -> HttpResponse:
    form = ResendForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            signup_resend(email=form.cleaned_data["email"], client=client_ip(request))
        except MailThrottled as exc:
            return _throttled(request, "accounts/signup_resend.html", form, exc)
        sent = {"email": form.cleaned_data["email"]}
        return render(request, "accounts/signup_sent.html", sent)
    return render(request, "accounts/signup_resend.html", {"form": form})


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


class PasswordResetView(auth_views.PasswordResetView):
    """Django's "forgot my password", counted per address and client like the sign-up;
    the link in the mail points at PUBLIC_BASE_URL and lives PASSWORD_RESET_TIMEOUT."""

    form_class = PasswordResetForm
    template_name = "accounts/password_reset.html"
    email_template_name = "accounts/password_reset.txt"
    subject_template_name = "accounts/password_reset.subject.txt"
    success_url = reverse_lazy("password_reset_done")

    def form_valid(self, form: Any) -> HttpResponse:
        try:
            account_mail_allow(email=form.cleaned_data["email"], ip=client_ip(self.request))
        except MailThrottled as exc:
            return _throttled(self.request, self.template_name, form, exc)
        self.extra_email_context = {"base_url": settings.PUBLIC_BASE_URL.rstrip("/")}
        return super().form_valid(form)


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    # The new password is saved on the User, which ends his sessions and API tokens.
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("password_reset_complete")


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_complete.html"


class PasswordChangeView(auth_views.PasswordChangeView):
    # The other sessions and the API tokens end (accounts.models.User.save); this one stays.
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("password_change_done")


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "accounts/password_change_done.html"


@never_cache
def unlock_page(request: HttpRequest, token: str) -> HttpResponse:
    """The link mailed to the owner of a locked user name. A GET only shows the button
    (mail scanners open links); the POST lifts the lock and remembers this browser."""
    try:
        username = unlock_user_for(token)
        if request.method == "POST":
            unlock(request, token=token)
            messages.success(request, _("Entrada desbloqueada. Entre com sua senha."))
            return redirect("login")
    except UnlockError as exc:
        return render(request, "accounts/unlock.html", {"error": exc}, status=400)
    return render(request, "accounts/unlock.html", {"username": username})
