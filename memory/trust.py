"""Trust tiers (seed 002; SEC-1..5): who may claim which tier, ranking, and derivation."""

from __future__ import annotations

from memory.models import Memory

Trust = Memory.Trust
AssertedBy = Memory.AssertedBy

RANK = {Trust.EPHEMERAL: 0, Trust.INFERRED: 1, Trust.USER_ASSERTED: 2, Trust.VERIFIED: 3}

# The write channel decides the tier: an agent's own conclusion is at most inferred; what the user
# said is user-asserted; only an authoritative system or tool record (with its origin) is verified,
# and only when the writing agent IS such a channel (``Agent.verified_channel``, set by an operator):
# ``asserted_by=system|tool`` is a declaration any agent can type, so it alone never makes a root
# verified (one verified root suffices to promote, exempts from the echo rule and authorises actions).
ALLOWED = {
    AssertedBy.AGENT: {Trust.INFERRED, Trust.EPHEMERAL},
    AssertedBy.USER: {Trust.USER_ASSERTED, Trust.EPHEMERAL},
    AssertedBy.SYSTEM: {Trust.VERIFIED, Trust.INFERRED, Trust.EPHEMERAL},
    AssertedBy.TOOL: {Trust.VERIFIED, Trust.INFERRED, Trust.EPHEMERAL},
}


def default_trust(asserted_by: str, origin_ref: str, *, verified_channel: bool) -> str:
    if asserted_by == AssertedBy.USER:
        return Trust.USER_ASSERTED
    if asserted_by in (AssertedBy.SYSTEM, AssertedBy.TOOL) and origin_ref and verified_channel:
        return Trust.VERIFIED
    return Trust.INFERRED


def trust_refusal(asserted_by: str, trust: str, origin_ref: str, *, verified_channel: bool) -> str:
    """Why this channel may not write ``trust`` (a stable reason), or ``""`` when it may."""
    if trust not in ALLOWED.get(asserted_by, set()):
        return "tier_not_allowed_for_asserted_by"
    if trust == Trust.VERIFIED and not origin_ref:
        return "verified_needs_origin_ref"
    if trust == Trust.VERIFIED and not verified_channel:
        return "verified_channel_required"
    return ""


def lowest(*tiers: str) -> str:
    """Derived items take the lowest tier of their inputs."""
    return min(tiers, key=lambda t: RANK[t])


def protects(existing: str, incoming: str) -> bool:
    """True when ``incoming`` must not silently supersede ``existing`` (inferred never beats verified)."""
    return existing == Trust.VERIFIED and incoming != Trust.VERIFIED
