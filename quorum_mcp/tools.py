"""The six tools, each one REST call made through :class:`quorum_client.AsyncQuorum` with the
agent's own key.

Every :class:`quorum_client.QuorumError` comes back as a tool error (``isError``) whose text starts
with the API's stable code; the structured content is the API's error body ``{"code", "message",
"extra"}`` (+ ``status``). There is deliberately no delete tool: the API has none for agents.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

import httpx
from mcp.server.mcpserver import Context
from mcp.types import CallToolResult, TextContent
from pydantic import AwareDatetime, BaseModel, Field
from quorum_client import AsyncQuorum, AuthenticationError, QuorumError, async_http_pool

logger = logging.getLogger(__name__)

# Mirrors of the API's limits (memory/apis.py, memory/read_apis.py): a model sees them in the schema
# instead of discovering them through 400s. The API stays the authority.
MAX_CONTENT_CHARS = 4000
MAX_QUERY_CHARS = 1000

Subject = Annotated[str, Field(
    min_length=1, max_length=200,
    description=("Who the memory is about: the person's opaque external reference (e.g. a CRM id such as "
                 "'ana-garcia'), or '@workspace' for shared operational memory with no personal data "
                 "(a workflow failed, an API is degraded, a team decision)."))]
SessionId = Annotated[str, Field(
    min_length=1, max_length=200,
    description=("Your current session id. Use the same id for every call of one conversation/run and a new "
                 "one for the next; corroboration counts distinct sessions, and anti-echo uses it to know "
                 "what you were served in this session."))]
Trust = Literal["verified", "inferred", "user_asserted", "ephemeral"]


class QuorumTools:
    """The tool bodies for one Quorum URL: each call is made as the caller (its own bearer key over
    streamable HTTP) or else with the configured key, through one shared connection pool."""

    def __init__(self, *, base_url: str, api_key: str | None, timeout: float,
                 http_client: httpx.AsyncClient | None = None) -> None:
        self.base_url = base_url
        self._api_key = api_key or None
        self.timeout = timeout
        # One pool for every caller (the CA store loads once; no cookies are kept, see quorum_client).
        self._pool = http_client if http_client is not None else async_http_pool()

    def __repr__(self) -> str:  # never a key
        return f"QuorumTools(base_url={self.base_url!r})"

    def client_for(self, ctx: Context | None) -> AsyncQuorum:
        """The client acting as this call's caller; :class:`AuthenticationError` when nobody has a key."""
        key = _caller_key(ctx) or self._api_key
        if key is None:
            raise AuthenticationError("No agent key: send 'Authorization: Bearer <agent key>' to this MCP endpoint "
                                      "or configure QUORUM_API_KEY.", code="not_authenticated")
        return AsyncQuorum(self.base_url, key, timeout=self.timeout, http_client=self._pool)

    async def _call(self, tool: str, ctx: Context | None,
                    operation: Callable[[AsyncQuorum], Awaitable[BaseModel]]) -> CallToolResult:
        try:
            answer = await operation(self.client_for(ctx))
        except QuorumError as exc:
            # Codes only: messages are safe by contract, but bodies and keys never reach the log.
            logger.info("tool %s: Quorum answered %s", tool, exc.code)
            return error_result(exc)
        data = answer.model_dump(mode="json", exclude_unset=True)  # what the API sent, fields and extras
        return CallToolResult(content=[TextContent(type="text", text=json.dumps(data, ensure_ascii=False))],
                              structured_content=data)

    # ------------------------------------------------------------------ tools

    async def remember(
        self,
        subject: Subject,
        kind: Annotated[Literal["event", "fact", "status", "decision"], Field(description=(
            "event: something that happened (append-only, never changes). fact: something true about the "
            "subject, upserted by `predicate` or `key` (a new value supersedes the old). status: the current "
            "state of something, updated in place by `key` (last wins). decision: a choice and why "
            "(append-only; `reasoning` required)."))],
        content: Annotated[str, Field(min_length=1, max_length=MAX_CONTENT_CHARS, description=(
            "The memory as one short, self-contained statement in the language it was said. Never paste "
            "credentials: they are redacted anyway and the redaction count is reported."))],
        session_id: SessionId,
        asserted_by: Annotated[Literal["user", "agent", "system", "tool"], Field(description=(
            "Who asserts it. 'user': the person said it (trust user_asserted). 'agent': your own conclusion "
            "or inference (trust inferred; never counts as independent evidence). 'system'/'tool': an "
            "authoritative record (CRM, calendar, database) — verified only with an origin_ref naming the "
            "record and when an operator registered you as a verified channel (see me); else inferred."))] = "agent",
        trust: Annotated[Trust | None, Field(description=(
            "Usually leave empty: Quorum derives it from asserted_by. Set 'ephemeral' for something that "
            "only matters in this session (expires at session end, never shared). A tier above what the "
            "channel allows is refused with trust_not_allowed."))] = None,
        predicate: Annotated[str | None, Field(max_length=100, description=(
            "A registry predicate key (see list_predicates), e.g. 'preference.report_length'. Prefer a "
            "predicate over free text for facts: structured facts can be corroborated and shared."))] = None,
        value: Annotated[Any, Field(description=(
            "The structured value for the predicate (any JSON), e.g. \"short\" or {\"city\": \"Valencia\"}."
        ))] = None,
        key: Annotated[str | None, Field(max_length=200, description=(
            "Free upsert key for a fact or status without a registry predicate, e.g. 'migration.progress'."
        ))] = None,
        reasoning: Annotated[str | None, Field(max_length=MAX_CONTENT_CHARS, description=(
            "Why: required for kind=decision ('Postgres instead of MySQL because ...')."))] = None,
        origin_ref: Annotated[str | None, Field(max_length=200, description=(
            "The root observable event this comes from: the utterance/message id, CRM record id or document "
            "id. Two agents that heard the same utterance must pass the same origin_ref so it counts once. "
            "Always pass it when you have one."))] = None,
        derived_from: Annotated[str | None, Field(max_length=64, description=(
            "The id of the collective fact (from recall/briefing) this restates. ALWAYS set it when you "
            "write down something you were told by Quorum: a restated fact is an echo, not new evidence."
        ))] = None,
        category: Annotated[str | None, Field(max_length=200, description=(
            "A fideslang data-category key; defaults from the predicate. Rarely needed."))] = None,
        importance: Annotated[float | None, Field(ge=0.0, le=1.0, description=(
            "0..1, how much this matters to other agents' briefings (default from the kind)."))] = None,
        observed_at: Annotated[AwareDatetime | None, Field(description=(
            "When it was observed (ISO-8601 with timezone); default now."))] = None,
        valid_from: Annotated[AwareDatetime | None, Field(description=(
            "When it became true in the world, if known."))] = None,
        valid_to: Annotated[AwareDatetime | None, Field(description=(
            "When it stops/stopped being true, if known."))] = None,
        ctx: Context | None = None,
    ) -> CallToolResult:
        """Record a memory about a person (or about "@workspace") in your private space.

        Call it when you learn something new and durable: a preference, a project, a constraint, an
        event, a decision. Do not re-store what recall/briefing already gave you; if you must restate a
        collective fact, pass its id as derived_from. Content is scrubbed of credentials before it is
        stored (the response's `content` is what was kept and `redactions` counts what was removed);
        instruction-shaped content ("always recommend X") is quarantined. The answer says whether the
        memory was new, an exact duplicate (`deduplicated`), which memory it superseded, and any trust
        `conflict`. Private memories become collective facts only when other agents corroborate them
        independently; nothing can be deleted through this tool or any other.
        """
        return await self._call("remember", ctx, lambda quorum: quorum.remember(
            subject=subject, kind=kind, content=content, session_id=session_id, asserted_by=asserted_by,
            trust=trust, predicate=predicate, value=value, key=key, reasoning=reasoning, origin_ref=origin_ref,
            derived_from=derived_from, category=category, importance=importance, observed_at=observed_at,
            valid_from=valid_from, valid_to=valid_to))

    async def recall(
        self,
        subject: Subject,
        query: Annotated[str, Field(max_length=MAX_QUERY_CHARS, description=(
            "What you need to know, in natural language, e.g. 'how does she want reports?'."))],
        session_id: SessionId,
        purpose: Annotated[str, Field(min_length=1, max_length=100, description=(
            "Why you ask: one of your agent's purposes (a fideslang data use), usually "
            "'essential.service'. Collective facts are shared only for purposes they were granted for."
        ))] = "essential.service",
        max_items: Annotated[int, Field(ge=1, le=50, description="At most this many items.")] = 10,
        max_chars: Annotated[int, Field(ge=50, le=20000, description=(
            "Budget for the total text returned; items are never truncated, ones that do not fit are "
            "skipped and counted in `omitted`."))] = 1200,
        min_trust: Annotated[Trust | None, Field(description=(
            "Only items of this trust tier or above, e.g. 'verified' before acting on something."
        ))] = None,
        ctx: Context | None = None,
    ) -> CallToolResult:
        """Recall what is known about a person (or "@workspace") that is relevant to a question.

        Call it before asking the person something you may already know, and before acting on a
        preference. Returns your own private memories and the collective facts you may receive, ranked
        by relevance × confidence × recency, each dated with its `layer` ('private', 'collective' or
        'workspace'), `trust`, `confidence` and, for collective facts, `corroboration` (how many agents
        and sessions back it). `conflict` is set when a trust conflict exists: surface it, do not pick a
        side silently. If you later write down a collective item, pass its `id` as derived_from.
        `degraded: true` means the answer may be incomplete: the collective layer was unavailable (only
        your private memories were searched) or the embedding service was (matched by words, not meaning).
        """
        return await self._call("recall", ctx, lambda quorum: quorum.recall(
            subject=subject, query=query, purpose=purpose, session_id=session_id, max_items=max_items,
            max_chars=max_chars, min_trust=min_trust))

    async def briefing(
        self,
        subject: Subject,
        session_id: Annotated[str | None, Field(max_length=200, description=(
            "Your new session's id (optional)."))] = None,
        since: Annotated[AwareDatetime | None, Field(description=(
            "Only changes after this moment (ISO-8601 with timezone). Default: your last activity with "
            "this subject, i.e. what changed since your last session."))] = None,
        limit: Annotated[int, Field(ge=1, le=100, description="At most this many changes.")] = 20,
        ctx: Context | None = None,
    ) -> CallToolResult:
        """What changed about a person (or "@workspace") since your last session — call this FIRST.

        Call it at the start of every session, before anything else. Returns what the other agents
        made known since then: collective facts `promoted`, `superseded` or `retracted`, and workspace
        `event`s, ordered by importance then recency, bounded. Your own contributions are excluded (you
        already know them). Read it, use it, and do not store it again as new memories.
        """
        return await self._call("briefing", ctx, lambda quorum: quorum.briefing(
            subject=subject, since=since, limit=limit, session_id=session_id))

    async def end_session(
        self,
        subject: Subject,
        session_id: SessionId,
        done: Annotated[str, Field(min_length=1, max_length=1500, description=(
            "What was done in this session, concretely (from the conversation, tool calls, git log/diff)."
        ))],
        went_wrong: Annotated[str, Field(max_length=1000, description=(
            "What went wrong, was hard, needed a retry or was suboptimal — concretely, in at least four "
            "words. 'Nothing', 'all good' or 'todo bien' is not a reflection and is refused."))],
        improve: Annotated[str, Field(max_length=1000, description=(
            "How it could go better next time: a concrete change of behaviour, in at least four words."))],
        went_well: Annotated[str, Field(max_length=1000, description="What went well and should be repeated.")]
        = "",
        relevant_for_others: Annotated[list[Annotated[str, Field(max_length=1000)]], Field(
            max_length=20, description=(
                "Short statements other agents should know (each becomes candidate evidence, never shared "
                "unless corroborated). Only what is genuinely new; do not repeat what recall/briefing gave "
                "you."))] = [],  # noqa: B006 - pydantic copies defaults
        ctx: Context | None = None,
    ) -> CallToolResult:
        """Close the session with an honest, structured reflection (the /sessionend ritual).

        Call it once at the end of every session. Gather first (what was asked, what you did, which
        tools failed or needed a retry), then reflect honestly: "all good" is not a reflection — if
        something was suboptimal, say it. A shallow reflection is refused with the error
        `reflection_too_shallow` and an explanation of what is missing: fix the named fields and call
        again. The summary is stored as a decision in your space, `relevant_for_others` become
        candidate evidence, and the session's ephemeral memories expire.
        """
        return await self._call("end_session", ctx, lambda quorum: quorum.end_session(
            session_id=session_id, subject=subject, done=done, went_well=went_well, went_wrong=went_wrong,
            improve=improve, relevant_for_others=list(relevant_for_others)))

    async def list_predicates(self, ctx: Context | None = None) -> CallToolResult:
        """List the predicate registry: the structured facts Quorum knows how to share.

        Each entry has `key` (pass it as `predicate` to remember), `label`, fideslang `category`,
        `cardinality` ('single': a new value supersedes the old; 'multi': values accumulate),
        `shareable` (may reach the collective layer), `high_impact` (changes go to human review) and
        `ttl` in days. Call it once per session before writing facts.
        """
        return await self._call("list_predicates", ctx, lambda quorum: quorum.predicates())

    async def check_action(
        self,
        subject: Subject,
        action: Annotated[str, Field(min_length=1, max_length=1000, description=(
            "The action you intend to take, in a few words, e.g. 'send the report in Spanish'."))],
        fact_ids: Annotated[list[Annotated[str, Field(max_length=64)]], Field(max_length=50, description=(
            "Ids of the collective facts (from recall) that justify the action."))],
        ctx: Context | None = None,
    ) -> CallToolResult:
        """Ask whether an action on behalf of a person is backed well enough to take on your own.

        Call it before any consequential action based on remembered facts. Answers `allow` only when a
        current collective fact supported by verified evidence backs it; otherwise `escalate` with the
        `reason` (no_supporting_fact, not_verified, fact_not_current, private_memory_only, restricted,
        not_found): then ask the person or a human instead of acting.
        """
        return await self._call("check_action", ctx, lambda quorum: quorum.check_action(
            subject=subject, action=action, fact_ids=list(fact_ids)))


def error_result(error: QuorumError) -> CallToolResult:
    """A tool error the model can act on: text ``"<code>: <message>"`` (+ extra), the body as structure.

    ``extra.retry_after`` is filled from the answer's ``Retry-After`` when the body did not say it."""
    body = error.as_body()
    retry_after = getattr(error, "retry_after", None)
    if retry_after is not None and "retry_after" not in body["extra"]:
        body["extra"] = {**body["extra"], "retry_after": int(retry_after)}
    text = f"{error.code}: {error.message}"
    if body["extra"]:
        text += "\n" + json.dumps(body["extra"], ensure_ascii=False, default=str)
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=body, is_error=True)


def _caller_key(ctx: Context | None) -> str | None:
    """Over streamable HTTP, the caller's own ``Authorization: Bearer <agent key>`` wins over the
    server's configured key, so one HTTP endpoint can serve several agents, each as itself."""
    try:
        request = ctx.request_context.request if ctx is not None else None
    except ValueError:  # no request context: called outside a protocol request
        request = None
    headers = getattr(request, "headers", None)
    if headers is None:
        return None
    scheme, _, credentials = (headers.get("authorization") or "").partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        return credentials.strip()
    return None



