from django.urls import path

from workflows.renewal import api, views

urlpatterns = [
    path("portal/renovacao/nova/", views.renewal_new, name="renewal-new"),
]
api_urlpatterns = [
    path("renewals/", api.RenewalFileApi.as_view(), name="api-renewal-file"),
]
