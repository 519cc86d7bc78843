from django.urls import path

from accounts import views

urlpatterns = [
    path("cadastro/novo/", views.signup, name="signup"),
    path("cadastro/reenviar/", views.signup_resend_page, name="signup-resend"),
    path("cadastro/confirmar/<str:token>/", views.signup_confirm_page, name="signup-confirm"),
    path("entrar/desbloquear/<str:token>/", views.unlock_page, name="login-unlock"),
    path("senha/esqueci/", views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "senha/esqueci/enviado/", views.PasswordResetDoneView.as_view(), name="password_reset_done"
    ),
    path(
        "senha/nova/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "senha/nova/pronta/",
        views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("senha/alterar/", views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "senha/alterar/pronta/",
        views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
]
