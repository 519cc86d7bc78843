from importlib import import_module
from importlib.util import find_spec

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts import api as accounts_api
from cases import api as cases_api
from documents import api as documents_api
from identity import views as identity_views
from inspections import api as inspections_api
from inspections import views as inspections_views
from notifications import api as notifications_api
from web import my_data, views
from workflows.portal import filing_api_urlpatterns, filing_urlpatterns
from workspace import api as workspace_api

SWAGGER_CDN = "https://cdn.jsdelivr.net"

api = [
    path("auth/token/", accounts_api.TokenApi.as_view(), name="api-token"),
    path("cases/", cases_api.CaseListApi.as_view(), name="api-cases"),
    path("cases/<int:pk>/", cases_api.CaseDetailApi.as_view(), name="api-case"),
    path("cases/<int:pk>/claim/", cases_api.CaseClaimApi.as_view(), name="api-case-claim"),
    path(
        "cases/<int:pk>/actions/<slug:action>/",
        cases_api.CaseActionApi.as_view(),
        name="api-case-action",
    ),
    path("workflows/", cases_api.WorkflowListApi.as_view(), name="api-workflows"),
    path("search/", workspace_api.SearchApi.as_view(), name="api-search"),
    path(
        "notifications/", notifications_api.NotificationListApi.as_view(), name="api-notifications"
    ),
    path(
        "notifications/<int:pk>/posting/",
        notifications_api.PostingApi.as_view(),
        name="api-notification-posting",
    ),
    path(
        "notifications/<int:pk>/attempts/",
        notifications_api.AttemptApi.as_view(),
        name="api-notification-attempts",
    ),
    path(
        "notifications/<int:pk>/receipt/",
        notifications_api.ReceiptApi.as_view(),
        name="api-notification-receipt",
    ),
    path(
        "notifications/<int:pk>/personal-delivery/",
        notifications_api.PersonalDeliveryApi.as_view(),
        name="api-notification-personal-delivery",
    ),
    path(
        "notifications/<int:pk>/resend/",
        notifications_api.ResendApi.as_view(),
        name="api-notification-resend",
    ),
    path(
        "inspections/<int:pk>/result/",
        inspections_api.InspectionRecordApi.as_view(),
        name="api-inspection-result",
    ),
    path("verify/file/", documents_api.VerifyFileApi.as_view(), name="api-verify-file"),
    path("verify/<str:code>/", documents_api.VerifyCodeApi.as_view(), name="api-verify-code"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Swagger UI comes from its CDN; the split view keeps its start-up script out of line.
    path(
        "docs/",
        csp_update(
            {
                "script-src": [SWAGGER_CDN],
                # Swagger UI's page has a few lines of inline style; no inline script.
                "style-src": [SWAGGER_CDN, UNSAFE_INLINE],
                "img-src": [SWAGGER_CDN],
            }
        )(SpectacularSwaggerSplitView.as_view(url_name="api-schema")),
        name="api-docs",
    ),
]


def _kind_urls(attribute: str) -> list:
    """Each case kind installed as `workflows.<kind>` brings its pages and endpoints, so that
    adding a kind takes its folder and its line in INSTALLED_APPS, nothing here."""
    modules = [
        f"{config.name}.urls"
        for config in apps.get_app_configs()
        if config.name.startswith("workflows.") and find_spec(f"{config.name}.urls")
    ]
    return [pattern for module in modules for pattern in getattr(import_module(module), attribute)]


api += _kind_urls("api_urlpatterns")
# The filing page and endpoint a kind's `Workflow.filing` declares (workflows.portal).
api += filing_api_urlpatterns()

urlpatterns = [
    # First: a filtered admin list resolves the link of each of its rows (to carry the
    # filters along), and behind every other route each of those tried them all first
    # (20 ms a page of the LGPD read log searched by user, issue 25).
    path("admin/", admin.site.urls),
    path("", views.home, name="home"),
    # Browsers ask for /favicon.ico where a page names no icon (a PDF, a JSON answer).
    path("favicon.ico", RedirectView.as_view(url=static("web/favicon.svg"), permanent=True)),
    path("entrar/", auth_views.LoginView.as_view(template_name="web/login.html"), name="login"),
    # Logout here and, for a session from gov.br or Acesso Cidadão, at the provider; the
    # user's API tokens end with the session (issue 20).
    path("sair/", identity_views.logout_page, name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("portal/", views.portal, name="portal"),
    path("portal/meus-dados/", my_data.my_data_page, name="my-data"),
    path("portal/meus-dados.json", my_data.my_data_json, name="my-data-json"),
    path("portal/meus-dados.pdf", my_data.my_data_pdf, name="my-data-pdf"),
    # Public, no login: the Carta de Serviços (Lei 13.460/2017 art. 7).
    path("carta-de-servicos/", views.service_charter_index, name="service-charter-index"),
    path("carta-de-servicos/<slug:kind>/", views.service_charter, name="service-charter"),
    path("processos/", views.queue, name="queue"),
    path("processos/<int:pk>/", views.case_page, name="case"),
    path("vistorias/<int:pk>/registrar/", inspections_views.record, name="inspection-record"),
    path("processos/<int:pk>/assumir/", views.case_claim_page, name="case-claim"),
    path("processos/<int:pk>/acao/<slug:action>/", views.case_action_page, name="case-action"),
    path("prazos/<int:pk>/reprocessar/", views.deadline_retry_page, name="deadline-retry"),
    path("documentos/<int:pk>/", views.document_download, name="document"),
    path("", include("documents.urls")),
    path("", include("notifications.urls")),
    path("", include("municipal.urls")),
    path("", include("register_import.urls")),
    path("", include("accounts.urls")),
    path("", include("identity.urls")),
    path("", include("workspace.urls")),
    path("api/", include(api)),
]
urlpatterns += _kind_urls("urlpatterns") + filing_urlpatterns()

# Error pages in Portuguese; the Error body under /api/ (web.errors).
handler400 = "web.errors.bad_request"
handler403 = "web.errors.permission_denied"
handler404 = "web.errors.page_not_found"
handler500 = "web.errors.server_error"
