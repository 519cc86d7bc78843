from django.urls import path

from notifications import views

urlpatterns = [
    path("portal/notificacoes/", views.my_notices, name="my-notices"),
    path("correio/", views.mailbox, name="mailbox"),
    path("correio/a-postar/", views.letters_waiting, name="letters-to-post"),
    path("notificacoes/<int:pk>/postagem/", views.record_posting, name="notification-posting"),
    path("notificacoes/<int:pk>/tentativa/", views.record_attempt, name="notification-attempt"),
    path("notificacoes/<int:pk>/ar/", views.record_receipt, name="notification-receipt"),
    path("notificacoes/<int:pk>/ar/digitalizacao/", views.ar_scan, name="notification-ar-scan"),
    path("notificacoes/<int:pk>/reenviar/", views.resend, name="notification-resend"),
]
