from django.urls import path

from governance.apis import PredicateListApi

urlpatterns = [
    path("predicates", PredicateListApi.as_view(), name="api-predicates"),
]
