from django.urls import include, path

from tests.oidc_provider import views

urlpatterns = [
    path("login/", views.login_page),
    path("o/token/", views.TokenView.as_view()),
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
    path("confiabilidades/v3/contas/<str:cpf>/niveis", views.levels),
]
