"""Pages and endpoints of passenger complaints (Art. 39). The agent's phone page is the
violation notice's (`workflows.violation.urls`)."""

from django.urls import path

from workflows.complaint import api, views

urlpatterns = [
    # Public, no login (Art. 39 IV, VI)
    path("reclamacao/", views.complaint_new, name="complaint-new"),
    path("reclamacao/recebida/", views.complaint_received, name="complaint-received"),
]

api_urlpatterns = [
    path("complaints/", api.ComplaintFileApi.as_view(), name="api-complaint-file"),
]
