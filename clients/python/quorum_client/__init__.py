"""Python client for Quorum's agent API (``/api/v1/``): :class:`Quorum` (sync) and :class:`AsyncQuorum`.

    from quorum_client import Quorum, NotFound

    with Quorum() as quorum:  # QUORUM_URL, QUORUM_API_KEY
        quorum.remember(subject="ana", kind="fact", content="Prefers short reports", session_id="s1")
        hits = quorum.recall(subject="ana", query="how does she want reports?", purpose="essential.service")

Depends only on httpx and pydantic; ``quorum_client.langchain`` (extra ``[langchain]``) adds
langchain-core tools. See docs/client.md.
"""

from quorum_client._client import AsyncQuorum, Quorum
from quorum_client._http import async_http_pool, http_pool
from quorum_client._version import __version__
from quorum_client.errors import (
    AuthenticationError,
    ConfigurationError,
    Conflict,
    Erased,
    InvalidInput,
    LockedOut,
    NotFound,
    PermissionDenied,
    QuorumError,
    RateLimited,
    ServerError,
    TransportError,
    Unavailable,
    UnexpectedResponse,
)

__all__ = [
    "AsyncQuorum",
    "AuthenticationError",
    "ConfigurationError",
    "Conflict",
    "Erased",
    "InvalidInput",
    "LockedOut",
    "NotFound",
    "PermissionDenied",
    "Quorum",
    "QuorumError",
    "RateLimited",
    "ServerError",
    "TransportError",
    "Unavailable",
    "UnexpectedResponse",
    "__version__",
    "async_http_pool",
    "http_pool",
]
