from django.urls import path

from workflows.appeal import api, views

urlpatterns = [
    path("portal/recursos/", views.appeal_notices, name="appeal-notices"),
    path("portal/recursos/auto/<int:notice_pk>/", views.appeal_new, name="appeal-new"),
    path("recursos/<int:pk>/", views.appeal_detail, name="appeal-detail"),
]
api_urlpatterns = [
    path("appeals/", api.AppealListApi.as_view(), name="api-appeals"),
    path("appeals/windows/", api.AppealWindowListApi.as_view(), name="api-appeal-windows"),
    path("appeals/<int:pk>/", api.AppealDetailApi.as_view(), name="api-appeal"),
    path("appeals/<int:pk>/votes/", api.AppealVoteApi.as_view(), name="api-appeal-vote"),
]
