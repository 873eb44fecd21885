"""The notifications in the JSON API: /api/notifications/ lists the caller's (newest first, worded in
the request's language, `?unread=1` for the unread ones) and /api/notifications/read/ marks some
read (`{"ids": [...]}`) or all (`{"all": true}`), as the pages do (league/notices/views.py)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.core.permissions import signed_in
from league.notices import selectors, services
from league.notices.models import Notification
from league.notices.words import detail, message


class MarkedSerializer(serializers.Serializer):
    marked = serializers.IntegerField()
    unread = serializers.IntegerField()


class NotificationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    league = serializers.IntegerField(allow_null=True)
    message = serializers.CharField()
    detail = serializers.CharField()
    path = serializers.CharField()
    created_at = serializers.DateTimeField()
    read_at = serializers.DateTimeField(allow_null=True)


class MarkReadSerializer(serializers.Serializer):
    ids = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False, max_length=500)
    all = serializers.BooleanField(required=False, default=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs.get("all") and not attrs.get("ids"):
            raise serializers.ValidationError("Give the ids to mark read, or all: true.")
        return attrs


def _data(n: Notification) -> dict[str, Any]:
    return {
        "id": n.pk,
        "kind": n.kind,
        "league": n.league_id,
        "message": message(n.kind, n.params),
        "detail": detail(n.params),
        "path": n.path,
        "created_at": n.created_at,
        "read_at": n.read_at,
    }


class NotificationsApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[OpenApiParameter("unread", bool, description="Only the unread ones.")],
        responses=NotificationSerializer(many=True),
        description="The caller's notifications, newest first (the page's 50 latest).",
    )
    def get(self, request: Request) -> Response:
        found = selectors.notifications_of(signed_in(request.user).pk)
        if request.query_params.get("unread") in ("1", "true", "yes"):
            found = [n for n in found if n.read_at is None]
        return Response(NotificationSerializer([_data(n) for n in found], many=True).data)


class NotificationsReadApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=MarkReadSerializer,
        responses=MarkedSerializer,
        description="Mark the caller's notifications read: some by id, or all. Another user's ids are ignored.",
    )
    def post(self, request: Request) -> Response:
        user = signed_in(request.user)
        given = MarkReadSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        if given.validated_data.get("all"):
            marked = services.notifications_read_all(user.pk)
        else:
            marked = services.notifications_read_some(user.pk, given.validated_data["ids"])
        return Response({"marked": marked, "unread": selectors.unread_count(user.pk)})
