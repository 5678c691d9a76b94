"""Governance's domain errors (stable codes; the API's exception handler renders them)."""

from __future__ import annotations

from typing import Any

from config.errors import QuorumError


class RequestTypeNotAvailable(QuorumError):
    status_code = 422
    code = "request_type_not_available"
    default_message = "This request type is not available yet; contact the data protection officer."


class RequestNotFailed(QuorumError):
    status_code = 409
    code = "request_not_failed"
    default_message = "Only a failed request can be retried."


class AlreadyDecided(QuorumError):
    status_code = 409
    code = "already_decided"
    default_message = "This review item was already decided."


class ResidueFound(Exception):
    """The residue scan found erased values: the erasure is rolled back and retried.

    ``residue`` is the scan's report (counts and store names, never values)."""

    def __init__(self, residue: dict[str, Any]) -> None:
        self.residue = residue
        super().__init__(f"{residue['matches']} residue match(es) in {', '.join(residue['where'])}")


class PredicateExists(QuorumError):
    status_code = 409
    code = "predicate_exists"
    default_message = "The registry already has a predicate with this key."


class InvalidPredicate(QuorumError):
    """A predicate or proposal that fails validation; ``extra.fields`` names the fields (messages
    describe the rule, never echo the input)."""

    code = "invalid_predicate"
    default_message = "The predicate is not valid."


class InvalidPredicateKey(QuorumError):
    code = "invalid_predicate_key"
    default_message = "A predicate key is 2–4 dot-separated lower-case words (letters, digits, _), e.g. preference.diet."


class ProposalDecided(QuorumError):
    status_code = 409
    code = "proposal_decided"
    default_message = "This proposal was already decided."
