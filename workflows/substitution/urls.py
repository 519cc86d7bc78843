from django.urls import path

from workflows.substitution import api, views

urlpatterns = [
    path("portal/substituicao/nova/", views.substitution_new, name="substitution-new"),
]
api_urlpatterns = [
    path("substitutions/", api.SubstitutionFileApi.as_view(), name="api-substitution-file"),
]
