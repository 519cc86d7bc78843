"""The site's URLs as they are made when the throw-away kind is installed: its filing page
and endpoint come from its `Workflow.filing` (workflows.portal), nothing else is written."""

from django.urls import include, path

from config.urls import urlpatterns as site
from workflows.portal import filing_api_urlpatterns, filing_urlpatterns

urlpatterns = [*filing_urlpatterns(), path("api/", include(filing_api_urlpatterns())), *site]
