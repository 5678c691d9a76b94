"""langchain-core tools over the Quorum client (extra ``quorum-client[langchain]``).

    from quorum_client import AsyncQuorum, Quorum
    from quorum_client.langchain import quorum_tools

    tools = quorum_tools(Quorum(), async_client=AsyncQuorum(), subject="ana-garcia", session_id="run-42")
    model_with_tools = chat_model.bind_tools(tools)

:func:`quorum_tools` returns ``remember``, ``recall``, ``briefing`` and ``end_session`` as
``StructuredTool``s with argument schemas written for a model. What the developer binds
(``subject``, ``session_id``, ``purpose``) is not in the schemas: the model cannot write about
another person, mix sessions or pick a purpose its agent was not granted. A Quorum error comes back
as the tool's output (a ``ToolMessage`` with ``status="error"`` inside an agent) starting with the
API's stable code, e.g. ``reflection_too_shallow: …``; so does an argument the schema refuses
(``invalid_input`` / ``content_too_long``), without echoing the input.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from langchain_core.tools import BaseTool, StructuredTool, ToolException
from pydantic import BaseModel, Field, ValidationError, create_model

from quorum_client._client import AsyncQuorum, Quorum
from quorum_client.errors import QuorumError, argument_errors

MAX_CONTENT_CHARS = 4000  # the API's limits, so a model sees them in the schema instead of in a 400
MAX_QUERY_CHARS = 1000

Trust = Literal["verified", "inferred", "user_asserted", "ephemeral"]

_SUBJECT = (str, Field(min_length=1, max_length=200, description=(
    "Who it is about: the person's opaque reference (e.g. a CRM id such as 'ana-garcia'), or '@workspace' "
    "for shared operational memory with no personal data.")))
_SESSION = (str, Field(min_length=1, max_length=200, description=(
    "Your current session id: the same for every call of one conversation, a new one for the next.")))

_REMEMBER = {
    "kind": (Literal["event", "fact", "status", "decision"], Field(description=(
        "event: something that happened (append-only). fact: something true about the subject, upserted by "
        "`predicate` or `key`. status: the current state of something, updated in place by `key`. decision: "
        "a choice and why (`reasoning` required)."))),
    "content": (str, Field(min_length=1, max_length=MAX_CONTENT_CHARS, description=(
        "The memory as one short, self-contained statement in the language it was said. Never paste "
        "credentials: they are redacted anyway."))),
    "asserted_by": (Literal["user", "agent", "system", "tool"], Field("agent", description=(
        "Who asserts it: 'user' (the person said it), 'agent' (your own conclusion), 'system'/'tool' (an "
        "authoritative record; give origin_ref)."))),
    "predicate": (str | None, Field(None, max_length=100, description=(
        "For a structured fact: a predicate key from the registry, e.g. 'preference.report_length'."))),
    "value": (Any, Field(None, description="The structured value for the predicate, e.g. 'short'.")),
    "key": (str | None, Field(None, max_length=200, description=(
        "Upsert key for a fact or status without a predicate, e.g. 'deploy-status'."))),
    "reasoning": (str | None, Field(None, max_length=MAX_CONTENT_CHARS, description=(
        "Why: required for a decision."))),
    "trust": (Trust | None, Field(None, description=(
        "Usually leave empty (derived from asserted_by). 'ephemeral': only for this session, never shared."))),
    "origin_ref": (str | None, Field(None, max_length=200, description=(
        "The root observable event: utterance id, CRM record id, document id. Agents that heard the same "
        "utterance pass the same origin_ref so it counts once."))),
    "derived_from": (str | None, Field(None, max_length=64, description=(
        "The id of the collective fact (from recall/briefing) this restates: a restatement is an echo, "
        "not new evidence."))),
    "importance": (float | None, Field(None, ge=0.0, le=1.0, description=(
        "0..1, how much this matters to other agents' briefings."))),
}
_RECALL = {
    "query": (str, Field(max_length=MAX_QUERY_CHARS, description=(
        "What you need to know, in natural language, e.g. 'how does she want reports?'."))),
    "max_items": (int, Field(10, ge=1, le=50, description="At most this many items.")),
    "min_trust": (Trust | None, Field(None, description=(
        "Only items of this trust tier or above, e.g. 'verified' before acting on something."))),
}
_BRIEFING = {
    "since": (str | None, Field(None, description=(
        "Only changes after this moment (ISO-8601 with timezone). Default: since your last session."))),
    "limit": (int, Field(20, ge=1, le=100, description="At most this many changes.")),
}
_END_SESSION = {
    "done": (str, Field(min_length=1, max_length=1500, description="What was done in this session, concretely.")),
    "went_wrong": (str, Field(max_length=1000, description=(
        "What went wrong, was hard or needed a retry, concretely, in at least four words. 'Nothing' or "
        "'all good' is refused."))),
    "improve": (str, Field(max_length=1000, description=(
        "How it could go better next time: a concrete change of behaviour, in at least four words."))),
    "went_well": (str, Field("", max_length=1000, description="What went well and should be repeated.")),
    "relevant_for_others": (list[str], Field(default_factory=list, max_length=20, description=(
        "Short statements other agents should know (candidate evidence, shared only if corroborated)."))),
}

_DESCRIPTIONS = {
    "remember": (
        "Record a memory about a person (or '@workspace') in your private space when you learn something new "
        "and durable: a preference, a project, a constraint, an event, a decision. Do not store again what "
        "recall or briefing gave you. Credentials are scrubbed before storage; nothing can be deleted."),
    "recall": (
        "Recall what is known about a person (or '@workspace') that is relevant to a question: call it before "
        "asking the person something you may already know and before acting on a preference. Items carry "
        "their layer (private/collective/workspace), trust, confidence and dates; surface a `conflict`, do "
        "not pick a side silently."),
    "briefing": (
        "What other agents made known about a person (or '@workspace') since your last session: call it "
        "FIRST in every session. Never your own contributions; do not store them again."),
    "end_session": (
        "Close the session with an honest, structured reflection, once, at the end. A shallow reflection is "
        "refused with `reflection_too_shallow`: fix the named fields and call again."),
}


class QuorumToolException(ToolException):
    """A :class:`~quorum_client.QuorumError` raised inside a tool; ``code`` is the API's stable code."""

    def __init__(self, error: QuorumError) -> None:
        self.error = error
        self.code = error.code
        super().__init__(error_text(error))


def error_text(error: QuorumError) -> str:
    """``"<code>: <message>"`` plus the error's extra detail as JSON: what the model reads."""
    text = f"{error.code}: {error.message}"
    retry_after = getattr(error, "retry_after", None)
    extra = {**error.extra, **({"retry_after": retry_after} if retry_after is not None else {})}
    return text + ("\n" + json.dumps(extra, ensure_ascii=False, default=str) if extra else "")


def _validation_text(error: ValidationError) -> str:
    fields, too_long = argument_errors(error.errors(include_url=False, include_input=False))
    code = "content_too_long" if too_long else "invalid_input"
    return f"{code}: the tool arguments are invalid.\n" + json.dumps({"fields": fields}, ensure_ascii=False)


def _handle_tool_error(error: ToolException) -> str:
    return str(error)


def _text(answer: BaseModel) -> str:
    return json.dumps(answer.model_dump(mode="json", exclude_unset=True), ensure_ascii=False)


def quorum_tools(client: Quorum | AsyncQuorum, *, async_client: AsyncQuorum | None = None,
                 subject: str | None = None, session_id: str | None = None,
                 purpose: str = "essential.service") -> list[BaseTool]:
    """The ``remember``, ``recall``, ``briefing`` and ``end_session`` tools over ``client``.

    ``client`` is a :class:`Quorum` (sync ``invoke``; ``ainvoke`` then runs it in a thread) or an
    :class:`AsyncQuorum` (``ainvoke`` only); pass both (``async_client=``) to get native sync and
    async paths. ``subject`` and ``session_id``, when given, are bound: they leave the schemas and
    every call uses them. ``purpose`` (the agent's fideslang data use for recall) is always bound."""
    sync = client if isinstance(client, Quorum) else None
    aio = async_client if async_client is not None else (client if isinstance(client, AsyncQuorum) else None)
    if sync is None and aio is None:
        raise TypeError("quorum_tools needs a Quorum or an AsyncQuorum")
    bound = {"subject": subject, "session_id": session_id}

    def schema(name: str, fields: dict[str, Any], *, session: Literal["required", "optional", "no"]) -> type:
        head: dict[str, Any] = {}
        if subject is None:
            head["subject"] = _SUBJECT
        if session_id is None and session == "required":
            head["session_id"] = _SESSION
        elif session_id is None and session == "optional":
            head["session_id"] = (str | None, Field(None, max_length=200, description=_SESSION[1].description))
        return create_model(f"{name.title().replace('_', '')}Input", **head, **fields)

    def make(name: str, args_schema: type, call: Callable[[Any, dict[str, Any]], Any]) -> StructuredTool:
        def complete(arguments: dict[str, Any]) -> dict[str, Any]:
            return {**{k: v for k, v in bound.items() if v is not None}, **arguments}

        def run(**arguments: Any) -> str:
            try:
                return _text(call(sync, complete(arguments)))
            except QuorumError as exc:
                raise QuorumToolException(exc) from None

        async def arun(**arguments: Any) -> str:
            try:
                return _text(await call(aio, complete(arguments)))
            except QuorumError as exc:
                raise QuorumToolException(exc) from None

        return StructuredTool.from_function(
            func=run if sync is not None else None, coroutine=arun if aio is not None else None, name=name,
            description=_DESCRIPTIONS[name], args_schema=args_schema, infer_schema=False,
            handle_tool_error=_handle_tool_error, handle_validation_error=_validation_text)

    def remember(quorum: Any, a: dict[str, Any]) -> Awaitable[Any] | Any:
        return quorum.remember(**a)

    def recall(quorum: Any, a: dict[str, Any]) -> Awaitable[Any] | Any:
        return quorum.recall(purpose=purpose, max_chars=None, **a)

    def briefing(quorum: Any, a: dict[str, Any]) -> Awaitable[Any] | Any:
        return quorum.briefing(**a)

    def end_session(quorum: Any, a: dict[str, Any]) -> Awaitable[Any] | Any:
        return quorum.end_session(**a)

    return [
        make("remember", schema("remember", _REMEMBER, session="required"), remember),
        make("recall", schema("recall", _RECALL, session="optional"), recall),
        make("briefing", schema("briefing", _BRIEFING, session="optional"), briefing),
        make("end_session", schema("end_session", _END_SESSION, session="required"), end_session),
    ]
