"""quorum_client.langchain through langchain-core's own tool interface, against a live Quorum.

No LLM: the tools are called the way an agent executor calls them (``invoke`` with arguments or
with a model's tool call, ``ainvoke``), and their schemas are read the way a chat model's
``bind_tools`` reads them (``tool_call_schema``).
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from langchain_core.messages import ToolMessage
from langchain_core.utils.function_calling import convert_to_openai_tool
from quorum_client import AsyncQuorum, Quorum
from quorum_client.langchain import QuorumToolException, quorum_tools

from memory.models import Memory

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parent.parent.parent
NAMES = ["remember", "recall", "briefing", "end_session"]


def by_name(tools):  # noqa: ANN001, ANN201
    return {tool.name: tool for tool in tools}


def test_schemas_are_what_a_model_sees_and_bound_arguments_are_not_in_them(live_server):
    free = by_name(quorum_tools(Quorum(live_server.url, "qk_unused_key")))
    assert list(free) == NAMES
    remember = free["remember"].tool_call_schema.model_json_schema()
    assert set(remember["required"]) == {"subject", "kind", "content", "session_id"}
    assert remember["properties"]["kind"]["enum"] == ["event", "fact", "status", "decision"]
    assert remember["properties"]["content"]["maxLength"] == 4000
    assert all(prop.get("description") for prop in remember["properties"].values())
    assert "purpose" not in free["recall"].tool_call_schema.model_json_schema()["properties"]

    bound = by_name(quorum_tools(Quorum(live_server.url, "qk_unused_key"), subject="ana", session_id="run-1"))
    for name, tool in bound.items():
        properties = tool.tool_call_schema.model_json_schema()["properties"]
        assert "subject" not in properties and "session_id" not in properties, name
    openai = convert_to_openai_tool(bound["end_session"])["function"]
    assert openai["name"] == "end_session" and "reflection_too_shallow" in openai["description"]
    assert set(openai["parameters"]["required"]) == {"done", "went_wrong", "improve"}


def test_the_tools_round_trip_through_a_live_quorum(live_server, settings, agent_key):
    settings.QUORUM_RECALL_COLLECTIVE_BUDGET_MS = 10_000
    tools = by_name(quorum_tools(Quorum(live_server.url, agent_key), subject="ana", session_id="lc-1"))

    written = json.loads(tools["remember"].invoke({"kind": "fact", "content": "Prefiere informes breves",
                                                   "asserted_by": "user", "key": "report-length"}))
    memory = Memory.objects.get(pk=written["id"])
    assert (memory.subject.external_ref, memory.session_id, memory.content) == ("ana", "lc-1",
                                                                                "Prefiere informes breves")
    assert written["deduplicated"] is False

    recalled = json.loads(tools["recall"].invoke({"query": "¿cómo quiere los informes?"}))
    assert written["id"] in [item["id"] for item in recalled["items"]]
    assert json.loads(tools["briefing"].invoke({}))["items"] == []  # never your own entries

    # A Quorum error is the tool's output, starting with the stable code; with a model's tool call
    # it is a ToolMessage with status "error" an agent loop hands back to the model.
    call = {"name": "end_session", "args": {"done": "Preparé el informe", "went_wrong": "todo bien",
                                            "improve": "nada"}, "id": "call-1", "type": "tool_call"}
    message = tools["end_session"].invoke(call)
    assert isinstance(message, ToolMessage) and message.status == "error"
    assert message.content.startswith("reflection_too_shallow: ")
    assert json.loads(message.content.split("\n", 1)[1])["fields"]

    # An argument the schema refuses is an error with a code too, without the input echoed back.
    too_long = tools["remember"].invoke({**call, "name": "remember",
                                         "args": {"kind": "event", "content": "x" * 4001}})
    assert too_long.status == "error" and too_long.content.startswith("content_too_long: ")
    assert "xxxx" not in too_long.content

    closed = json.loads(tools["end_session"].invoke({
        "done": "Prepared the Q3 report for Ana", "went_wrong": "I drafted a long version before recalling",
        "improve": "Call recall before drafting anything", "relevant_for_others": ["Ana reads on Mondays"]}))
    assert closed["decision_id"] and len(closed["candidates"]) == 1

    # The exception keeps the code for code that calls the tool's function directly.
    raw = by_name(quorum_tools(Quorum(live_server.url, "qk_nosuchprefix_wrongsecret"), subject="ana"))
    raw["recall"].handle_tool_error = False
    with pytest.raises(QuorumToolException) as caught:
        raw["recall"].invoke({"query": "informes"})
    assert caught.value.code == "invalid_credentials"


def test_async_tools_use_the_async_client(live_server, settings, agent_key):
    settings.QUORUM_RECALL_COLLECTIVE_BUDGET_MS = 10_000

    async def run() -> tuple[dict, list[dict]]:
        async with AsyncQuorum(live_server.url, agent_key) as aquorum:
            tools = by_name(quorum_tools(aquorum, subject="@workspace", session_id="lc-async"))
            written = json.loads(await tools["remember"].ainvoke({
                "kind": "event", "content": "El workflow nocturno falló", "asserted_by": "system"}))
            recalls = await asyncio.gather(*(tools["recall"].ainvoke({"query": f"workflow {n}"}) for n in range(3)))
            return written, [json.loads(r) for r in recalls]

    written, recalls = asyncio.run(run())
    for recalled in recalls:
        assert [item["id"] for item in recalled["items"]] == [written["id"]]
    with pytest.raises(NotImplementedError):  # async-only tools have no sync path
        by_name(quorum_tools(AsyncQuorum(live_server.url, agent_key)))["briefing"].invoke({"subject": "ana"})


def test_quorum_client_imports_without_langchain():
    """Only quorum_client.langchain needs langchain-core: hide it, and the rest still imports."""
    code = (f"import sys; sys.path.insert(0, {str(ROOT / 'clients' / 'python')!r}); "
            "sys.modules['langchain_core'] = None; import quorum_client; print(quorum_client.Quorum.__name__); "
            "import quorum_client.langchain")
    done = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "Quorum"
    assert "ModuleNotFoundError" in done.stderr or "ImportError" in done.stderr
