"""quorum_client against a live Quorum: every operation, typed answers, errors with stable codes.

The server is pytest-django's threaded ``live_server`` on the real test database; the client
speaks real HTTP to it. Nothing here is mocked.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from quorum_client import (
    AsyncQuorum,
    AuthenticationError,
    InvalidInput,
    LockedOut,
    NotFound,
    PermissionDenied,
    Quorum,
    models,
)

from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.models import Subject
from memory.services.embedding_backfill import memory_embed_pending

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "Girasol#2024"


class Counting(httpx.HTTPTransport):
    """The real transport, counting the requests it sends (to see pagination page by page)."""

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[str] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.paths.append(f"{request.url.path}?{request.url.query.decode()}")
        return super().handle_request(request)


def consolidate(subject: str) -> None:
    """What the worker does after writes: embed, then one incremental pass."""
    subject_id = Subject.objects.get(external_ref=subject).pk
    for _ in range(20):
        memory_embed_pending()
        if consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject_id).status == "succeeded":
            return
        time.sleep(0.5)
    raise AssertionError("consolidation never got the subject lock")


def remember_preference(quorum: Quorum, session_id: str, origin_ref: str, content: str) -> models.MemoryCreated:
    return quorum.remember(subject="ana", kind="fact", content=content, predicate="preference.report_length",
                           value="short", asserted_by="user", session_id=session_id, origin_ref=origin_ref)


def test_every_operation_round_trips_with_typed_answers(quorum_url, agent_key, other_key, make_agent):
    _, third_key = make_agent("client-c", domain="work", purposes=["essential.service"])
    with Quorum(quorum_url, agent_key) as a, Quorum(quorum_url, other_key) as b, \
            Quorum(quorum_url, third_key) as c:
        me = a.me()
        assert isinstance(me, models.Me)
        assert (me.agent.slug, me.agent.purposes) == ("client-a", ["essential.service"])

        registry = a.predicates()
        assert "preference.report_length" in {p.key for p in registry.predicates}

        first = remember_preference(a, "a-s1", "utt-a1", "Prefiere informes breves y claros")
        assert isinstance(first, models.MemoryCreated)
        assert (first.trust, first.deduplicated, first.subject) == ("user_asserted", False, "ana")
        again = remember_preference(a, "a-s1", "utt-a1", "Prefiere informes breves y claros")
        assert (again.deduplicated, again.id) == (True, first.id)

        secret = a.remember(subject="ana", kind="event", session_id="a-s1", asserted_by="user",
                            content=f"Para el VPN mi contraseña es {PASSWORD}",
                            observed_at=datetime.now(UTC) - timedelta(minutes=5))
        assert secret.redactions >= 1 and PASSWORD not in secret.content
        assert "[REDACTED:password]" in secret.content

        got = a.memory(id=first.id)
        assert isinstance(got, models.Memory) and got.content == first.content and got.kind == "fact"
        listed = list(a.memories(subject="ana"))
        assert {m.id for m in listed} == {first.id, secret.id}
        assert [m.id for m in a.memories(subject="ana", kind="event")] == [secret.id]

        hits = a.search(subject="ana", query="informes breves", limit=5)
        assert isinstance(hits, models.SearchResults)
        assert first.id in [h.id for h in hits.results]
        assert all(isinstance(h.score, float) for h in hits.results)

        stats = a.stats(subject="ana")
        assert stats.memories["fact"]["active"] == 1 and stats.memories["event"]["active"] == 1

        remember_preference(b, "b-s7", "utt-b1", "Le gustan los informes cortos y directos")
        consolidate("ana")

        news = c.briefing(subject="ana", session_id="c-s1")  # first: reading facts counts as activity
        assert isinstance(news, models.Briefing)
        promoted = [i.id for i in news.items if i.change == "promoted"]
        assert len(promoted) == 1
        assert c.briefing(subject="ana", since=datetime.now(UTC) + timedelta(hours=1)).items == []

        (fact,) = c.facts(subject="ana").facts
        assert isinstance(fact, models.CollectiveFact)
        assert (fact.predicate, fact.value, fact.status) == ("preference.report_length", "short", "current")
        assert fact.corroboration.agents == 2
        as_of_past = c.facts(subject="ana", as_of=datetime.now(UTC) - timedelta(days=1)).facts
        assert as_of_past == []
        assert promoted == [fact.id]

        recalled = c.recall(subject="ana", query="¿cómo quiere los informes?", purpose="essential.service",
                            session_id="c-s1", max_items=5)
        collective = [i for i in recalled.items if i.layer == "collective"]
        assert [i.id for i in collective] == [fact.id]
        assert collective[0].corroboration is not None and collective[0].corroboration.agents == 2
        assert not any("informes cortos" in i.text or "VPN" in i.text for i in recalled.items)

        decision = c.check_action(subject="ana", action="send a short report", fact_ids=[fact.id])
        assert isinstance(decision, models.ActionDecision)
        assert decision.decision == "escalate"  # user-asserted, not verified

        with pytest.raises(InvalidInput) as shallow:
            c.end_session(session_id="c-s1", subject="ana", done="Preparé el informe", went_wrong="todo bien",
                          improve="nada")
        assert (shallow.value.code, shallow.value.status) == ("reflection_too_shallow", 422)
        assert "went_wrong" in shallow.value.extra["fields"]
        closed = c.end_session(session_id="c-s1", subject="ana", done="Prepared the Q3 report for Ana",
                               went_well="Recall gave her report preference at once",
                               went_wrong="I drafted a long version first because I recalled after writing",
                               improve="Call recall before drafting anything for a person",
                               relevant_for_others=["Ana reviews reports on Monday mornings"])
        assert isinstance(closed, models.SessionEnded) and closed.decision_id and len(closed.candidates) == 1


def test_recall_sync_and_five_concurrent_async_recalls(quorum_url, agent_key):
    with Quorum(quorum_url, agent_key) as quorum:
        written = quorum.remember(subject="ana", kind="fact", content="Prefiere informes breves",
                                  session_id="s1", asserted_by="user", key="report-length")
        memory_embed_pending()
        sync = quorum.recall(subject="ana", query="informes", purpose="essential.service", session_id="s1")
    assert written.id in [i.id for i in sync.items]

    async def five() -> list[models.Recall]:
        async with AsyncQuorum(quorum_url, agent_key) as aquorum:
            return await asyncio.gather(*(aquorum.recall(subject="ana", query=f"informes {n}",
                                                         purpose="essential.service", session_id=f"s{n}")
                                          for n in range(5)))

    answers = asyncio.run(five())
    assert len(answers) == 5
    for answer in answers:
        assert isinstance(answer, models.Recall)
        assert [i.id for i in answer.items if i.layer == "private"] == [written.id]


def test_errors_carry_the_apis_stable_codes(quorum_url, agent_key, other_key):
    with Quorum(quorum_url, agent_key) as a, Quorum(quorum_url, other_key) as b:
        with pytest.raises(NotFound) as missing:
            a.memory(id=str(uuid.uuid4()))
        assert (missing.value.code, missing.value.status) == ("not_found", 404)

        theirs = b.remember(subject="ana", kind="event", content="Llamó por la mañana", session_id="b1")
        with pytest.raises(NotFound):  # another agent's memory looks exactly like a missing one
            a.memory(id=theirs.id)

        with pytest.raises(InvalidInput) as unknown:
            a.request("POST", "memories", json={"subject": "ana", "kind": "event", "content": "Llamó",
                                                "session_id": "s1", "origin": "utt-1"})
        assert (unknown.value.code, unknown.value.status) == ("unknown_field", 400)
        assert unknown.value.extra["fields"] == ["origin"]
        with pytest.raises(TypeError):  # a misspelt keyword never leaves the process
            a.remember(subject="ana", kind="event", content="Llamó", session_id="s1", origin="utt-1")  # type: ignore[call-arg]

        # A naive datetime: refused before sending, with the API's own code and class …
        with pytest.raises(InvalidInput) as naive:
            a.remember(subject="ana", kind="event", content="Llamó", session_id="s1",
                       observed_at=datetime(2026, 1, 31, 9, 0))
        assert (naive.value.code, naive.value.status) == ("naive_datetime", None)
        # … exactly as the API answers a naive string the client passes through.
        with pytest.raises(InvalidInput) as naive_string:
            a.briefing(subject="ana", since="2026-01-31T09:00:00")
        assert (naive_string.value.code, naive_string.value.status) == ("naive_datetime", 400)

        with pytest.raises(InvalidInput) as too_long:
            a.remember(subject="ana", kind="event", content="x" * 4001, session_id="s1")
        assert too_long.value.code == "content_too_long" and "xxxx" not in str(too_long.value)

        with pytest.raises(PermissionDenied) as purpose:
            a.recall(subject="ana", query="informes", purpose="marketing.advertising")
        assert (purpose.value.code, purpose.value.status) == ("purpose_not_granted", 403)

    with Quorum(quorum_url, "qk_nosuchprefix_wrongsecret") as bad, pytest.raises(AuthenticationError) as denied:
        bad.me()
    assert (denied.value.code, denied.value.status) == ("invalid_credentials", 401)


def test_repeated_bad_keys_lock_out_with_retry_after_and_are_not_waited_for(quorum_url, agent_key):
    with Quorum(quorum_url, "qk_nosuchprefix_wrongsecret") as bad:
        for _ in range(10):
            with pytest.raises(AuthenticationError):
                bad.predicates()
        started = time.monotonic()
        with pytest.raises(LockedOut) as locked:
            bad.predicates()  # idempotent, but a 60 s lockout is over the 30 s retry cap: raised at once
    assert time.monotonic() - started < 5
    assert (locked.value.code, locked.value.status) == ("locked_out", 429)
    assert locked.value.retry_after is not None and locked.value.retry_after > 30
    with Quorum(quorum_url, agent_key) as good, pytest.raises(LockedOut):
        good.me()  # the whole address is locked, even with a correct key


def test_memories_iterates_every_page_lazily(quorum_url, agent_key):
    transport = Counting()
    with Quorum(quorum_url, agent_key, transport=transport) as quorum:
        written = [quorum.remember(subject="ana", kind="event", content=f"Llamada número {n}", session_id="s1").id
                   for n in range(7)]
        transport.paths.clear()
        pages = quorum.memories(subject="ana", page_size=3)
        assert transport.paths == []  # nothing is fetched before iterating
        first = next(pages)
        assert len(transport.paths) == 1
        rest = list(pages)
    assert sorted([first.id, *(m.id for m in rest)]) == sorted(written)
    assert [p.split("?")[1] for p in transport.paths] == [
        "subject=ana&limit=3", "subject=ana&limit=3&offset=3", "subject=ana&limit=3&offset=6"]

    async def collect() -> list[str]:
        async with AsyncQuorum(quorum_url, agent_key) as aquorum:
            return [m.id async for m in aquorum.memories(subject="ana", page_size=2)]

    assert sorted(asyncio.run(collect())) == sorted(written)


def test_the_async_client_covers_every_operation(quorum_url, agent_key):
    async def run() -> dict[str, Any]:
        async with AsyncQuorum(quorum_url, agent_key) as quorum:
            written = await quorum.remember(subject="@workspace", kind="event", session_id="w1",
                                            asserted_by="system", content="El workflow nocturno falló")
            return {
                "me": await quorum.me(),
                "written": written,
                "memory": await quorum.memory(id=written.id),
                "search": await quorum.search(subject="@workspace", query="workflow"),
                "briefing": await quorum.briefing(subject="@workspace"),
                "facts": await quorum.facts(subject="@workspace"),
                "predicates": await quorum.predicates(),
                "stats": await quorum.stats(subject="@workspace"),
                "check": await quorum.check_action(subject="@workspace", action="rerun it", fact_ids=[]),
                "raw": await quorum.request("GET", "me"),
                "closed": await quorum.end_session(
                    session_id="w1", subject="@workspace", done="Investigated the nightly workflow failure",
                    went_wrong="The retry policy hid the first error message for an hour",
                    improve="Log the first failure before any retry happens"),
            }

    got = asyncio.run(run())
    assert got["me"].agent.slug == "client-a" and got["raw"] == {"agent": got["me"].agent.model_dump()}
    assert got["memory"].id == got["written"].id
    assert got["search"].results[0].id == got["written"].id
    assert got["briefing"].items == []  # never the caller's own entries
    assert got["facts"].facts == [] and got["predicates"].predicates
    assert got["stats"].memories["event"]["active"] == 1
    assert (got["check"].decision, got["check"].reason) == ("escalate", "no_supporting_fact")
    assert isinstance(got["closed"], models.SessionEnded)


def test_a_client_shares_its_pool_with_per_key_copies(quorum_url, agent_key, other_key):
    with Quorum(quorum_url, agent_key) as a:
        b = a.with_options(api_key=other_key, timeout=5)
        assert (a.me().agent.slug, b.me().agent.slug) == ("client-a", "client-b")
        assert b._http is a._http and b.timeout == 5
        b.close()  # leaves the shared pool open
        assert a.me().agent.slug == "client-a"
    with pytest.raises(RuntimeError, match="closed"):
        a.me()  # the pool closed with its owner (a programming error, not a QuorumError)
