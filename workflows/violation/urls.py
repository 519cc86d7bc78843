"""The fiscal agent's phone page (Arts. 41, 47, 51), the penalty periods of a notice
(Art. 59 III, IV) and the agent's endpoint."""

from django.urls import path

from workflows.violation import api, views

urlpatterns: list = [
    # Fiscal agents (Arts. 41, 47, 51) and penalty periods (Art. 59 III, IV)
    path("fiscalizacao/autos/novo/", views.issue_page, name="agent-issue"),
    path("fiscalizacao/autos/lavrados/", views.issued_page, name="agent-issued"),
    path("autos/<int:pk>/penalidades/", views.penalties_page, name="violation-penalties"),
    path("autos/conciliacao/", views.settlement_page, name="violation-settlement"),
    path("autos/<int:pk>/guia/", views.payment_guide_page, name="violation-payment-guide"),
    path(
        "autos/<int:pk>/penalidades/<int:period>/liberar/",
        views.impediment_lift,
        name="violation-impediment-lift",
    ),
]
api_urlpatterns: list = [
    path("violations/", api.ViolationIssueApi.as_view(), name="api-violation-issue"),
    # Notices issued from a passenger's complaint (Arts. 39, 41, 47).
    path(
        "complaints/<int:pk>/convert/",
        api.ComplaintConvertApi.as_view(),
        name="api-complaint-convert",
    ),
]
