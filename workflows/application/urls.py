from django.urls import path

from workflows.application import api, views

urlpatterns = [
    path("portal/outorga/", views.application_mine, name="application-mine"),
    path("portal/outorga/nova/", views.application_new, name="application-new"),
    path("portal/outorga/<int:pk>/", views.application_detail, name="application-detail"),
]
api_urlpatterns = [
    path("applications/", api.ApplicationFileApi.as_view(), name="api-application-file"),
    path("applications/<int:pk>/", api.ApplicationDetailApi.as_view(), name="api-application"),
]
