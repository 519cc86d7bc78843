from django.urls import path

from workspace import views

urlpatterns = [
    path("busca/", views.search_page, name="workspace-search"),
    path("busca/filtros/", views.filter_save, name="workspace-filter-save"),
    path("busca/filtros/<int:pk>/apagar/", views.filter_delete, name="workspace-filter-delete"),
    path("taxistas/<int:pk>/", views.driver_page, name="workspace-driver"),
    path(
        "taxistas/<int:pk>/identificacao/",
        views.driver_card_page,
        name="workspace-driver-card",
    ),
    path("veiculos/<int:pk>/", views.vehicle_page, name="workspace-vehicle"),
    path("termos/<int:pk>/", views.authorization_page, name="workspace-authorization"),
    path("decisoes/", views.decisions_page, name="workspace-decisions"),
    path("comissao/", views.commission_page, name="workspace-commission"),
    path("fiscalizacao/meus-autos/", views.agent_notices_page, name="workspace-agent-notices"),
    path("painel/", views.dashboard_page, name="workspace-dashboard"),
    path("painel/exportar/<slug:dataset>.<str:fmt>", views.export, name="workspace-export"),
    path("exportacoes/<int:pk>/", views.export_job, name="workspace-export-job"),
    path(
        "exportacoes/<int:pk>/progresso/",
        views.export_job_progress,
        name="workspace-export-progress",
    ),
    path("exportacoes/<int:pk>/arquivo/", views.export_file, name="workspace-export-file"),
]
