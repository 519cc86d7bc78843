from django.urls import path

from identity import views

urlpatterns = [
    path("entrar/com/<slug:key>/", views.provider_login, name="identity-login"),
    path("entrar/com/<slug:key>/retorno/", views.provider_callback, name="identity-callback"),
    path("entrar/cadastro-cpf/", views.signup, name="identity-signup"),
    path("conta/nivel/", views.level, name="identity-level"),
    path("conta/segundo-fator/", views.otp_verify, name="identity-otp-verify"),
    path("conta/segundo-fator/configurar/", views.otp_setup, name="identity-otp-setup"),
    path("conta/sessoes/", views.sessions, name="identity-sessions"),
    path("conta/sessoes/<int:pk>/encerrar/", views.session_end_page, name="identity-session-end"),
    path("conta/token/revogar/", views.token_end_page, name="identity-token-end"),
]
