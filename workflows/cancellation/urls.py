from django.urls import path

from workflows.cancellation import api, views

urlpatterns: list = [
    path("portal/cancelamento/novo/", views.cancellation_new, name="cancellation-new"),
]
api_urlpatterns: list = [
    path("cancellations/", api.CancellationFileApi.as_view(), name="api-cancellation-file"),
]
