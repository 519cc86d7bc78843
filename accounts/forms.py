from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import forms as auth_forms
from django.utils.translation import gettext_lazy as _

from accounts.signup import password_reset_no_account


class SignupForm(forms.Form):
    name = forms.CharField(label=_("Nome completo"), max_length=150)
    email = forms.EmailField(label=_("E-mail"), max_length=254)
    password = forms.CharField(label=_("Senha"), widget=forms.PasswordInput, max_length=128)
    password_again = forms.CharField(
        label=_("Repita a senha"), widget=forms.PasswordInput, max_length=128
    )

    def clean(self) -> dict[str, object]:
        data = super().clean()
        if data.get("password") and data.get("password") != data.get("password_again"):
            self.add_error("password_again", _("As senhas não conferem."))
        return data


class ResendForm(forms.Form):
    email = forms.EmailField(label=_("E-mail"), max_length=254)


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's form (active accounts with a usable password get the link); any other
    address gets a mail saying it has no active account, so the work is the same."""

    email = forms.EmailField(
        label=_("E-mail"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def save(self, **kwargs: Any) -> None:  # type: ignore[override]
        if next(iter(self.get_users(self.cleaned_data["email"])), None) is None:
            password_reset_no_account(email=self.cleaned_data["email"])
            return
        super().save(**kwargs)
