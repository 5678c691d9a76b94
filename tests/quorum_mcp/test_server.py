"""The MCP server end to end (issue 9 must-shows).

A live Quorum (pytest-django's threaded ``live_server`` on the test database) and real
``manage.py mcp`` subprocesses, driven by the ``mcp`` SDK's own client over stdio and over
streamable HTTP. The MCP process is a pure REST client: everything below reaches the database
only through the HTTP API, with the agent's own key.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx2
import pytest
from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

from config.actors import Actor
from config.embedded import free_port, wait_listening
from memory.models import CollectiveFact, Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.services.embedding_backfill import memory_embed_pending
from tests.conftest import stop_process

ROOT = Path(__file__).resolve().parent.parent.parent
# The in-tree client (``make install`` installs it editable; the subprocesses must not depend on that).
CLIENT_PATH = {"PYTHONPATH": str(ROOT / "clients" / "python")}
TOOLS = {"remember", "recall", "briefing", "end_session", "list_predicates", "check_action"}
AWS_KEY = "AKIAQ3EGRVX7YZ4LMN2P"
PASSWORD = "Girasol#2024"

pytestmark = pytest.mark.django_db(transaction=True)


class SyncMcp:
    """A connected MCP client session, called from synchronous test code through a portal."""

    def __init__(self, portal: BlockingPortal, session: ClientSession) -> None:
        self.portal = portal
        self.session = session

    def tools(self) -> dict[str, Any]:
        return {tool.name: tool for tool in self.portal.call(self.session.list_tools).tools}

    def call(self, name: str, **arguments: Any) -> CallToolResult:
        return self.portal.call(self.session.call_tool, name, arguments)

    def ok(self, name: str, **arguments: Any) -> dict[str, Any]:
        result = self.call(name, **arguments)
        assert not result.is_error, result.content[0].text
        return result.structured_content


@asynccontextmanager
async def _stdio_session(params: StdioServerParameters, errlog: Any) -> AsyncIterator[ClientSession]:
    async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


@contextmanager
def mcp_stdio(url: str, key: str, log_path: Path) -> Iterator[SyncMcp]:
    """``manage.py mcp`` as a subprocess with ``QUORUM_URL``/``QUORUM_API_KEY``, its stderr in ``log_path``."""
    params = StdioServerParameters(command=sys.executable, args=[str(ROOT / "manage.py"), "mcp"], cwd=str(ROOT),
                                   env={"QUORUM_URL": url, "QUORUM_API_KEY": key, **CLIENT_PATH})
    with open(log_path, "a") as errlog, start_blocking_portal() as portal, \
            portal.wrap_async_context_manager(_stdio_session(params, errlog)) as session:
        yield SyncMcp(portal, session)


@pytest.fixture
def quorum(live_server, settings) -> str:  # noqa: ANN001 - pytest fixtures
    # Recall's collective budget is for production latency, not for a loaded 2-core test machine.
    settings.QUORUM_RECALL_COLLECTIVE_BUDGET_MS = 10_000
    return live_server.url


@pytest.fixture
def agents(make_agent) -> dict[str, tuple[Any, str]]:  # noqa: ANN001
    return {slug: make_agent(slug, domain="work", purposes=["essential.service"]) for slug in ("ana-a", "ana-b",
                                                                                               "ana-c")}


def consolidate(subject: str) -> None:
    """What the worker does after writes: embed, then one incremental pass (retried if a worker holds the lock)."""
    subject_id = Subject.objects.get(external_ref=subject).pk
    for _ in range(20):
        memory_embed_pending()
        if consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject_id).status == "succeeded":
            return
        time.sleep(0.5)
    raise AssertionError("consolidation never got the subject lock")


def test_tools_round_trip_through_a_live_quorum(quorum, agents, tmp_path):
    (_, key_a), (_, key_b), (_, key_c) = agents["ana-a"], agents["ana-b"], agents["ana-c"]
    log = tmp_path / "mcp-stderr.log"

    with mcp_stdio(quorum, key_a, log) as a:
        tools = a.tools()
        assert set(tools) == TOOLS  # and nothing that deletes
        remember_schema = tools["remember"].input_schema
        assert set(remember_schema["required"]) == {"subject", "kind", "content", "session_id"}
        assert remember_schema["properties"]["kind"]["enum"] == ["event", "fact", "status", "decision"]
        assert remember_schema["properties"]["content"]["maxLength"] == 4000
        assert "derived_from" in remember_schema["properties"] and "origin_ref" in remember_schema["properties"]
        assert "subject" in tools["recall"].input_schema["required"]
        assert "subject" in tools["check_action"].input_schema["required"]

        predicates = a.ok("list_predicates")["predicates"]
        assert "preference.report_length" in {p["key"] for p in predicates}

        first = a.ok("remember", subject="ana", kind="fact", content="Prefiere informes breves y claros",
                      predicate="preference.report_length", value="short", asserted_by="user",
                      session_id="a-s1", origin_ref="utt-a1")
        assert first["trust"] == "user_asserted" and first["deduplicated"] is False
        again = a.ok("remember", subject="ana", kind="fact", content="Prefiere informes breves y claros",
                     predicate="preference.report_length", value="short", asserted_by="user",
                     session_id="a-s1", origin_ref="utt-a1")
        assert again["deduplicated"] is True and again["id"] == first["id"]

        secret = a.ok("remember", subject="ana", kind="event", session_id="a-s1", asserted_by="user",
                      content=f"Para el VPN mi contraseña es {PASSWORD} y la clave {AWS_KEY}")
        assert secret["redactions"] >= 2
        assert PASSWORD not in secret["content"] and AWS_KEY not in secret["content"]
        assert "[REDACTED:aws_access_key]" in secret["content"]
        assert "[REDACTED:password]" in secret["content"]

        # Workspace news for everyone else, with a credential in it.
        a.ok("remember", subject="@workspace", kind="event", session_id="a-s1", asserted_by="system",
             content=f"El workflow nocturno falló a las 3 h; la clave {AWS_KEY} fue rotada", importance=0.9)
        an_hour_ago = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
        assert a.ok("briefing", subject="@workspace", since=an_hour_ago)["items"] == []  # never your own entries

        recalled = a.ok("recall", subject="ana", query="contraseña del VPN", session_id="a-s1")
        texts = [item["text"] for item in recalled["items"]]
        assert any("[REDACTED:password]" in t for t in texts)
        assert not any(PASSWORD in t or AWS_KEY in t for t in texts)

    with mcp_stdio(quorum, key_b, log) as b:
        b.ok("remember", subject="ana", kind="fact", content="Le gustan los informes cortos y directos",
             predicate="preference.report_length", value="short", asserted_by="user",
             session_id="b-s7", origin_ref="utt-b1")

    consolidate("ana")
    (fact,) = CollectiveFact.objects.filter(subject__external_ref="ana", status="current")

    with mcp_stdio(quorum, key_c, log) as c:
        news = c.ok("briefing", subject="ana", session_id="c-s1")
        promoted = [i for i in news["items"] if i["change"] == "promoted"]
        assert [i["id"] for i in promoted] == [str(fact.pk)]

        workspace = c.ok("briefing", subject="@workspace")["items"]
        assert [i["layer"] for i in workspace] == ["workspace"]
        assert "[REDACTED:aws_access_key]" in workspace[0]["text"] and AWS_KEY not in workspace[0]["text"]

        recalled = c.ok("recall", subject="ana", query="¿cómo quiere los informes?", session_id="c-s1")
        assert recalled["degraded"] is False
        collective = [i for i in recalled["items"] if i["layer"] == "collective"]
        assert [i["id"] for i in collective] == [str(fact.pk)]
        assert collective[0]["corroboration"]["agents"] == 2
        # Never another agent's private wording, never A's secret.
        assert not any("informes cortos" in i["text"] or "VPN" in i["text"] for i in recalled["items"])

        decision = c.ok("check_action", subject="ana", action="send a short report", fact_ids=[str(fact.pk)])
        assert decision["decision"] == "escalate"  # user-asserted, not verified

        shallow = c.call("end_session", subject="ana", session_id="c-s1", done="Preparé el informe",
                         went_wrong="todo bien", improve="nada")
        assert shallow.is_error is True
        assert shallow.structured_content["code"] == "reflection_too_shallow"
        assert shallow.content[0].text.startswith("reflection_too_shallow: A reflection needs substance")
        assert "went_wrong" in shallow.structured_content["extra"]["fields"]

        closed = c.ok("end_session", subject="ana", session_id="c-s1", done="Prepared the Q3 report for Ana",
                      went_well="Recall gave her report preference at once",
                      went_wrong="I drafted a long version first because I recalled after writing, not before",
                      improve="Call recall before drafting anything for a person",
                      relevant_for_others=["Ana reviews reports on Monday mornings"])
        assert closed["decision_id"] and len(closed["candidates"]) == 1

    log_text = log.read_text()
    # The log is captured (so the check below can fail): codes and tool names reach it, nothing else.
    assert "tool end_session: Quorum answered reflection_too_shallow" in log_text
    assert "/api/v1/" not in log_text  # no request lines: URLs carry subject references
    for secret_text in (key_a, key_b, key_c, PASSWORD, AWS_KEY, "informes breves"):
        assert secret_text not in log_text


def test_an_agent_cannot_delete_through_mcp(quorum, agents, tmp_path):
    with mcp_stdio(quorum, agents["ana-a"][1], tmp_path / "log") as a:
        assert not [name for name in a.tools() if "delete" in name or "forget" in name]
        result = a.call("delete_memory", id="anything")
        assert result.is_error is True
        assert result.structured_content["code"] == "unknown_tool"


def test_a_revoked_key_makes_every_tool_fail_with_invalid_credentials_without_crashing(quorum, agents, tmp_path):
    from agents_registry.services.credentials import credential_revoke_all

    agent, key = agents["ana-a"]
    calls = {
        "remember": {"subject": "ana", "kind": "event", "content": "Llamó por la mañana", "session_id": "s1"},
        "recall": {"subject": "ana", "query": "informes", "session_id": "s1"},
        "briefing": {"subject": "ana"},
        "end_session": {"subject": "ana", "session_id": "s1", "done": "x", "went_wrong": "y", "improve": "z"},
        "list_predicates": {},
        "check_action": {"subject": "ana", "action": "reply", "fact_ids": []},
    }
    with mcp_stdio(quorum, key, tmp_path / "log") as a:
        a.ok("list_predicates")  # the key works …
        credential_revoke_all(actor=Actor.system("tests"), agent=agent)  # … until it is revoked mid-session
        for name, arguments in calls.items():
            result = a.call(name, **arguments)
            assert result.is_error is True, name
            assert result.structured_content["code"] == "invalid_credentials", name
            assert result.content[0].text.startswith("invalid_credentials: "), name
        # Still alive and answering.
        assert set(a.tools()) == TOOLS
        assert a.call("list_predicates").structured_content["code"] == "invalid_credentials"


def test_lockout_comes_back_as_a_tool_error_with_retry_after(quorum, tmp_path):
    with mcp_stdio(quorum, "qk_nosuchprefix_wrongsecret", tmp_path / "log") as a:
        codes = [a.call("list_predicates").structured_content for _ in range(11)]
    assert codes[0]["code"] == "invalid_credentials"
    assert codes[-1]["code"] == "locked_out" and codes[-1]["status"] == 429
    assert int(codes[-1]["extra"]["retry_after"]) > 0


def test_bad_arguments_and_an_unreachable_quorum_are_tool_errors_with_stable_codes(tmp_path):
    port = free_port()  # closed again before use: nothing listens there
    with mcp_stdio(f"http://127.0.0.1:{port}", "qk_abc_def", tmp_path / "log") as a:
        result = a.call("briefing", subject="ana")
        assert result.is_error is True
        assert result.structured_content["code"] == "quorum_unreachable"

        base = {"subject": "ana", "kind": "event", "session_id": "s1"}
        too_long = a.call("remember", **base, content="x" * 4001)
        assert too_long.structured_content["code"] == "content_too_long"
        assert "xxxx" not in too_long.content[0].text  # the input is not echoed back
        typo = a.call("remember", **base, content="Llamó", origin="utt-1")
        assert typo.structured_content["code"] == "unknown_field"
        assert typo.structured_content["extra"]["fields"] == ["origin"]
        assert typo.structured_content["extra"]["allowed"] == sorted(a.tools()["remember"].input_schema["properties"])
        bad_kind = a.call("remember", **{**base, "kind": "rumour"}, content="Llamó")
        assert bad_kind.structured_content["code"] == "invalid_input"
        assert list(bad_kind.structured_content["extra"]["fields"]) == ["kind"]
        assert a.tools()["remember"].input_schema["additionalProperties"] is False
        assert set(a.tools()) == TOOLS


def test_mcp_command_needs_a_key_and_starts_no_embedded_services(tmp_path):
    var = tmp_path / "var"
    env = {k: v for k, v in os.environ.items() if k not in {"QUORUM_API_KEY", "DJANGO_SETTINGS_MODULE"}}
    env.update({"QUORUM_VAR_DIR": str(var), "DATABASE_URL": "", "REDIS_URL": "", **CLIENT_PATH})
    done = subprocess.run([sys.executable, "manage.py", "mcp"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode != 0
    assert "QUORUM_API_KEY is not set" in done.stderr
    assert done.stdout == ""
    assert not var.exists()  # no embedded PostgreSQL or Valkey was started for it


def test_mcp_command_refuses_credentials_in_quorum_url():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update({"QUORUM_URL": "https://proxy:hunter2@quorum.example", "QUORUM_API_KEY": "qk_abc_def", **CLIENT_PATH})
    done = subprocess.run([sys.executable, "manage.py", "mcp"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode != 0
    assert "QUORUM_URL must not contain credentials" in done.stderr
    assert "hunter2" not in done.stderr and done.stdout == ""


@asynccontextmanager
async def _http_session(url: str, key: str | None) -> AsyncIterator[ClientSession]:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    async with httpx2.AsyncClient(headers=headers, timeout=30) as http, \
            streamable_http_client(url, http_client=http) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


def test_streamable_http_transport_serves_each_caller_with_its_own_key(quorum, agents, tmp_path):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"QUORUM_API_KEY", "DJANGO_SETTINGS_MODULE"}}
    env.update({"QUORUM_URL": quorum, **CLIENT_PATH})
    with open(tmp_path / "http.log", "w") as log:
        proc = subprocess.Popen([sys.executable, "manage.py", "mcp", "--transport", "http", "--port", str(port)],
                                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        assert wait_listening(port, proc=proc, timeout=30), \
            f"the MCP HTTP server did not start:\n{(tmp_path / 'http.log').read_text()}"
        url = f"http://127.0.0.1:{port}/mcp"
        with start_blocking_portal() as portal:
            with portal.wrap_async_context_manager(_http_session(url, agents["ana-b"][1])) as session:
                mcp = SyncMcp(portal, session)
                assert set(mcp.tools()) == TOOLS
                written = mcp.ok("remember", subject="ana", kind="event", content="Pidió el informe en PDF",
                                 session_id="b-http", asserted_by="user")
                assert written["subject"] == "ana"
            with portal.wrap_async_context_manager(_http_session(url, None)) as session:
                anonymous = SyncMcp(portal, session).call("list_predicates")
                assert anonymous.is_error is True
                assert anonymous.structured_content["code"] == "not_authenticated"
        from memory.models import Memory

        assert Memory.objects.get(pk=written["id"]).agent == agents["ana-b"][0]
    finally:
        stop_process(proc, timeout=10)
    http_log = (tmp_path / "http.log").read_text()
    assert "Quorum MCP server on http://127.0.0.1:" in http_log  # the log is captured …
    assert agents["ana-b"][1] not in http_log  # … and the forwarded caller key is never in it
