"""POST /api/auth/token/: a token that expires, for a user name and password."""

from __future__ import annotations

from django.contrib.auth import authenticate, user_logged_in
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import LockedOut, api_token_issue, token_expires_at
from core.errors import RuleViolation


class TokenInput(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, style={"input_type": "password"})


class TokenOutput(serializers.Serializer):
    token = serializers.CharField()
    expires_at = serializers.DateTimeField()


class TokenApi(APIView):
    """Sign in for the API. Wrong passwords count towards the lockout (django-axes)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(request=TokenInput, responses={200: TokenOutput}, auth=[])
    def post(self, request: Request) -> Response:
        payload = TokenInput(data=request.data)
        payload.is_valid(raise_exception=True)
        # axes reads the client address and marks a lockout on Django's own request.
        django_request = request._request
        user = authenticate(django_request, **payload.validated_data)
        if getattr(django_request, "axes_locked_out", False):
            # AxesMiddleware answers it (web.login_throttle); never a token meanwhile.
            raise LockedOut
        if user is None or not user.is_active:
            raise RuleViolation(_("Usuário ou senha incorretos."), code="invalid_credentials")
        # A sign-in like the page's: last_login is kept, and axes clears the failures.
        user_logged_in.send(sender=type(user), request=django_request, user=user)
        token = api_token_issue(user=user)
        return Response({"token": token.key, "expires_at": token_expires_at(token)})
