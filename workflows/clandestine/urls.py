from django.urls import path

from workflows.clandestine import api, views

urlpatterns = [
    path("fiscalizacao/clandestino/novo/", views.clandestine_new, name="clandestine-new"),
    path("fiscalizacao/clandestino/<int:pk>/", views.clandestine_detail, name="clandestine-detail"),
]
api_urlpatterns = [
    path("clandestine/", api.ClandestineRecordApi.as_view(), name="api-clandestine-record"),
    path("clandestine/<int:pk>/", api.ClandestineDetailApi.as_view(), name="api-clandestine"),
]
