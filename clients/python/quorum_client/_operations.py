"""One :class:`Operation` per agent endpoint: its method, path, fields and answer model.

Both clients build their requests here, and ``tests/clients/test_schema.py`` checks this table
(and the clients' signatures) against the server's live OpenAPI schema.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import quote

from pydantic import BaseModel

from quorum_client import models
from quorum_client.errors import InvalidInput


@dataclass(frozen=True)
class Operation:
    """``idempotent``: safe to send again when the server answered 503/429 or the connection failed
    before the request was sent (reads, and POSTs that are reads: search, recall, actions/check)."""

    name: str
    method: str
    path: str  # relative to /api/v1/, with {placeholders} for path_params
    response: type[BaseModel] | None  # None: the raw JSON (``Quorum.request``)
    idempotent: bool
    body: tuple[str, ...] = ()
    query: tuple[str, ...] = ()
    path_params: tuple[str, ...] = ()
    status: int = 200

    @property
    def fields(self) -> tuple[str, ...]:
        return self.body + self.query + self.path_params


REMEMBER_FIELDS = ("subject", "kind", "content", "session_id", "key", "predicate", "value", "reasoning",
                   "category", "trust", "asserted_by", "origin_ref", "derived_from", "observed_at", "valid_from",
                   "valid_to", "importance")

OPERATIONS: dict[str, Operation] = {op.name: op for op in (
    Operation("me", "GET", "me", models.Me, idempotent=True),
    Operation("remember", "POST", "memories", models.MemoryCreated, idempotent=False, body=REMEMBER_FIELDS,
              status=201),
    Operation("memories", "GET", "memories", models.MemoryPage, idempotent=True,
              query=("subject", "kind", "key", "status", "limit", "offset")),
    Operation("memory", "GET", "memories/{memory_id}", models.Memory, idempotent=True, path_params=("memory_id",)),
    Operation("search", "POST", "memories/search", models.SearchResults, idempotent=True,
              body=("subject", "query", "limit")),
    Operation("recall", "POST", "recall", models.Recall, idempotent=True,
              body=("subject", "query", "purpose", "session_id", "max_items", "max_chars", "min_trust")),
    Operation("briefing", "GET", "briefing", models.Briefing, idempotent=True,
              query=("subject", "since", "limit", "session_id")),
    Operation("end_session", "POST", "sessions/{session_id}/end", models.SessionEnded, idempotent=False,
              body=("subject", "done", "went_well", "went_wrong", "improve", "relevant_for_others"),
              path_params=("session_id",), status=201),
    Operation("facts", "GET", "collective/facts", models.CollectiveFacts, idempotent=True,
              query=("subject", "as_of", "valid_at", "session_id", "purpose")),
    Operation("predicates", "GET", "predicates", models.Predicates, idempotent=True),
    Operation("stats", "GET", "stats", models.Stats, idempotent=True, query=("subject",)),
    Operation("check_action", "POST", "actions/check", models.ActionDecision, idempotent=True,
              body=("subject", "action", "fact_ids")),
)}

# Client keyword → API field, where they differ (everything else is named as in the API).
CLIENT_ALIASES = {"memory": {"id": "memory_id"}, "memories": {"page_size": "limit"}}


@dataclass(frozen=True)
class Call:
    operation: Operation
    path: str
    params: dict[str, str] | None
    json: dict[str, Any] | None


def raw(method: str, path: str, *, params: dict[str, Any] | None, json: Any, idempotent: bool | None) -> Call:
    """A request to any path under /api/v1/ (``Quorum.request``): the same errors and retry rules."""
    method = method.upper()
    if "://" in path or path.startswith("//") or ".." in path.split("/"):
        raise ValueError("path is relative to /api/v1/, e.g. 'memories' or 'dsr/<id>'")
    op = Operation("request", method, path.lstrip("/"), None,
                   idempotent=method in {"GET", "HEAD"} if idempotent is None else idempotent)
    query = {k: _query_value(_wire(k, v)) for k, v in (params or {}).items() if v is not None}
    return Call(op, op.path, query or None, json)


def build(name: str, **values: Any) -> Call:
    """The request for operation ``name``; ``None`` values are left out (the API's defaults apply).

    A naive datetime is refused here, before anything is sent, with the API's own code
    (``naive_datetime``, :class:`InvalidInput`, ``status`` None)."""
    op = OPERATIONS[name]
    unknown = set(values) - set(op.fields)
    if unknown:  # a bug in this package, not the caller's input
        raise AssertionError(f"{name}: fields {sorted(unknown)} are not in the operation table")
    sent = {field: _wire(field, value) for field, value in values.items() if value is not None}
    path_values = {}
    for field in op.path_params:
        value = str(sent.pop(field, ""))
        if not value.strip():
            raise InvalidInput(f"{field} must not be empty.", code="invalid_input",
                               extra={"fields": {field: ["This field may not be blank."]}})
        path_values[field] = quote(value, safe="")
    path = op.path.format(**path_values)
    if op.method == "GET":
        return Call(op, path, {k: _query_value(v) for k, v in sent.items()} or None, None)
    return Call(op, path, None, {k: sent[k] for k in op.body if k in sent})


def _wire(field: str, value: Any) -> Any:
    if isinstance(value, datetime):
        if value.tzinfo is None or value.tzinfo.utcoffset(value) is None:
            raise InvalidInput("Datetimes must carry a timezone (e.g. datetime.now(timezone.utc)).",
                               code="naive_datetime", extra={"fields": {field: ["naive datetime"]}})
        return value.isoformat()
    if isinstance(value, tuple):
        return list(value)
    return value


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
