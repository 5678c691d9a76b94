"""The private layer's write path (DESIGN §4): the only code that creates or changes memories.

On every write, in order: validate → scrub credentials → quarantine instruction-shaped content →
exact dedupe within the space → apply the kind rule (event/decision append, fact upsert with trust
rules, status in place) → the explicit claim (``memory.services.claims``) → commit with the
embedding pending (inferred claims are resolved with the embedding) → after commit, enqueue the batched
embedding task. The subject's durable consolidation marker is set in the same transaction.
"""

from __future__ import annotations

import functools
import threading
import time
import uuid
from collections import OrderedDict
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import psycopg
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection, transaction
from django.utils import timezone
from psycopg.pq import TransactionStatus

from agents_registry.models import Agent
from config.actors import Actor
from config.audit import audit, audit_call
from config.db import allow_explicit_prepare
from config.queueing import Prompt, enqueue_all_after_commit
from governance.policy import is_known_category
from governance.selectors.predicates import predicate_get, predicate_is_multi
from governance.selectors.suppressions import root_is_erased
from governance.services.conflicts import quarantine_review_open, trust_conflict_record
from memory import trust as tiers
from memory.errors import (
    ContentTooLong,
    InvalidCategory,
    InvalidSubject,
    KeyRequired,
    ReasoningRequired,
    RootErased,
    TrustNotAllowed,
)
from memory.keys import EMBED_DEBOUNCE_KEY, consolidation_debounce_key
from memory.models import WORKSPACE_REF, CollectiveFact, Memory, MemorySpace, Subject
from memory.poisoning import check_memory_fields
from memory.scrubbing import scrub
from memory.scrubbing.fields import inspect_secrets
from memory.services.claims import claims_propose, claims_proposal_key, claims_record_explicit
from memory.services.special_category import special_mark
from config.text import content_sha256

if TYPE_CHECKING:
    from governance.models import Predicate

MAX_CONTENT_CHARS = 4000
LIVE_STATUSES = (Memory.Status.ACTIVE, Memory.Status.RESTRICTED, Memory.Status.DISPUTED)
EMBED_TASK = "memory.tasks.memory_embed_pending_task"
CONSOLIDATION_TASK = "memory.tasks.consolidation_subject_task"


@dataclass(frozen=True)
class RecordResult:
    memory: Memory
    created: bool
    deduplicated: bool
    redactions: int
    conflict_id: int | None = None


def _check_subject_ref(external_ref: str) -> str:
    ref = (external_ref or "").strip()
    if not ref or len(ref) > 200 or (ref.startswith("@") and ref != WORKSPACE_REF):
        raise InvalidSubject(extra={"hint": "1–200 characters; '@workspace' is the only reserved name"})
    return ref


def subject_get_or_create(*, external_ref: str) -> Subject:
    ref = _check_subject_ref(external_ref)
    kind = Subject.Kind.WORKSPACE if ref == WORKSPACE_REF else Subject.Kind.PERSON
    subject, _ = Subject.objects.get_or_create(external_ref=ref, defaults={"kind": kind})
    return subject


def _space_for_update(agent: Agent, subject_ref: str) -> MemorySpace:
    """The agent's space about the subject (created on first use), row-locked for this transaction.

    One writer per space at a time, so dedupe and upsert see each other's results. The common
    case (space exists) is one query that also brings the subject.
    """
    ref = _check_subject_ref(subject_ref)
    locked = MemorySpace.objects.select_for_update(of=("self",)).select_related("subject")
    space = locked.filter(agent=agent, subject__external_ref=ref).first()
    if space is None:
        subject = subject_get_or_create(external_ref=ref)
        MemorySpace.objects.get_or_create(agent=agent, subject=subject)
        space = locked.get(agent=agent, subject=subject)
    return space


def _validate(memory: Memory) -> None:
    """Field validation before save. Constraints and foreign keys are enforced by the database and
    the related rows were just read under lock, so they are not re-queried here."""
    memory.full_clean(exclude=["space", "subject", "agent", "predicate", "supersedes"],
                      validate_unique=False, validate_constraints=False)


def _expiry(*, trust: str, predicate: Predicate | None, now: datetime) -> datetime | None:
    if trust == Memory.Trust.EPHEMERAL:
        return now + timedelta(hours=settings.QUORUM_EPHEMERAL_TTL_HOURS)
    if trust == Memory.Trust.USER_ASSERTED:
        days = predicate.ttl_days if predicate and predicate.ttl_days else settings.QUORUM_USER_ASSERTED_TTL_DAYS
        return now + timedelta(days=days)
    return None


def memory_record(
    *,
    actor: Actor,
    agent: Agent,
    subject_ref: str,
    kind: str,
    content: str,
    session_id: str,
    key: str = "",
    predicate: str = "",
    value: Any = None,
    reasoning: str = "",
    category: str = "",
    trust: str | None = None,
    asserted_by: str | None = None,
    origin_ref: str = "",
    derived_from: str = "",
    observed_at: datetime | None = None,
    valid_from: datetime | None = None,
    valid_to: datetime | None = None,
    importance: float | None = None,
) -> RecordResult:
    """Record one memory in ``agent``'s space about ``subject_ref`` (see the module docstring).

    Validation and inspection write nothing. Then, outside any transaction, a plain append into a
    space this process has already seen is one round trip (``_append_in_one_round_trip``); every
    other write, and any write inside a caller's transaction, runs the general path atomically."""
    # 1. validate
    if len(content) > MAX_CONTENT_CHARS:
        raise ContentTooLong(extra={"max_chars": MAX_CONTENT_CHARS, "chars": len(content)})
    if kind == Memory.Kind.DECISION and not reasoning.strip():
        raise ReasoningRequired()
    predicate_obj = None
    proposed = ""  # an unregistered key: a proposal for an operator (memory.services.claims); else 400
    if predicate:
        predicate_obj = predicate_get(predicate)
        if predicate_obj is None:
            proposed = claims_proposal_key(predicate=predicate, kind=kind)
    upsert_key = predicate_obj.key if predicate_obj else (proposed or key.strip())
    if kind == Memory.Kind.STATUS and not upsert_key:
        raise KeyRequired()
    category = category or (predicate_obj.category if predicate_obj else "")
    if category and not is_known_category(category):
        raise InvalidCategory(extra={"category": scrub(category[:200]).text})  # echoed, never a secret
    suggested, category = (category, "") if proposed else ("", category)  # private until approved
    asserted_by = asserted_by or Memory.AssertedBy.AGENT
    trust = trust or tiers.default_trust(asserted_by, origin_ref, verified_channel=agent.verified_channel)
    refusal = tiers.trust_refusal(asserted_by, trust, origin_ref, verified_channel=agent.verified_channel)
    if refusal:
        raise TrustNotAllowed(extra={"asserted_by": asserted_by, "trust": trust, "reason": refusal,
                                     "hint": "verified needs asserted_by system|tool, an origin_ref and an "
                                             "agent an operator registered as a verified channel"})

    trust = _derived_trust(trust, derived_from, subject_ref)

    # An erased root stays erased: refused before the subject or the space can be created.
    if origin_ref and root_is_erased(subject_ref=_check_subject_ref(subject_ref), origin_ref=origin_ref):
        raise RootErased()

    # 2. secrets, before anything is stored, embedded, logged or queued: refused in identifiers, redacted elsewhere
    clean = inspect_secrets(content=content, reasoning=reasoning, value=value, subject=subject_ref, key=key,
                            origin_ref=origin_ref, session_id=session_id, derived_from=derived_from)
    scrubbed, clean_reasoning, clean_value, redactions = clean.content, clean.reasoning, clean.value, clean.redactions

    # 3. poisoning guard, over every string the memory carries (the rule names the field, never the text)
    verdict = check_memory_fields({"content": scrubbed.text, "key": key, "predicate": predicate, "category": category,
                                   "reasoning": clean_reasoning.text, "origin_ref": origin_ref,
                                   "session_id": session_id, "value": clean_value})

    fields = {"kind": kind, "predicate": predicate_obj, "key": upsert_key, "content": scrubbed.text,
              "value": clean_value, "reasoning": clean_reasoning.text, "category": category, "trust": trust,
              "asserted_by": asserted_by, "session_id": session_id, "origin_ref": origin_ref,
              "derived_from": derived_from, "observed_at": observed_at, "valid_from": valid_from,
              "valid_to": valid_to, "importance": 0.5 if importance is None else importance,
              "base_confidence": settings.QUORUM_BASE_CONFIDENCE[trust], "content_sha256": content_sha256(scrubbed.text),
              "redaction_count": redactions, "quarantined": verdict.suspicious,
              "quarantine_rule": verdict.rule or "",
              "status": Memory.Status.RESTRICTED if verdict.suspicious else Memory.Status.ACTIVE}
    # No claim to write (no predicate, no proposal) and nothing quarantined: one round trip, if the
    # space is known. A duplicate, or a space gone since, takes the general path.
    if not proposed and predicate_obj is None and not connection.in_atomic_block and connection.get_autocommit():
        known = _space_known(agent_id=agent.pk, subject_ref=subject_ref)
        if known is not None:
            memory = _new_memory(fields, agent=agent, space_id=known.space_id, subject=known.subject())
            if _is_plain_append(memory, None) and _append_in_one_round_trip(actor=actor, memory=memory,
                                                                            redactions=redactions):
                _enqueue_after_write(subject=memory.subject)
                return RecordResult(memory=memory, created=True, deduplicated=False, redactions=redactions)
    return _record(actor=actor, agent=agent, subject_ref=subject_ref, fields=fields, proposed=proposed,
                   suggested=suggested, redactions=redactions)


def _new_memory(fields: dict[str, Any], *, agent: Agent, space_id: Any, subject: Subject) -> Memory:
    """The unsaved row, stamped now, with the special-category detector's verdict recorded on it."""
    now = timezone.now()
    predicate_obj = fields["predicate"]
    memory = Memory(
        space_id=space_id, subject=subject, agent=agent, **{**fields, "observed_at": fields["observed_at"] or now},
        recorded_at=now, expires_at=_expiry(trust=fields["trust"], predicate=predicate_obj, now=now),
        last_accessed_at=now, last_confirmed_at=now,
    )
    special_mark(memory)
    return memory


@transaction.atomic
def _record(*, actor: Actor, agent: Agent, subject_ref: str, fields: dict[str, Any], proposed: str,
            suggested: str, redactions: int) -> RecordResult:
    """The general path, in one transaction: the space row-locked, then the kind rules."""
    space = _space_for_update(agent, subject_ref)
    subject = space.subject
    _space_remember(agent_id=agent.pk, subject_ref=subject_ref, space=space)
    memory = _new_memory(fields, agent=agent, space_id=space.pk, subject=subject)
    memory.space = space
    now = memory.recorded_at
    predicate_obj, kind, upsert_key, trust = fields["predicate"], fields["kind"], fields["key"], fields["trust"]
    digest, suspicious = fields["content_sha256"], fields["quarantined"]

    # The common case (an append: no upsert key to resolve, nothing quarantined) is one statement:
    # the exact dedupe, the insert, the subject's consolidation marker and the audit row.
    if _is_plain_append(memory, predicate_obj):
        duplicate_id = _append_in_one_statement(actor=actor, memory=memory, redactions=redactions)
        if duplicate_id is None:
            claims_record_explicit(memory=memory)  # the explicit claim, if the memory makes one
            _enqueue_after_write(subject=subject)
            return RecordResult(memory=memory, created=True, deduplicated=False, redactions=redactions)
        return _confirm(actor=actor, existing=Memory.objects.select_related("subject", "predicate").get(
            pk=duplicate_id), now=now, redactions=redactions)

    # 4. exact dedupe within the space
    existing = (Memory.objects.filter(space=space, content_sha256=digest, kind=kind, status__in=LIVE_STATUSES)
                .order_by("-recorded_at").first())
    if existing is not None:
        return _confirm(actor=actor, existing=existing, now=now, redactions=redactions)

    # 5. kind rules
    conflict_id: int | None = None
    if kind == Memory.Kind.STATUS and not suspicious:
        current = (Memory.objects.filter(space=space, kind=kind, key=upsert_key, status=Memory.Status.ACTIVE)
                   .first())
        if current is not None:
            return _status_update_in_place(actor=actor, current=current, incoming=memory, redactions=redactions)
    superseded: list[Memory] = []
    if kind == Memory.Kind.FACT and upsert_key and not suspicious and not predicate_is_multi(predicate_obj):
        current_facts = list(Memory.objects.filter(space=space, kind=kind, key=upsert_key,
                                                   status=Memory.Status.ACTIVE).order_by("-recorded_at"))
        protected = [m for m in current_facts if tiers.protects(m.trust, trust)]
        if protected:
            _validate(memory)
            memory.save(force_insert=True)
            conflict_id = trust_conflict_record(
                actor=actor, space_id=space.pk, subject_id=subject.pk, key=upsert_key,
                kept_memory_id=protected[0].pk, challenger_memory_id=memory.pk).pk
        else:
            superseded = current_facts
    if memory._state.adding:
        for old in superseded:
            old.status = Memory.Status.SUPERSEDED
            old.save(update_fields=["status"])
        memory.supersedes = superseded[0] if superseded else None
        _validate(memory)
        memory.save(force_insert=True)
    claims_record_explicit(memory=memory)  # the explicit claim; inferred ones come with the embedding
    if proposed:
        claims_propose(actor=actor, agent=agent, memory=memory, key=proposed, category=suggested)

    if suspicious:
        quarantine_review_open(actor=actor, subject_id=subject.pk, reason=fields["quarantine_rule"] or
                               "instruction_shaped", memory_id=memory.pk)
    audit(actor=actor, action="memory.recorded", object_type="memory", object_id=memory.pk,
          data=_recorded_audit_data(memory, redactions=redactions, superseded=superseded, conflict_id=conflict_id))
    _after_write(subject=subject)
    return RecordResult(memory=memory, created=True, deduplicated=False, redactions=redactions,
                        conflict_id=conflict_id)


def _recorded_audit_data(memory: Memory, *, redactions: int, superseded: list[Memory],
                         conflict_id: int | None) -> dict[str, Any]:
    return {"space": str(memory.space_id), "kind": memory.kind, "trust": memory.trust, "redactions": redactions,
            "quarantined": memory.quarantined, "supersedes": [str(m.pk) for m in superseded],
            "conflict": conflict_id}


def _confirm(*, actor: Actor, existing: Memory, now: datetime, redactions: int) -> RecordResult:
    """An exact duplicate of a live memory in the space: confirmed, not stored again."""
    existing.last_confirmed_at = now
    existing.save(update_fields=["last_confirmed_at"])
    audit(actor=actor, action="memory.confirmed", object_type="memory", object_id=existing.pk,
          data={"space": str(existing.space_id)})
    return RecordResult(memory=existing, created=False, deduplicated=True, redactions=redactions)


def _is_plain_append(memory: Memory, predicate_obj: Predicate | None) -> bool:
    """Appends need no kind rule: events, decisions, unkeyed facts and facts of a multi-valued
    predicate, when the poisoning guard did not quarantine the write (that opens a review)."""
    if memory.quarantined or memory.kind == Memory.Kind.STATUS:
        return False
    return memory.kind != Memory.Kind.FACT or not memory.key or predicate_is_multi(predicate_obj)


@functools.cache
def _insert_parts() -> tuple[list[Any], str, str]:
    """The insert's fields, column list and typed placeholders: the model's, so built once per
    process (``db_type`` per field per write was ~40 % of the statement's Python time)."""
    fields = [f for f in Memory._meta.concrete_fields if not f.generated]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    placeholders = ", ".join(f"%(c_{f.column})s::{f.db_type(connection)}" for f in fields)
    return fields, columns, placeholders


@functools.cache
def _append_sql(audit_sql: str) -> str:
    """The append statement's text (a constant per process, so psycopg's parse cache keeps it too).

    Named parameters: a value the statement uses twice (the space, the subject) is sent once, which
    keeps it under psycopg's 50 parameters for its query-conversion cache. The audit call's
    positional placeholders are renamed ``audit_0`` … in order."""
    _, columns, placeholders = _insert_parts()
    parts = audit_sql.split("%s")
    audit = parts[0] + "".join(f"%(audit_{i})s{part}" for i, part in enumerate(parts[1:]))
    return APPEND_SQL.format(columns=columns, values=placeholders, audit=audit)


# One round trip after the space lock (docs/decisions/0013): a statement after the lock sees every
# write committed before it, so the dedupe sees the previous writer's row. Nothing is inserted,
# marked or audited when a live duplicate exists (its id comes back instead) or when the space is
# not (or no longer) the agent's space about that subject (a space remembered by this process and
# erased since: ``space_ok`` false).
APPEND_SQL = """
WITH space AS (
    SELECT 1 FROM memory_memoryspace sp JOIN memory_subject su ON su.id = sp.subject_id
    WHERE sp.id = %(c_space_id)s AND sp.agent_id = %(c_agent_id)s AND sp.subject_id = %(c_subject_id)s
      AND su.external_ref = %(subject_ref)s
), dup AS (
    SELECT id FROM memory_memory
    WHERE space_id = %(c_space_id)s AND content_sha256 = %(c_content_sha256)s AND kind = %(c_kind)s
      AND status = ANY(%(live)s)
    ORDER BY recorded_at DESC LIMIT 1
), ins AS (
    INSERT INTO memory_memory ({columns}) SELECT {values}
    WHERE EXISTS (SELECT 1 FROM space) AND NOT EXISTS (SELECT 1 FROM dup) RETURNING id
), mark AS (
    UPDATE memory_subject SET consolidation_requested_at = %(marked_at)s
    WHERE id = %(c_subject_id)s AND EXISTS (SELECT 1 FROM ins) RETURNING id
)
SELECT (SELECT id FROM dup), (SELECT count(*) FROM mark),
       (SELECT a.id FROM ins, LATERAL {audit} a), EXISTS (SELECT 1 FROM space)
"""
# The same row lock as ``_space_for_update``: one writer per space at a time.
SPACE_LOCK_SQL = "SELECT 1 FROM memory_memoryspace WHERE id = %s FOR UPDATE"


def _append_statement(*, actor: Actor, memory: Memory, redactions: int) -> tuple[str, dict[str, Any]]:
    _validate(memory)
    fields = _insert_parts()[0]
    params = {f"c_{f.column}": f.get_db_prep_save(f.pre_save(memory, add=True), connection=connection)
              for f in fields}
    call = audit_call(actor=actor, action="memory.recorded", object_type="memory", object_id=memory.pk,
                      data=_recorded_audit_data(memory, redactions=redactions, superseded=[], conflict_id=None))
    sql = _append_sql(call.sql)
    params.update({f"audit_{i}": value for i, value in enumerate(call.params)})
    params.update(subject_ref=memory.subject.external_ref, live=[s.value for s in LIVE_STATUSES],
                  marked_at=timezone.now())
    return sql, params


def _appended(memory: Memory, row: tuple[Any, ...]) -> bool:
    """True if the statement inserted ``memory`` (marker and audit row with it); False: it wrote nothing."""
    duplicate_id, marked, audit_id, space_ok = row
    if duplicate_id is not None or not space_ok:
        return False
    if not (marked == 1 and audit_id is not None):  # the statement's own invariant; never expected
        raise RuntimeError("memory append: the marker or the audit row was not written")
    memory._state.adding = False
    memory._state.db = connection.alias
    return True


def _append_in_one_statement(*, actor: Actor, memory: Memory, redactions: int) -> Any:
    """Insert ``memory`` unless the space holds a live exact duplicate; return that duplicate's id
    (None: inserted, subject marked for consolidation, ``memory.recorded`` audited). The caller
    holds the space lock, in its transaction."""
    sql, params = _append_statement(actor=actor, memory=memory, redactions=redactions)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if not row[3]:  # the space was read under lock in this transaction
        raise RuntimeError("memory append: the locked space was not found")
    return None if _appended(memory, row) else row[0]


def _append_in_one_round_trip(*, actor: Actor, memory: Memory, redactions: int) -> bool:
    """The plain append as its own transaction in one round trip (autocommit only): BEGIN, the
    space lock, the append statement and COMMIT sent together in psycopg's pipeline mode, so the
    append still runs as a separate statement after the lock (its own snapshot) and sees the
    previous writer's row. The append is a server-side prepared statement with server-side
    binding: no client-side quoting of its ~45 parameters, no parse or plan per write. True:
    committed. False: nothing was written (a live duplicate, or a space erased since this process
    remembered it); the caller takes the general path."""
    sql, params = _append_statement(actor=actor, memory=memory, redactions=redactions)
    connection.ensure_connection()
    raw = connection.connection
    allow_explicit_prepare(raw)
    started = time.perf_counter() if connection.queries_logged else 0.0
    try:
        with psycopg.Cursor(raw) as control, psycopg.Cursor(raw) as append:
            with raw.pipeline():
                control.execute("BEGIN")
                control.execute(SPACE_LOCK_SQL, [memory.space_id], prepare=True)
                append.execute(sql, params, prepare=True)
                control.execute("COMMIT")
            row = append.fetchone()
    except Exception:
        _rollback_script()
        raise
    finally:
        if started:  # visible to Django's query log (tests, debug) as the one script it is
            connection.queries_log.append({"sql": f"BEGIN; {SPACE_LOCK_SQL}; {sql}; COMMIT",
                                           "time": f"{time.perf_counter() - started:.3f}"})
    inserted = _appended(memory, row)
    if not row[3]:
        _space_forget(agent_id=memory.agent_id, subject_ref=memory.subject.external_ref)
    return inserted


def _rollback_script() -> None:
    """A failed script leaves its explicit transaction open and aborted: end it (autocommit again)."""
    raw = connection.connection
    if raw is not None and not raw.closed and raw.info.transaction_status != TransactionStatus.IDLE:
        with suppress(Exception):  # a broken connection: Django discards it after the error
            raw.execute("ROLLBACK")


@dataclass(frozen=True)
class _KnownSpace:
    space_id: Any
    subject_id: Any
    subject_ref: str
    subject_kind: str

    def subject(self) -> Subject:
        subject = Subject(id=self.subject_id, external_ref=self.subject_ref, kind=self.subject_kind)
        subject._state.adding = False
        subject._state.db = DEFAULT_DB_ALIAS
        return subject


# Spaces this process has written to: (agent id, subject ref) → ids. Only a hint — the append
# statement checks the space again under its lock and writes nothing if it is gone.
_SPACES: OrderedDict[tuple[Any, str], _KnownSpace] = OrderedDict()
_SPACES_LOCK = threading.Lock()
_SPACES_MAX = 10_000


def _space_known(*, agent_id: Any, subject_ref: str) -> _KnownSpace | None:
    key = (agent_id, _check_subject_ref(subject_ref))
    with _SPACES_LOCK:
        known = _SPACES.get(key)
        if known is not None:
            _SPACES.move_to_end(key)
        return known


def _space_remember(*, agent_id: Any, subject_ref: str, space: MemorySpace) -> None:
    ref = _check_subject_ref(subject_ref)
    known = _KnownSpace(space_id=space.pk, subject_id=space.subject_id, subject_ref=ref,
                        subject_kind=space.subject.kind)
    with _SPACES_LOCK:
        _SPACES[(agent_id, ref)] = known
        _SPACES.move_to_end((agent_id, ref))
        while len(_SPACES) > _SPACES_MAX:
            _SPACES.popitem(last=False)


def _space_forget(*, agent_id: Any, subject_ref: str) -> None:
    with _SPACES_LOCK:
        _SPACES.pop((agent_id, subject_ref), None)


def _derived_trust(trust: str, derived_from: str, subject_ref: str) -> str:
    """A restatement of a collective fact takes the lowest tier of its inputs (the fact and the claim)."""
    if not derived_from:
        return trust
    try:
        fact_id = uuid.UUID(derived_from)
    except ValueError:
        return trust
    fact_trust = (CollectiveFact.objects.filter(pk=fact_id, subject__external_ref=subject_ref)
                  .values_list("trust", flat=True).first())
    return tiers.lowest(trust, fact_trust) if fact_trust in tiers.RANK else trust


def _status_update_in_place(*, actor: Actor, current: Memory, incoming: Memory, redactions: int) -> RecordResult:
    """Status: last wins, in place, no content history (the change is audited without content)."""
    fields = ["content", "value", "reasoning", "category", "trust", "asserted_by", "session_id", "origin_ref",
              "derived_from", "observed_at", "valid_from", "valid_to", "expires_at", "importance",
              "base_confidence", "last_accessed_at", "last_confirmed_at", "content_sha256", "redaction_count",
              "special_category", "special_rule"]
    for field in fields:
        setattr(current, field, getattr(incoming, field))
    current.recorded_at = incoming.recorded_at
    current.embedding = None
    current.embedding_pending = True
    _validate(current)
    current.save(update_fields=[*fields, "recorded_at", "embedding", "embedding_pending"])
    claims_record_explicit(memory=current, replace=True)  # the content changed: claims are resolved again
    audit(actor=actor, action="memory.status_updated", object_type="memory", object_id=current.pk,
          data={"space": str(current.space_id), "trust": current.trust, "redactions": redactions})
    _after_write(subject=current.subject)
    return RecordResult(memory=current, created=False, deduplicated=False, redactions=redactions)


def subject_mark_for_consolidation(*, subject_ids: list[Any], now: datetime | None = None) -> None:
    """The durable "needs consolidation" marker, set in the caller's transaction (a task is only a
    prompt to act on it soon). Always the latest time: the consolidator clears it only if nothing
    was written after its run read it."""
    Subject.objects.filter(pk__in=subject_ids).update(consolidation_requested_at=now or timezone.now())


@transaction.atomic
def memory_dispute(*, actor: Actor, memory_ids: list[Any]) -> int:
    """Mark memories disputed (the person or a reviewer says they are wrong): kept, no longer used."""
    rows = list(Memory.objects.select_for_update().filter(pk__in=memory_ids).exclude(status=Memory.Status.DISPUTED)
                .order_by("pk").values_list("pk", "subject_id"))
    if rows:
        Memory.objects.filter(pk__in=[pk for pk, _ in rows]).update(status=Memory.Status.DISPUTED)
        subject_mark_for_consolidation(subject_ids=sorted({s for _, s in rows}, key=str))
        audit(actor=actor, action="memory.disputed", object_type="memory_batch", object_id=uuid.uuid4().hex[:12],
              data={"memories": [str(pk) for pk, _ in rows]})
    return len(rows)


def _after_write(*, subject: Subject) -> None:
    subject_mark_for_consolidation(subject_ids=[subject.pk])
    _enqueue_after_write(subject=subject)


def _enqueue_after_write(*, subject: Subject) -> None:
    # Both debounce keys are checked in one Redis round trip after commit. Debounced: a burst of
    # writes about one person becomes one incremental pass. Persons and the workspace alike
    # (workspace facts follow the same rules).
    enqueue_all_after_commit([
        Prompt(EMBED_TASK, debounce_key=EMBED_DEBOUNCE_KEY),
        Prompt(CONSOLIDATION_TASK, debounce_key=consolidation_debounce_key(subject.pk), debounce_seconds=5,
               countdown=3, kwargs={"subject_id": str(subject.pk)}),
    ])


@transaction.atomic
def memory_expire_session(*, actor: Actor, agent: Agent, session_id: str) -> int:
    """Expire the ephemeral memories of one of ``agent``'s sessions (at session end)."""
    ids = list(Memory.objects.select_for_update().filter(agent=agent, session_id=session_id,
                                                          trust=Memory.Trust.EPHEMERAL,
                                                          status=Memory.Status.ACTIVE)
               .order_by("pk").values_list("pk", flat=True))
    if ids:
        Memory.objects.filter(pk__in=ids).update(status=Memory.Status.EXPIRED)
        audit(actor=actor, action="memory.session_expired", object_type="agent", object_id=agent.pk,
              data={"memories": len(ids)})
    return len(ids)


@transaction.atomic
def memory_expire_due(*, actor: Actor, now: datetime | None = None, limit: int = 5000) -> int:
    """Expire memories whose TTL has passed (beat sweep). Returns how many."""
    now = now or timezone.now()
    ids = list(Memory.objects.select_for_update(skip_locked=True)
               .filter(expires_at__lte=now, status__in=LIVE_STATUSES).order_by("pk")
               .values_list("pk", flat=True)[:limit])
    if ids:
        subjects = set(Memory.objects.filter(pk__in=ids).values_list("subject_id", flat=True))
        Memory.objects.filter(pk__in=ids).update(status=Memory.Status.EXPIRED)
        subject_mark_for_consolidation(subject_ids=list(subjects), now=now)
        audit(actor=actor, action="memory.expired", object_type="memory_batch", object_id=uuid.uuid4().hex[:12],
              data={"memories": len(ids), "subjects": len(subjects)})
    return len(ids)
