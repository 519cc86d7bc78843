from django.urls import path

from register_import import views

urlpatterns = [
    path("cadastro/importar/", views.import_list, name="register-import"),
    path("cadastro/importar/<int:pk>/", views.import_job, name="register-import-job"),
    path(
        "cadastro/importar/<int:pk>/progresso/",
        views.import_job_progress,
        name="register-import-progress",
    ),
    path(
        "cadastro/importar/<int:pk>/rejeicoes.<str:fmt>",
        views.import_job_report,
        name="register-import-report",
    ),
    path(
        "cadastro/importar/<int:pk>/confirmar/",
        views.import_job_confirm,
        name="register-import-confirm",
    ),
    path("cadastro/convites/", views.invitations, name="register-import-invitations"),
]
