""":class:`Quorum` (sync) and :class:`AsyncQuorum` (async): one method per agent endpoint of API.md.

Constructing a client makes no network call and sends nothing anywhere but the Quorum server it
is given; there is no telemetry. Arguments are keyword-only and named as the API's fields; ``None``
means "leave it out" (the API's default applies).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Literal, TypeVar

import httpx

from quorum_client import _http, models
from quorum_client._operations import Call, build, raw
from quorum_client.errors import ConfigurationError

Kind = Literal["event", "fact", "status", "decision"]
Trust = Literal["verified", "inferred", "user_asserted", "ephemeral"]
AssertedBy = Literal["user", "agent", "system", "tool"]
MemoryStatus = Literal["active", "superseded", "expired", "disputed", "restricted"]
When = datetime | str  # an aware datetime, or an ISO-8601 string with its offset

_Self = TypeVar("_Self", bound="_Base")


class _Base:
    _settings: _http.Settings
    _owns_http: bool

    def __init__(self, base_url: str | None, api_key: str | None, *, timeout: float, max_retries: int,
                 max_retry_wait: float, headers: dict[str, str] | None, transport: Any,
                 http_client: Any) -> None:
        self._settings = _http.Settings.resolve(base_url, api_key, timeout=timeout, max_retries=max_retries,
                                                max_retry_wait=max_retry_wait, headers=headers)
        if transport is not None and http_client is not None:
            raise ConfigurationError("Pass transport= or http_client=, not both.")
        self._owns_http = http_client is None

    @property
    def base_url(self) -> str:
        return self._settings.root

    @property
    def timeout(self) -> float:
        return self._settings.timeout

    @property
    def max_retries(self) -> int:
        return self._settings.max_retries

    def __repr__(self) -> str:  # never the key
        return f"{type(self).__name__}(base_url={_http.safe_url(self._settings.root)!r})"

    def with_options(self: _Self, *, api_key: str | None = None, timeout: float | None = None,
                     max_retries: int | None = None, max_retry_wait: float | None = None,
                     headers: dict[str, str] | None = None) -> _Self:
        """A client with some options changed that shares this one's connection pool (e.g. one per
        agent key in a process serving several agents). Closing it leaves the pool open; closing
        the original closes the pool."""
        s = self._settings
        clone = object.__new__(type(self))
        clone._settings = _http.Settings.resolve(
            s.root, s.api_key if api_key is None else api_key,
            timeout=s.timeout if timeout is None else timeout,
            max_retries=s.max_retries if max_retries is None else max_retries,
            max_retry_wait=s.max_retry_wait if max_retry_wait is None else max_retry_wait,
            headers={**dict(s.headers), **(headers or {})})
        clone._owns_http = False
        clone._http = self._http  # type: ignore[attr-defined]
        return clone


class Quorum(_Base):
    """Synchronous client. ``base_url`` is the server root (``QUORUM_URL``), ``api_key`` the agent's
    ``qk_…`` key (``QUORUM_API_KEY``). Use as a context manager, or call :meth:`close`."""

    def __init__(self, base_url: str | None = None, api_key: str | None = None, *,
                 timeout: float = _http.DEFAULT_TIMEOUT, max_retries: int = _http.DEFAULT_MAX_RETRIES,
                 max_retry_wait: float = _http.DEFAULT_MAX_RETRY_WAIT, transport: httpx.BaseTransport | None = None,
                 headers: dict[str, str] | None = None, http_client: httpx.Client | None = None) -> None:
        super().__init__(base_url, api_key, timeout=timeout, max_retries=max_retries, max_retry_wait=max_retry_wait,
                         headers=headers, transport=transport, http_client=http_client)
        self._http = http_client if http_client is not None else _http.http_pool(transport=transport)

    def close(self) -> None:
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> Quorum:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def _send(self, call: Call) -> Any:
        op, s = call.operation, self._settings
        attempt = 0
        while True:
            try:
                response = self._http.request(op.method, s.root + _http.API_PREFIX + call.path, params=call.params,
                                              json=call.json, headers=s.request_headers(), timeout=s.timeout)
            except httpx.HTTPError as exc:
                delay = _http.transport_retry_delay(exc, idempotent=op.idempotent, attempt=attempt, settings=s)
                if delay is None:
                    raise _http.transport_error(exc, s) from None
            else:
                delay = _http.response_retry_delay(response, idempotent=op.idempotent, attempt=attempt, settings=s)
                if delay is None:
                    return _http.parse(op.response, response)
            attempt += 1
            time.sleep(delay)

    # ------------------------------------------------------------------------------------ operations

    def me(self) -> models.Me:
        """``GET me``: the calling agent's slug, role, domain and purposes."""
        return self._send(build("me"))

    def remember(self, *, subject: str, kind: Kind, content: str, session_id: str, key: str | None = None,
                 predicate: str | None = None, value: Any = None, reasoning: str | None = None,
                 category: str | None = None, trust: Trust | None = None, asserted_by: AssertedBy | None = None,
                 origin_ref: str | None = None, derived_from: str | None = None, observed_at: When | None = None,
                 valid_from: When | None = None, valid_to: When | None = None,
                 importance: float | None = None) -> models.MemoryCreated:
        """``POST memories``: record a private memory. Never retried (a write is not idempotent in
        general); ``deduplicated`` in the answer says whether it was an exact duplicate."""
        return self._send(build("remember", subject=subject, kind=kind, content=content, session_id=session_id,
                                key=key, predicate=predicate, value=value, reasoning=reasoning, category=category,
                                trust=trust, asserted_by=asserted_by, origin_ref=origin_ref,
                                derived_from=derived_from, observed_at=observed_at, valid_from=valid_from,
                                valid_to=valid_to, importance=importance))

    def memories(self, *, subject: str, kind: Kind | None = None, key: str | None = None,
                 status: MemoryStatus | None = None, page_size: int | None = None) -> Iterator[models.Memory]:
        """``GET memories``: the caller's own memories about ``subject``, every page, fetched lazily
        (``page_size`` ≤ 200 per request; the server's default otherwise)."""
        offset: int | None = None
        while True:
            page: models.MemoryPage = self._send(build("memories", subject=subject, kind=kind, key=key,
                                                       status=status, limit=page_size, offset=offset))
            yield from page.results
            offset = _next_offset(page, offset)
            if offset is None:
                return

    def memory(self, *, id: str) -> models.Memory:  # noqa: A002 - the API's name
        """``GET memories/{id}``: one of the caller's memories; another agent's is :class:`NotFound` too."""
        return self._send(build("memory", memory_id=id))

    def search(self, *, subject: str, query: str, limit: int | None = None) -> models.SearchResults:
        """``POST memories/search``: the caller's own memories ranked by similarity × confidence."""
        return self._send(build("search", subject=subject, query=query, limit=limit))

    def recall(self, *, subject: str, query: str, purpose: str, session_id: str | None = None,
               max_items: int | None = None, max_chars: int | None = None,
               min_trust: Trust | None = None) -> models.Recall:
        """``POST recall``: own private memories and the collective facts receivable for ``purpose``."""
        return self._send(build("recall", subject=subject, query=query, purpose=purpose, session_id=session_id,
                                max_items=max_items, max_chars=max_chars, min_trust=min_trust))

    def briefing(self, *, subject: str, since: When | None = None, limit: int | None = None,
                 session_id: str | None = None) -> models.Briefing:
        """``GET briefing``: what other agents made known since ``since`` (default: your last session)."""
        return self._send(build("briefing", subject=subject, since=since, limit=limit, session_id=session_id))

    def end_session(self, *, session_id: str, subject: str, done: str, went_wrong: str, improve: str,
                    went_well: str | None = None,
                    relevant_for_others: Sequence[str] | None = None) -> models.SessionEnded:
        """``POST sessions/{session_id}/end``: the structured reflection; a shallow one raises
        :class:`InvalidInput` with code ``reflection_too_shallow``. Never retried."""
        return self._send(build("end_session", session_id=session_id, subject=subject, done=done,
                                went_well=went_well, went_wrong=went_wrong, improve=improve,
                                relevant_for_others=relevant_for_others))

    def facts(self, *, subject: str, as_of: When | None = None, valid_at: When | None = None,
              session_id: str | None = None, purpose: str | None = None) -> models.CollectiveFacts:
        """``GET collective/facts``: current (or as-of / valid-at) collective facts you may receive."""
        return self._send(build("facts", subject=subject, as_of=as_of, valid_at=valid_at, session_id=session_id,
                                purpose=purpose))

    def predicates(self) -> models.Predicates:
        """``GET predicates``: the predicate registry."""
        return self._send(build("predicates"))

    def stats(self, *, subject: str) -> models.Stats:
        """``GET stats``: counts of your own memories by kind and status, and of receivable facts."""
        return self._send(build("stats", subject=subject))

    def check_action(self, *, subject: str, action: str, fact_ids: Sequence[str]) -> models.ActionDecision:
        """``POST actions/check``: ``allow`` only with a current, verified-supported collective fact."""
        return self._send(build("check_action", subject=subject, action=action, fact_ids=fact_ids))

    def request(self, method: str, path: str, *, params: dict[str, Any] | None = None, json: Any = None,
                idempotent: bool | None = None) -> Any:
        """Low level: ``method`` on ``/api/v1/<path>``, the raw JSON answer, the same errors. Retried
        (503/429 with Retry-After) only when ``idempotent`` (default: for GET)."""
        return self._send(raw(method, path, params=params, json=json, idempotent=idempotent))


class AsyncQuorum(_Base):
    """Asynchronous client: the same methods as :class:`Quorum`, awaited (``memories`` is an async
    iterator). Use as ``async with AsyncQuorum(...) as quorum:``, or call :meth:`aclose`."""

    def __init__(self, base_url: str | None = None, api_key: str | None = None, *,
                 timeout: float = _http.DEFAULT_TIMEOUT, max_retries: int = _http.DEFAULT_MAX_RETRIES,
                 max_retry_wait: float = _http.DEFAULT_MAX_RETRY_WAIT,
                 transport: httpx.AsyncBaseTransport | None = None, headers: dict[str, str] | None = None,
                 http_client: httpx.AsyncClient | None = None) -> None:
        super().__init__(base_url, api_key, timeout=timeout, max_retries=max_retries, max_retry_wait=max_retry_wait,
                         headers=headers, transport=transport, http_client=http_client)
        self._http = http_client if http_client is not None else _http.async_http_pool(transport=transport)

    async def aclose(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncQuorum:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.aclose()

    async def _send(self, call: Call) -> Any:
        op, s = call.operation, self._settings
        attempt = 0
        while True:
            try:
                response = await self._http.request(op.method, s.root + _http.API_PREFIX + call.path,
                                                    params=call.params, json=call.json,
                                                    headers=s.request_headers(), timeout=s.timeout)
            except httpx.HTTPError as exc:
                delay = _http.transport_retry_delay(exc, idempotent=op.idempotent, attempt=attempt, settings=s)
                if delay is None:
                    raise _http.transport_error(exc, s) from None
            else:
                delay = _http.response_retry_delay(response, idempotent=op.idempotent, attempt=attempt, settings=s)
                if delay is None:
                    return _http.parse(op.response, response)
            attempt += 1
            await asyncio.sleep(delay)

    # ------------------------------------------------------------------------------------ operations

    async def me(self) -> models.Me:
        """See :meth:`Quorum.me`."""
        return await self._send(build("me"))

    async def remember(self, *, subject: str, kind: Kind, content: str, session_id: str, key: str | None = None,
                       predicate: str | None = None, value: Any = None, reasoning: str | None = None,
                       category: str | None = None, trust: Trust | None = None,
                       asserted_by: AssertedBy | None = None, origin_ref: str | None = None,
                       derived_from: str | None = None, observed_at: When | None = None,
                       valid_from: When | None = None, valid_to: When | None = None,
                       importance: float | None = None) -> models.MemoryCreated:
        """See :meth:`Quorum.remember` (never retried)."""
        return await self._send(build("remember", subject=subject, kind=kind, content=content,
                                      session_id=session_id, key=key, predicate=predicate, value=value,
                                      reasoning=reasoning, category=category, trust=trust, asserted_by=asserted_by,
                                      origin_ref=origin_ref, derived_from=derived_from, observed_at=observed_at,
                                      valid_from=valid_from, valid_to=valid_to, importance=importance))

    async def memories(self, *, subject: str, kind: Kind | None = None, key: str | None = None,
                       status: MemoryStatus | None = None,
                       page_size: int | None = None) -> AsyncIterator[models.Memory]:
        """See :meth:`Quorum.memories`: ``async for memory in quorum.memories(subject=...)``."""
        offset: int | None = None
        while True:
            page: models.MemoryPage = await self._send(build("memories", subject=subject, kind=kind, key=key,
                                                             status=status, limit=page_size, offset=offset))
            for memory in page.results:
                yield memory
            offset = _next_offset(page, offset)
            if offset is None:
                return

    async def memory(self, *, id: str) -> models.Memory:  # noqa: A002 - the API's name
        """See :meth:`Quorum.memory`."""
        return await self._send(build("memory", memory_id=id))

    async def search(self, *, subject: str, query: str, limit: int | None = None) -> models.SearchResults:
        """See :meth:`Quorum.search`."""
        return await self._send(build("search", subject=subject, query=query, limit=limit))

    async def recall(self, *, subject: str, query: str, purpose: str, session_id: str | None = None,
                     max_items: int | None = None, max_chars: int | None = None,
                     min_trust: Trust | None = None) -> models.Recall:
        """See :meth:`Quorum.recall`."""
        return await self._send(build("recall", subject=subject, query=query, purpose=purpose,
                                      session_id=session_id, max_items=max_items, max_chars=max_chars,
                                      min_trust=min_trust))

    async def briefing(self, *, subject: str, since: When | None = None, limit: int | None = None,
                       session_id: str | None = None) -> models.Briefing:
        """See :meth:`Quorum.briefing`."""
        return await self._send(build("briefing", subject=subject, since=since, limit=limit,
                                      session_id=session_id))

    async def end_session(self, *, session_id: str, subject: str, done: str, went_wrong: str, improve: str,
                          went_well: str | None = None,
                          relevant_for_others: Sequence[str] | None = None) -> models.SessionEnded:
        """See :meth:`Quorum.end_session` (never retried)."""
        return await self._send(build("end_session", session_id=session_id, subject=subject, done=done,
                                      went_well=went_well, went_wrong=went_wrong, improve=improve,
                                      relevant_for_others=relevant_for_others))

    async def facts(self, *, subject: str, as_of: When | None = None, valid_at: When | None = None,
                    session_id: str | None = None, purpose: str | None = None) -> models.CollectiveFacts:
        """See :meth:`Quorum.facts`."""
        return await self._send(build("facts", subject=subject, as_of=as_of, valid_at=valid_at,
                                      session_id=session_id, purpose=purpose))

    async def predicates(self) -> models.Predicates:
        """See :meth:`Quorum.predicates`."""
        return await self._send(build("predicates"))

    async def stats(self, *, subject: str) -> models.Stats:
        """See :meth:`Quorum.stats`."""
        return await self._send(build("stats", subject=subject))

    async def check_action(self, *, subject: str, action: str, fact_ids: Sequence[str]) -> models.ActionDecision:
        """See :meth:`Quorum.check_action`."""
        return await self._send(build("check_action", subject=subject, action=action, fact_ids=fact_ids))

    async def request(self, method: str, path: str, *, params: dict[str, Any] | None = None, json: Any = None,
                      idempotent: bool | None = None) -> Any:
        """See :meth:`Quorum.request`."""
        return await self._send(raw(method, path, params=params, json=json, idempotent=idempotent))


def _next_offset(page: models.MemoryPage, offset: int | None) -> int | None:
    """The offset of the next page, from the server's ``next`` link (its host is never followed)."""
    if not page.next or not page.results:
        return None
    fallback = (offset or 0) + len(page.results)
    try:
        following = int(httpx.URL(page.next).params["offset"])
    except (KeyError, ValueError, httpx.InvalidURL):
        return fallback
    return following if following > (offset or 0) else fallback  # never loop on the same page
