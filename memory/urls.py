from django.urls import path

from memory.apis import MemoryDetailApi, MemoryListCreateApi, MemorySearchApi
from memory.collective_apis import CollectiveFactListApi

urlpatterns = [
    path("collective/facts", CollectiveFactListApi.as_view(), name="api-collective-facts"),
    path("memories", MemoryListCreateApi.as_view(), name="api-memories"),
    path("memories/search", MemorySearchApi.as_view(), name="api-memories-search"),
    path("memories/<str:memory_id>", MemoryDetailApi.as_view(), name="api-memory-detail"),
]
