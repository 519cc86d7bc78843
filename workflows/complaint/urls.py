"""Pages and endpoints of passenger complaints (Art. 39) and of the agent's phone page
(Art. 47), kept together in this app."""

from django.urls import path

from workflows.complaint import agent_views, api, views

urlpatterns = [
    # Public, no login (Art. 39 IV, VI)
    path("reclamacao/", views.complaint_new, name="complaint-new"),
    path("reclamacao/recebida/", views.complaint_received, name="complaint-received"),
    # Fiscal agents (Arts. 41, 47, 51) and penalty periods (Art. 59 III, IV)
    path("fiscalizacao/autos/novo/", agent_views.issue_page, name="agent-issue"),
    path("fiscalizacao/autos/lavrados/", agent_views.issued_page, name="agent-issued"),
    path("autos/<int:pk>/penalidades/", agent_views.penalties_page, name="violation-penalties"),
    path(
        "autos/<int:pk>/penalidades/<int:period>/liberar/",
        agent_views.impediment_lift,
        name="violation-impediment-lift",
    ),
]

api_urlpatterns = [
    path("complaints/", api.ComplaintFileApi.as_view(), name="api-complaint-file"),
    path(
        "complaints/<int:pk>/convert/",
        api.ComplaintConvertApi.as_view(),
        name="api-complaint-convert",
    ),
    path("violations/", api.ViolationIssueApi.as_view(), name="api-violation-issue"),
]
