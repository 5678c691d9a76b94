"""Stable error codes of the memory layer (added to the promoted validation codes)."""

from config.errors import PROMOTED_VALIDATION_CODES, QuorumError


class ContentTooLong(QuorumError):
    code = "content_too_long"
    default_message = "content is longer than 4,000 characters; split it instead of truncating."


class ReasoningRequired(QuorumError):
    code = "reasoning_required"
    default_message = "A decision needs its reasoning."


class KeyRequired(QuorumError):
    code = "key_required"
    default_message = "A status needs a key or a predicate (it is updated in place by key)."


class UnknownPredicate(QuorumError):
    code = "unknown_predicate"
    default_message = "Unknown predicate; GET /api/v1/predicates lists the registry."


class InvalidCategory(QuorumError):
    code = "invalid_category"
    default_message = "Unknown data category; use a fideslang data-category key."


class TrustNotAllowed(QuorumError):
    code = "trust_not_allowed"
    default_message = "This trust tier cannot be claimed with this asserted_by."


class InvalidSubject(QuorumError):
    code = "invalid_subject"
    default_message = "Invalid subject reference."


class QueryTooLong(QuorumError):
    code = "query_too_long"
    default_message = "The query is longer than 1,000 characters."


class RootErased(QuorumError):
    status_code = 409
    code = "erased"
    default_message = ("The origin_ref names a root event erased for this person; nothing was stored. "
                       "Write new observations with a new origin_ref.")


class PurposeNotGranted(QuorumError):
    status_code = 403
    code = "purpose_not_granted"
    default_message = "This agent does not act for that purpose."


class ReflectionTooShallow(QuorumError):
    status_code = 422
    code = "reflection_too_shallow"
    default_message = ("A reflection needs substance: say concretely what went wrong (or what was hard) and "
                       "what you will do differently. 'All good' is not a reflection.")


class SecretInIdentifier(QuorumError):
    code = "secret_in_identifier"
    default_message = ("An identifier (subject, key, origin_ref, session_id, derived_from) carries a credential; it cannot be "
                       "redacted without breaking identity, so nothing was stored. Use an identifier without it.")


PROMOTED_VALIDATION_CODES.update({
    "content_too_long", "reasoning_required", "key_required", "unknown_predicate", "invalid_category",
    "trust_not_allowed", "invalid_subject", "query_too_long", "secret_in_identifier",
})
