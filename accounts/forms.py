from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


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
