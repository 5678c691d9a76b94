from django.urls import path

from governance.apis import PredicateListApi, PredicateProposalApi
from governance.dsr_apis import DsrCreateApi, DsrDetailApi, DsrExportApi
from governance.receipt_apis import DsrReceiptApi
from governance.review_apis import ReviewDecideApi, ReviewListApi

urlpatterns = [
    path("predicates", PredicateListApi.as_view(), name="api-predicates"),
    path("predicates/proposals", PredicateProposalApi.as_view(), name="api-predicate-proposals"),
    path("reviews", ReviewListApi.as_view(), name="api-reviews"),
    path("dsr", DsrCreateApi.as_view(), name="api-dsr"),
    path("dsr/<str:request_id>", DsrDetailApi.as_view(), name="api-dsr-detail"),
    path("dsr/<str:request_id>/export", DsrExportApi.as_view(), name="api-dsr-export"),
    path("dsr/<str:request_id>/receipt", DsrReceiptApi.as_view(), name="api-dsr-receipt"),
    path("reviews/<str:item_id>/decide", ReviewDecideApi.as_view(), name="api-review-decide"),
]
