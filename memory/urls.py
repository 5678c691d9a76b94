from django.urls import path

from memory.apis import MemoryDetailApi, MemoryListCreateApi, MemorySearchApi
from memory.collective_apis import CollectiveFactListApi
from memory.portal_apis import MyFactsApi
from memory.read_apis import ActionCheckApi, BriefingApi, RecallApi, SessionEndApi, StatsApi

urlpatterns = [
    path("me/facts", MyFactsApi.as_view(), name="api-me-facts"),
    path("recall", RecallApi.as_view(), name="api-recall"),
    path("briefing", BriefingApi.as_view(), name="api-briefing"),
    path("sessions/<str:session_id>/end", SessionEndApi.as_view(), name="api-session-end"),
    path("actions/check", ActionCheckApi.as_view(), name="api-action-check"),
    path("stats", StatsApi.as_view(), name="api-stats"),
    path("collective/facts", CollectiveFactListApi.as_view(), name="api-collective-facts"),
    path("memories", MemoryListCreateApi.as_view(), name="api-memories"),
    path("memories/search", MemorySearchApi.as_view(), name="api-memories-search"),
    path("memories/<str:memory_id>", MemoryDetailApi.as_view(), name="api-memory-detail"),
]
