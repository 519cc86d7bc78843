from django.urls import path

from workflows.substitution import api, views

urlpatterns = [
    path("portal/substituicao/nova/", views.substitution_new, name="substitution-new"),
    path(
        "portal/substituicao/apreensao-judicial/", views.seizure_communicate,
        name="substitution-seizure",
    ),
]
api_urlpatterns = [
    path("substitutions/", api.SubstitutionFileApi.as_view(), name="api-substitution-file"),
    path(
        "substitutions/judicial-seizure/", api.SeizureCommunicationApi.as_view(),
        name="api-substitution-seizure",
    ),
]
