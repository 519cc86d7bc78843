from django.urls import path

from accounts import views

urlpatterns = [
    path("cadastro/novo/", views.signup, name="signup"),
    path("cadastro/confirmar/<str:token>/", views.signup_confirm_page, name="signup-confirm"),
]
