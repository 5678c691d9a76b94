"""Agent-readable governance endpoints: the predicate registry, and proposing a key it lacks."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field, extend_schema_serializer, inline_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from agents_registry.permissions import IsAgent
from config.actors import Actor
from config.api import StrictSerializer
from config.schema import AGENT, api_operation
from governance.models import PREDICATE_KEY_RE, Predicate
from governance.selectors.predicates import predicate_list, proposals_of_agent
from governance.services.predicates import predicate_proposal_note


class PredicateListApi(APIView):
    """``GET predicates``: the registry, so agents write structured facts (active predicates only)."""

    permission_classes = [IsAgent]

    @extend_schema_serializer(component_name="Predicate")
    class OutputSerializer(serializers.Serializer):
        key = serializers.CharField()
        label = serializers.CharField()
        category = serializers.CharField()
        cardinality = serializers.CharField()
        shareable = serializers.BooleanField()
        high_impact = serializers.BooleanField()
        ttl = serializers.IntegerField(source="ttl_days", allow_null=True, help_text="days; null = no expiry")
        values = serializers.ListField(child=serializers.CharField(),
                                       help_text="the closed value set; empty: open values (a name, a project)")

    @api_operation("predicates_list", audience=AGENT,
                   responses=inline_serializer("PredicateList", fields={"predicates": OutputSerializer(many=True)}))
    def get(self, request: Request) -> Response:
        return Response({"predicates": self.OutputSerializer(predicate_list(), many=True).data})


@extend_schema_serializer(component_name="PredicateProposal")
class ProposalOutputSerializer(serializers.Serializer):
    key = serializers.CharField()
    status = serializers.CharField(help_text="pending | approved | rejected")
    created_at = serializers.DateTimeField()
    decided_at = serializers.DateTimeField(allow_null=True)


@extend_schema_field({"type": "string", "pattern": PREDICATE_KEY_RE, "maxLength": 100})
class _PredicateKeyField(serializers.CharField):
    """A proposed key, documented with its pattern; the service checks it (400
    ``invalid_predicate_key``, a stable code, rather than the serializer's generic one)."""


class PredicateProposalApi(APIView):
    """``POST predicates/proposals``: propose a key the registry lacks (it waits for an operator);
    ``GET predicates/proposals``: the keys the caller proposed or wrote with, and their status."""

    permission_classes = [IsAgent]

    @extend_schema_serializer(component_name="PredicateProposalCreate")
    class InputSerializer(StrictSerializer):
        key = _PredicateKeyField(max_length=100)
        label = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
        category = serializers.CharField(max_length=200, required=False, allow_blank=True, default="",
                                         help_text="suggested fideslang data category")
        cardinality = serializers.ChoiceField(choices=Predicate.Cardinality.choices, required=False, default="")

    @api_operation("predicate_proposals_create", audience=AGENT, request=InputSerializer,
                   responses={201: ProposalOutputSerializer, 200: ProposalOutputSerializer},
                   errors={400: ["invalid_predicate_key", "invalid_predicate"], 409: ["predicate_exists"]})
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        proposal = predicate_proposal_note(actor=Actor.for_agent(request.user), agent=request.user,
                                           **serializer.validated_data)
        return Response(ProposalOutputSerializer(proposal).data,
                        status=status.HTTP_201_CREATED if proposal.sightings == 1 else status.HTTP_200_OK)

    @api_operation("predicate_proposals_list", audience=AGENT,
                   responses=inline_serializer("PredicateProposalList",
                                               fields={"proposals": ProposalOutputSerializer(many=True)}))
    def get(self, request: Request) -> Response:
        return Response({"proposals": ProposalOutputSerializer(proposals_of_agent(agent=request.user), many=True).data})
