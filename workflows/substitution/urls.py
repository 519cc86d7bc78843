from django.urls import path

from workflows.substitution import api, views

urlpatterns = [
    path(
        "portal/substituicao/apreensao-judicial/", views.seizure_communicate,
        name="substitution-seizure",
    ),
]
api_urlpatterns = [
    path(
        "substitutions/judicial-seizure/", api.SeizureCommunicationApi.as_view(),
        name="api-substitution-seizure",
    ),
]
