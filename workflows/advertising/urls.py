from django.urls import path

from workflows.advertising import api, views

urlpatterns: list = [
    path("portal/publicidade/nova/", views.advertising_new, name="advertising-new"),
]
api_urlpatterns: list = [
    path("advertisements/", api.AdvertisingFileApi.as_view(), name="api-advertising-file"),
]
