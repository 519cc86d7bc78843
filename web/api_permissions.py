"""The access policy's route check for the API's token users (accounts.policy)."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from accounts.policy import route_closed_to


class RoutePolicy(BasePermission):
    """403 on a route the access policy closes to the user's roles, before the view looks
    the record up (`web.middleware.RoutePolicyMiddleware` does the same for a session,
    which Django authenticates before the view; a token is read by DRF inside it)."""

    def has_permission(self, request: Request, view: Any) -> bool:
        match = request.resolver_match
        if match is None or not request.user or not request.user.is_authenticated:
            return True
        return not route_closed_to(request.user, match.url_name or "", request.method or "GET")
