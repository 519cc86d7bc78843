from django.urls import path

from documents import views

urlpatterns = [
    path("verificar/", views.verify, name="verify"),
    path("verificar/arquivo/", views.verify_upload, name="verify-upload"),
    path("verificar/placa/<str:plate>/", views.verify_plate, name="verify-plate"),
    path("verificar/<str:code>/", views.verify_code, name="verify-code"),
    path(
        "documentos/assinatura-pendente/",
        views.signature_pending_list,
        name="documents-signature-pending",
    ),
    path("documentos/<str:code>/pdf/", views.document_pdf, name="official-document-pdf"),
    path("documentos/<str:code>/previa/", views.document_preview, name="document-preview"),
    path(
        "documentos/<str:code>/gerar/",
        views.document_render_retry_page,
        name="document-render-retry",
    ),
]
