from django.urls import path

from governance.apis import PredicateListApi
from governance.review_apis import ReviewDecideApi, ReviewListApi

urlpatterns = [
    path("predicates", PredicateListApi.as_view(), name="api-predicates"),
    path("reviews", ReviewListApi.as_view(), name="api-reviews"),
    path("reviews/<str:item_id>/decide", ReviewDecideApi.as_view(), name="api-review-decide"),
]
