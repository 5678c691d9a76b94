from django.urls import path

from agents_registry.apis import MeApi

urlpatterns = [
    path("me", MeApi.as_view(), name="api-me"),
]
